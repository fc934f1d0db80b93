// Builds the node side once so tests of the installed command (bin/skillbench.js -> dist/cli/) run the current code,
// and fetches the pinned real tools the ecosystem tests run (test/external-tools.ts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { CLAUDE_CODE, fetchExternalTool, NODE_22 } from './external-tools.js';
import { REPO } from './helpers.js';

export default function setup(): void {
  fetchExternalTool(CLAUDE_CODE);
  fetchExternalTool(NODE_22);
  execFileSync(
    process.execPath,
    [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.node.json'],
    { cwd: REPO, stdio: 'inherit' },
  );
  // The command runs the bundle made from that output (scripts/rolldown.cli.mjs).
  execFileSync(
    process.execPath,
    [
      join(REPO, 'node_modules', 'rolldown', 'bin', 'cli.mjs'),
      '-c',
      'scripts/rolldown.cli.mjs',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO, stdio: 'inherit' },
  );
}
