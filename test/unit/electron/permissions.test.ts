// Web permissions (issue 19): exactly what the UI uses (the clipboard: Copy output writes, Monaco's paste reads),
// for the main frame of our own window at our own origin; everything else denied. Each permission is asked the
// way Chromium asks it: a check, then a request when the check is denied (test/fakes/electron.ts usePermission).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type Launched } from './launch.js';

let l: Launched;
beforeAll(async () => {
  l = await launch();
});
afterAll(() => l.handle.quit());

const PAGE = { url: 'app://skillbench/index.html' };

describe('permissions', () => {
  it.each([
    ['clipboard-sanitized-write', 'navigator.clipboard.writeText (Copy output)'],
    ['clipboard-read', 'navigator.clipboard.readText (paste in Monaco)'],
  ])('grants %s to our page: %s', async (permission) => {
    expect(await l.fake.usePermission(l.win().webContents, permission, PAGE)).toBe(true);
  });

  it.each(['clipboard-sanitized-write', 'clipboard-read'])(
    'denies %s to another origin, a sub-frame and a window that is not ours',
    async (permission) => {
      const ours = l.win().webContents;
      expect(await l.fake.usePermission(ours, permission, { url: 'https://evil.example/' })).toBe(false);
      expect(await l.fake.usePermission(ours, permission, { url: 'app://skillbench.evil/x' })).toBe(false);
      expect(await l.fake.usePermission(ours, permission, { ...PAGE, isMainFrame: false })).toBe(false);
      expect(await l.fake.usePermission(null, permission, PAGE)).toBe(false);
      const stranger = new l.fake.electron.BrowserWindow({ show: false });
      expect(await l.fake.usePermission(stranger.webContents, permission, PAGE)).toBe(false);
      stranger.destroy();
    },
  );

  it.each([
    'deprecated-sync-clipboard-read',
    'display-capture',
    'fileSystem',
    'fullscreen',
    'geolocation',
    'hid',
    'idle-detection',
    'media',
    'mediaKeySystem',
    'midi',
    'midiSysex',
    'notifications',
    'openExternal',
    'pointerLock',
    'serial',
    'usb',
    'window-management',
    'unknown',
  ])('denies %s, even to our page', async (permission) => {
    expect(await l.fake.usePermission(l.win().webContents, permission, PAGE)).toBe(false);
  });
});
