import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // Vitest's default (one fewer than the cores) runs one file at a time on a 2-core machine, where most files wait
    // on child processes and the next file's import: two at a time take about half as long.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-dom.ts'],
    // GitHub's workflow parser imports its schema JSON without an import attribute, which Node refuses: let Vite
    // load it (test/integration/workflows.test.ts).
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    // Runs recorded by tests never land in the developer's own history.
    env: { SKILLBENCH_DATA_DIR: join(tmpdir(), 'skillbench-test-data') },
  },
});
