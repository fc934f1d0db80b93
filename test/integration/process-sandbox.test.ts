// The tool sandbox's environment (process-runner.ts): what a process started for a tool sees.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProcess, toolEnvironment } from '../../electron/core/tools/process-runner.js';

describe.runIf(existsSync('/bin/bash'))(
  'bash started by a tool (skipped where there is no /bin/bash, i.e. Windows)',
  () => {
    it("does not source the user's ~/.bashrc although its stdin is a socket", async () => {
      const home = mkdtempSync(join(tmpdir(), 'skillbench-home-'));
      writeFileSync(join(home, '.bashrc'), 'echo bashrc-was-read\n');
      const result = await runProcess({
        file: '/bin/bash',
        args: ['-c', 'echo hi'],
        cwd: home,
        env: toolEnvironment({ HOME: home }),
        stdin: '{}',
        timeoutMs: 30_000,
        what: 'bash',
      });
      expect(result.stdout).toBe('hi\n');
    });
  },
);
