// PATH for desktop launches (issue 19): an app started from Finder, the Dock or a .desktop file gets a minimal PATH,
// so tools running `node`, `python3` or `uv` from Homebrew or nvm would not be found. The packaged app asks the
// user's login shell once and puts its PATH first.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loginShellPath, mergePaths } from '../../../electron/main/shell-path.js';
import { launch } from './launch.js';

/** A stand-in login shell: prints a banner (as rc files do), counts its runs, then runs the command with `path`. */
function fakeShell(path: string, extra = ''): { shell: string; runs: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-shell-'));
  const shell = join(dir, 'shell');
  const count = join(dir, 'runs');
  writeFileSync(count, '');
  writeFileSync(
    shell,
    `#!/bin/sh\necho run >> '${count}'\necho 'Welcome back!'\n${extra}\nPATH='${path}' exec /bin/sh -c "$2"\n`,
  );
  chmodSync(shell, 0o755);
  return { shell, runs: () => readFileSync(count, 'utf8').split('\n').filter(Boolean).length };
}

describe('PATH from the login shell', () => {
  it('gives a packaged macOS app launched from Finder the PATH of the login shell, first', async () => {
    const { shell } = fakeShell('/opt/homebrew/bin:/Users/me/.nvm/versions/node/v22/bin:/usr/bin:/bin');
    const l = await launch({
      platform: 'darwin',
      isPackaged: true,
      env: { SHELL: shell, PATH: '/usr/bin:/bin:/usr/sbin:/sbin' },
    });
    await vi.waitFor(() =>
      expect(l.env.PATH).toBe(
        '/opt/homebrew/bin:/Users/me/.nvm/versions/node/v22/bin:/usr/bin:/bin:/usr/sbin:/sbin',
      ),
    );
    await l.handle.quit();
  });

  it('does not hold the first window back while the login shell answers', { timeout: 20_000 }, async () => {
    const { shell } = fakeShell('/opt/homebrew/bin:/usr/bin', 'sleep 3');
    const l = await launch({ platform: 'darwin', isPackaged: true, env: { SHELL: shell, PATH: '/usr/bin' } });
    expect(l.fake.windows).toHaveLength(1);
    expect(l.env.PATH).toBe('/usr/bin'); // the shell is still answering
    await vi.waitFor(() => expect(l.env.PATH).toBe('/opt/homebrew/bin:/usr/bin'), { timeout: 8000 });
    await l.handle.quit();
  });

  it('does the same for a Linux desktop launch', async () => {
    const { shell } = fakeShell('/home/me/.local/bin:/usr/bin');
    const l = await launch({ platform: 'linux', isPackaged: true, env: { SHELL: shell, PATH: '/usr/bin' } });
    await vi.waitFor(() => expect(l.env.PATH).toBe('/home/me/.local/bin:/usr/bin'));
    await l.handle.quit();
  });

  it('leaves `npm start` (started from a terminal, PATH already right) and Windows alone', async () => {
    const { shell, runs } = fakeShell('/elsewhere');
    for (const options of [
      { platform: 'darwin' as const, isPackaged: false },
      { platform: 'win32' as const, isPackaged: true },
    ]) {
      const l = await launch({ ...options, env: { SHELL: shell, PATH: '/usr/bin' } });
      expect(l.env.PATH).toBe('/usr/bin');
      await l.handle.quit();
    }
    expect(runs()).toBe(0);
  });

  it('asks the shell once and keeps the answer', async () => {
    const { shell, runs } = fakeShell('/opt/bin');
    expect(await loginShellPath(shell)).toBe('/opt/bin');
    expect(await loginShellPath(shell)).toBe('/opt/bin');
    expect(runs()).toBe(1);
  });

  it('keeps PATH as it was when the shell fails or hangs', async () => {
    expect(await loginShellPath('/nonexistent/shell')).toBeUndefined();
    const { shell } = fakeShell('/never', 'sleep 5');
    expect(await loginShellPath(shell, 100)).toBeUndefined();
    const l = await launch({
      platform: 'darwin',
      isPackaged: true,
      env: { SHELL: '/nonexistent/shell', PATH: '/usr/bin:/bin' },
    });
    expect(l.env.PATH).toBe('/usr/bin:/bin');
    await l.handle.quit();
  });

  it('merges without duplicates, the login shell first', () => {
    expect(mergePaths('/a:/b', '/b:/c:/a:/d')).toBe('/a:/b:/c:/d');
    expect(mergePaths('/a', undefined)).toBe('/a');
    expect(mergePaths('/a::/b', '')).toBe('/a:/b');
  });
});
