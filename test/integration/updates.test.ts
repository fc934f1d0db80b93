// Updating against a real update server of our own: electron-updater itself (its generic provider, the metadata
// format electron-builder publishes as latest*.yml, the sha512 check of the download) driven by the app's update
// manager (electron/main/updates.ts), over HTTP on 127.0.0.1. Only Electron is stood in for: electron-updater takes
// an app adapter, and Node's http replaces Electron's net.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type RequestOptions, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppImageUpdater, type AppUpdater } from 'electron-updater';
import type { ClientRequest as NetRequest } from 'electron';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RELEASES_URL, Updates } from '../../electron/main/updates.js';

/** electron-updater's own executor (its download() writes and checks the file), with Node's http in place of
 *  Electron's net (which needs Electron). */
class LoopbackExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: unknown) => void): NetRequest {
    return request(options, callback) as unknown as NetRequest;
  }
}

const APPIMAGE = Buffer.from('a stand-in AppImage, version 0.2.0\n'.repeat(100));
const sha512 = createHash('sha512').update(APPIMAGE).digest('base64');
let server: Server;
let base = '';
const served: string[] = [];
/** What the server sends for the AppImage: the file latest-linux.yml describes, unless a test tampers with it. */
let download = APPIMAGE;

beforeAll(async () => {
  server = createServer((req, res) => {
    // electron-updater adds ?noCache=… to the metadata request: the path is what is served.
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    served.push(path);
    if (path === '/latest-linux.yml') {
      res.setHeader('Content-Type', 'text/yaml');
      return res.end(
        [
          'version: 0.2.0',
          'files:',
          '  - url: Skillbench-0.2.0-linux-x86_64.AppImage',
          `    sha512: ${sha512}`,
          `    size: ${APPIMAGE.length}`,
          'path: Skillbench-0.2.0-linux-x86_64.AppImage',
          `sha512: ${sha512}`,
          "releaseDate: '2026-12-01T10:00:00.000Z'",
          '',
        ].join('\n'),
      );
    }
    if (path === '/Skillbench-0.2.0-linux-x86_64.AppImage') return res.end(download);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const appImage = process.env.APPIMAGE;
afterEach(() => {
  served.length = 0;
  download = APPIMAGE;
  if (appImage === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = appImage;
});

function realUpdater(version: string): AppUpdater {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-update-'));
  // AppImageUpdater works only inside an AppImage, which it finds through APPIMAGE.
  process.env.APPIMAGE = join(dir, 'Skillbench.AppImage');
  writeFileSync(process.env.APPIMAGE, 'the running version');
  const app = {
    version,
    name: 'Skillbench',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'userData'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  // The feed as a packaged app has it: resources/app-update.yml, written by electron-builder from `publish`. Given
  // no options, the updater reads it on the first check, after the executor below is in place.
  writeFileSync(
    app.appUpdateConfigPath,
    `provider: generic\nurl: ${base}\nupdaterCacheDirName: skillbench-updater\n`,
  );
  const updater = new AppImageUpdater(null, app);
  Object.assign(updater, { httpExecutor: new LoopbackExecutor() });
  updater.logger = null;
  return updater;
}

function fakeDialog(choice: number) {
  const boxes: Array<{ message?: string }> = [];
  return {
    boxes,
    showMessageBox: (options: { message?: string }) => {
      boxes.push(options);
      return Promise.resolve({ response: choice, checkboxChecked: false });
    },
  };
}

describe('updates from a local update server', () => {
  it('finds the newer version in latest-linux.yml and, where the build cannot replace itself, offers the release page', async () => {
    const dialog = fakeDialog(0);
    const openExternal = vi.fn(() => Promise.resolve());
    const updates = new Updates({
      mode: 'notify',
      currentVersion: '0.1.0',
      updater: () => realUpdater('0.1.0'),
      dialog: dialog as never,
      shell: { openExternal },
      log: () => undefined,
    });
    await updates.checkNow();
    await vi.waitFor(() => expect(openExternal).toHaveBeenCalledWith(RELEASES_URL));
    expect(dialog.boxes[0]?.message).toBe('Skillbench 0.2.0 is available.');
    expect(served).toContain('/latest-linux.yml');
    expect(served).not.toContain('/Skillbench-0.2.0-linux-x86_64.AppImage');
  });

  it('downloads and checks the update where it can install, then offers a restart (declined here)', async () => {
    const dialog = fakeDialog(1);
    const updater = realUpdater('0.1.0');
    const install = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
    const updates = new Updates({
      mode: 'install',
      currentVersion: '0.1.0',
      updater: () => updater,
      dialog: dialog as never,
      shell: { openExternal: () => Promise.resolve() },
      log: () => undefined,
    });
    await updates.checkNow();
    await vi.waitFor(
      () => expect(dialog.boxes.map((b) => b.message)).toContain('Skillbench 0.2.0 is ready to install.'),
      {
        timeout: 10_000,
      },
    );
    expect(served).toContain('/Skillbench-0.2.0-linux-x86_64.AppImage');
    expect(install).not.toHaveBeenCalled();
  });

  it('refuses a download whose sha512 is not the one latest-linux.yml gives, and says so instead of offering it', async () => {
    download = Buffer.from(APPIMAGE.toString().replace('0.2.0', '6.6.6'));
    const dialog = fakeDialog(0);
    const log = vi.fn();
    const updates = new Updates({
      mode: 'install',
      currentVersion: '0.1.0',
      updater: () => realUpdater('0.1.0'),
      dialog: dialog as never,
      shell: { openExternal: () => Promise.resolve() },
      log,
    });
    await updates.checkNow();
    await vi.waitFor(
      () => expect(log).toHaveBeenCalledWith('warn', expect.stringMatching(/sha512 checksum mismatch/)),
      {
        timeout: 10_000,
      },
    );
    expect(served).toContain('/Skillbench-0.2.0-linux-x86_64.AppImage');
    await vi.waitFor(() =>
      expect(dialog.boxes.map((b) => b.message)).toEqual(['The update could not be downloaded.']),
    );
  });

  it('says the app is up to date when the server has nothing newer', async () => {
    const dialog = fakeDialog(0);
    const updates = new Updates({
      mode: 'notify',
      currentVersion: '0.2.0',
      updater: () => realUpdater('0.2.0'),
      dialog: dialog as never,
      shell: { openExternal: () => Promise.resolve() },
      log: () => undefined,
    });
    await updates.checkNow();
    await vi.waitFor(() => expect(dialog.boxes[0]).toMatchObject({ message: 'Skillbench is up to date.' }));
  });
});
