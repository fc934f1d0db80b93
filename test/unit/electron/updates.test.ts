// Updates as the app wires them, on the fake electron and the fake updater: Help → Check for Updates…, the automatic
// checks and the setting that turns them off, and which builds install an update versus only tell about it. The same
// manager against electron-updater and a real update server is test/integration/updates.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS, FIRST_CHECK_MS, RELEASES_URL, updateMode } from '../../../electron/main/updates.js';
import { launch, type Launched } from './launch.js';

afterEach(() => vi.useRealTimers());

const messages = (l: Launched) =>
  (l.fake.electron.dialog.messageBoxes as Array<{ message?: string }>).map((b) => b.message);

describe('which builds install updates', () => {
  it.each([
    [{ isPackaged: false, platform: 'darwin', env: {}, signedBuild: true }, 'off'],
    [{ isPackaged: true, platform: 'darwin', env: {}, signedBuild: true }, 'install'],
    [{ isPackaged: true, platform: 'darwin', env: {}, signedBuild: false }, 'notify'],
    [{ isPackaged: true, platform: 'win32', env: {}, signedBuild: false }, 'notify'],
    [{ isPackaged: true, platform: 'win32', env: {}, signedBuild: true }, 'install'],
    [
      { isPackaged: true, platform: 'linux', env: { APPIMAGE: '/a/S.AppImage' }, signedBuild: false },
      'install',
    ],
    [{ isPackaged: true, platform: 'linux', env: {}, signedBuild: true }, 'notify'], // a .deb or .rpm: apt/dnf update it
  ] as const)('%j → %s', (options, mode) => {
    expect(updateMode(options)).toBe(mode);
  });
});

describe('Help → Check for Updates…', () => {
  it('in a build run from a checkout, says updates come with installed builds and asks no server', async () => {
    const l = await launch();
    expect(l.fake.menuItems().map((i) => i.label)).toContain('Check for Updates…');
    l.fake.clickMenu('Check for Updates…');
    await vi.waitFor(() => expect(messages(l)).toContain('Updates come with installed builds.'));
    expect(l.updater.checks).toBe(0);
    await l.handle.quit();
  });

  it('in an unsigned build, tells about the new version and opens the release page, downloading nothing', async () => {
    const l = await launch({ platform: 'win32', isPackaged: true, main: { signedBuild: false } });
    l.updater.available = { version: '0.2.0' };
    l.fake.electron.dialog.nextMessageBoxChoice = 0;
    l.fake.clickMenu('Check for Updates…');
    await vi.waitFor(() => expect(l.fake.opened).toContain(RELEASES_URL));
    expect(messages(l)).toContain('Skillbench 0.2.0 is available.');
    expect(l.updater.autoDownload).toBe(false);
    expect(l.updater.autoInstallOnAppQuit).toBe(false);
    expect(l.updater.downloads).toBe(0);
    await l.handle.quit();
  });

  it('in a signed build, downloads the update and installs it when the user restarts', async () => {
    const l = await launch({ platform: 'win32', isPackaged: true, main: { signedBuild: true } });
    l.updater.available = { version: '0.2.0' };
    l.fake.electron.dialog.nextMessageBoxChoice = 0;
    l.fake.clickMenu('Check for Updates…');
    await vi.waitFor(() => expect(l.updater.installs).toBe(1));
    expect(messages(l)).toContain('Skillbench 0.2.0 is ready to install.');
    expect(l.updater.downloads).toBe(1);
    await l.handle.quit();
  });

  it('says so when the app is up to date, and when the check failed', async () => {
    const l = await launch({ platform: 'win32', isPackaged: true });
    l.fake.clickMenu('Check for Updates…');
    await vi.waitFor(() => expect(messages(l)).toContain('Skillbench is up to date.'));
    l.updater.fail = new Error('getaddrinfo ENOTFOUND github.com');
    l.fake.clickMenu('Check for Updates…');
    await vi.waitFor(() => expect(messages(l)).toContain('Skillbench could not check for updates.'));
    await l.handle.quit();
  });
});

describe('automatic checks', () => {
  it('check soon after start and then every few hours, telling about one version once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const l = await launch({ platform: 'win32', isPackaged: true });
    l.updater.available = { version: '0.2.0' };
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS - 1);
    expect(l.updater.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(l.updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS);
    expect(l.updater.checks).toBe(2);
    expect(messages(l).filter((m) => m === 'Skillbench 0.2.0 is available.')).toHaveLength(1);
    vi.useRealTimers();
    await l.handle.quit();
  });

  it('stop when Settings turn them off, while Help → Check for Updates… still works', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const l = await launch({ platform: 'win32', isPackaged: true });
    const set = (await l.call('settings:set', { settings: { checkForUpdates: false } })) as {
      ok: boolean;
      value: { checkForUpdates: boolean };
    };
    expect(set.value.checkForUpdates).toBe(false);
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS + CHECK_EVERY_MS);
    expect(l.updater.checks).toBe(0);
    l.fake.clickMenu('Check for Updates…');
    await vi.waitFor(() => expect(l.updater.checks).toBe(1));
    vi.useRealTimers();
    await l.handle.quit();
  });

  it('are off when the setting was saved off before the app started', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const first = await launch({ platform: 'win32', isPackaged: true });
    await first.call('settings:set', { settings: { checkForUpdates: false } });
    vi.useRealTimers();
    await first.handle.quit();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const l = await launch({
      platform: 'win32',
      isPackaged: true,
      env: { APPDATA: first.env.APPDATA },
    });
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_MS + CHECK_EVERY_MS);
    expect(l.updater.checks).toBe(0);
    vi.useRealTimers();
    await l.handle.quit();
  });
});
