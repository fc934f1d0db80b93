// The app's name and its data folder (issue 19): Electron names the app `productName ?? name` and keeps its data in
// appData/<name>; the CLI and `serve` use core's userDataDir(). Both must be one folder on every OS.
import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userDataDir } from '../../../electron/core/app-data.js';
import { createFakeElectron } from '../../fakes/electron.js';
import { REPO } from '../../helpers.js';
import { launch } from './launch.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('names and paths', () => {
  it('is called Skillbench (package.json productName), as macOS menus show it', async () => {
    const l = await launch({ platform: 'darwin' });
    expect(l.fake.app.getName()).toBe('Skillbench');
    expect(l.fake.appMenuLabels()).toContain('Quit Skillbench');
    await l.handle.quit();
  });

  it.each(['linux', 'darwin', 'win32'] as const)(
    'the desktop app and the CLI use one user data folder on %s',
    (platform) => {
      const base = mkdtempSync(join(tmpdir(), 'skillbench-names-'));
      const env = { XDG_CONFIG_HOME: join(base, 'config'), APPDATA: join(base, 'Roaming') };
      vi.stubEnv('SKILLBENCH_DATA_DIR', undefined);
      vi.stubEnv('XDG_CONFIG_HOME', env.XDG_CONFIG_HOME);
      vi.stubEnv('APPDATA', env.APPDATA);
      vi.spyOn(process, 'platform', 'get').mockReturnValue(platform);
      const fake = createFakeElectron({ appPath: REPO, platform, env, home: homedir() });
      expect(fake.app.getPath('userData')).toBe(userDataDir());
    },
  );

  it('follows SKILLBENCH_DATA_DIR as the CLI does', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'skillbench-data-')), 'not-yet-created');
    const l = await launch({ env: { SKILLBENCH_DATA_DIR: dir } });
    expect(l.fake.app.getPath('userData')).toBe(dir);
    expect(await l.call('app:get-paths')).toMatchObject({ ok: true, value: { userData: dir } });
    await l.handle.quit();
  });

  it('keeps the default folder without SKILLBENCH_DATA_DIR', async () => {
    const l = await launch();
    expect(l.fake.app.getPath('userData')).toBe(join(l.root, 'config', 'Skillbench'));
    await l.handle.quit();
  });
});
