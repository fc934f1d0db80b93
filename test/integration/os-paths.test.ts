// OS-specific code paths, each run on its own OS by the CI matrix (issue 18) and reported as skipped elsewhere
// with the reason in the test's name: tree kill, trash, drive letters and UNC paths.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moveToTrash } from '../../electron/core/fs/trash.js';
import { isWithin } from '../../electron/core/fs/confine.js';
import { loadLibrary } from '../../electron/core/skills/index.js';
import { Executor } from '../../electron/core/tools/executor.js';
import { POWERSHELL, runProcess } from '../../electron/core/tools/process-runner.js';
import { FIXTURES, failure } from '../helpers.js';

const isWindows = process.platform === 'win32';
const isMac = process.platform === 'darwin';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('tree kill', () => {
  it(`stops a child's own child on timeout (${isWindows ? 'taskkill /T' : 'process group and tree walk'}, on ${process.platform})`, async () => {
    // A Node parent that starts a Node grandchild, prints its pid and waits for ever.
    const parent = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);`;
    let grandchild = 0;
    const error = await failure(
      runProcess({
        file: process.execPath,
        args: ['-e', parent],
        cwd: tmpdir(),
        env: { ...process.env } as Record<string, string>,
        timeoutMs: 3000,
        what: 'the tree',
        onOutput: (chunk) => (grandchild ||= Number.parseInt(chunk, 10)),
      }),
    );
    expect(error.code).toBe('Timeout');
    expect(grandchild).toBeGreaterThan(0);
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(grandchild)).toBe(false);
  });
});

/** Whether a program answers on PATH. */
function onPath(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

describe('.ps1 script tools', () => {
  const executor = new Executor(
    loadLibrary([{ path: join(FIXTURES, 'skills', 'shell-powershell') }]).entries,
  );
  const hasPowerShell = onPath(POWERSHELL, ['-NoProfile', '-NonInteractive', '-Command', 'exit 0']);

  it(`start ${POWERSHELL} on ${process.platform} (Windows PowerShell on Windows, pwsh elsewhere)`, async () => {
    expect(POWERSHELL).toBe(isWindows ? 'powershell.exe' : 'pwsh');
    if (hasPowerShell) return; // the next test runs it
    const error = await failure(executor.executeTool('shell-powershell', 'list-ps', { path: '.' }));
    expect(error.message).toContain(`"${POWERSHELL}" was not found`);
  });

  it.runIf(hasPowerShell)(
    'run with each value as one argument (skipped where PowerShell is not installed; GitHub runners have it)',
    async () => {
      const result = await executor.executeTool('shell-powershell', 'list-ps', { path: 'scripts' });
      expect(result.output).toContain('list.ps1');
    },
  );
});

describe.runIf(isWindows)(
  'trash through PowerShell (Windows only; skipped elsewhere: the Recycle Bin exists only on Windows)',
  () => {
    it('moves a file and a folder to the Recycle Bin', () => {
      const dir = mkdtempSync(join(tmpdir(), 'skillbench-trash-'));
      const file = join(dir, 'a.md');
      writeFileSync(file, 'x');
      expect(moveToTrash(file)).toBeUndefined();
      expect(existsSync(file)).toBe(false);
      expect(moveToTrash(dir)).toBeUndefined();
      expect(existsSync(dir)).toBe(false);
    });
  },
);

describe.runIf(isMac)('trash on macOS (macOS only; skipped elsewhere: ~/.Trash is the macOS trash)', () => {
  it('moves a file into ~/.Trash under a name that does not clash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-trash-'));
    const file = join(dir, `skillbench-${process.pid}.md`);
    writeFileSync(file, 'x');
    const to = moveToTrash(file);
    expect(to?.startsWith(join(homedir(), '.Trash'))).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(to ?? '')).toBe(true);
  });
});

describe.runIf(isWindows)(
  'drive letters and UNC paths (Windows only; skipped elsewhere: POSIX paths have neither)',
  () => {
    it('confines paths by drive, case-insensitively, and by UNC share', () => {
      expect(isWithin('C:\\lib', 'C:\\lib\\skill\\SKILL.md')).toBe(true);
      expect(isWithin('C:\\Lib', 'c:\\lib\\skill')).toBe(true);
      expect(isWithin('C:\\lib', 'D:\\lib\\skill')).toBe(false);
      expect(isWithin('C:\\lib', 'C:\\lib2\\x')).toBe(false);
      expect(isWithin('\\\\server\\share\\lib', '\\\\server\\share\\lib\\x')).toBe(true);
      expect(isWithin('\\\\server\\share\\lib', '\\\\server\\other\\lib\\x')).toBe(false);
    });
  },
);
