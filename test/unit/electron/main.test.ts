// Electron main, driven with a fake electron module: handlers for every channel, senders checked, payloads
// parsed, paths confined, windows locked down.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/ipc.js';
import { startMain, rendererResponse, type MainHandle } from '../../../electron/main/app.js';
import { SECURE_WEB_PREFERENCES } from '../../../electron/main/window.js';
import { isSafeExternalUrl } from '../../../electron/main/security.js';
import { menuTemplate } from '../../../electron/main/menu.js';
import { createFakeElectron, type FakeInvokeEvent } from '../../fakes/electron.js';
import { REPO } from '../../helpers.js';

const fake = createFakeElectron(mkdtempSync(join(tmpdir(), 'skillbench-main-')));
let handle: MainHandle | undefined;
const win = () => fake.windows[0]!;
const trusted = (): FakeInvokeEvent => ({
  sender: { id: win().webContents.id },
  senderFrame: { url: 'app://skillbench/index.html', parent: null },
});
const call = (channel: string, event: FakeInvokeEvent, request: unknown = {}) =>
  fake.handlers.get(channel)!(event, request);

beforeAll(async () => {
  handle = await startMain(fake.electron as never, {
    renderer: join(REPO, 'dist', 'renderer'),
    preload: '/app/preload.cjs',
    bundledSkills: join(REPO, 'skills'),
  });
});
afterAll(async () => handle?.quit());

describe('Electron main', () => {
  it('registers a handler for every channel of the contract, and no other', () => {
    expect([...fake.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it('answers the main frame of its own window at its own origin', async () => {
    expect(await call('app:get-version', trusted())).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: process.platform },
    });
  });

  it('rejects untrusted senders: a sub-frame, another origin, an unknown window', async () => {
    const denied = {
      ok: false,
      error: { code: 'PermissionDenied', message: 'This frame may not call Skillbench.' },
    };
    expect(
      await call('skills:list', {
        ...trusted(),
        senderFrame: { url: 'app://skillbench/index.html', parent: {} },
      }),
    ).toEqual(denied);
    expect(
      await call('skills:list', {
        ...trusted(),
        senderFrame: { url: 'https://evil.example/', parent: null },
      }),
    ).toEqual(denied);
    expect(
      await call('skills:list', {
        sender: { id: 999 },
        senderFrame: { url: 'app://skillbench/index.html', parent: null },
      }),
    ).toEqual(denied);
    expect(await call('skills:list', { ...trusted(), senderFrame: null })).toEqual(denied);
  });

  it('rejects malformed payloads with InvalidArgs and paths outside the roots', async () => {
    expect(await call('skills:get', trusted(), { id: 42 })).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgs' },
    });
    expect(await call('skills:read-file', trusted(), { path: '/etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'PermissionDenied' },
    });
  });

  it('opens one window with the secure preferences, its preload and the app:// page', () => {
    expect(fake.windows).toHaveLength(1);
    const prefs = win().options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ ...SECURE_WEB_PREFERENCES, preload: '/app/preload.cjs' });
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(win().loadedUrl).toBe('app://skillbench/index.html');
  });

  it('denies navigation and new windows, opening safe links outside', () => {
    let prevented = false;
    win().webContents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      'https://example.com/docs',
    );
    expect(prevented).toBe(true);
    expect(win().webContents.windowOpenHandler?.({ url: 'https://example.com/a' })).toEqual({
      action: 'deny',
    });
    expect(win().webContents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://example.com/docs', 'https://example.com/a']);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('https://user:pw@example.com')).toBe(false);
  });

  it('gives the renderer the native folder dialog and the OS browser, for safe links only', async () => {
    expect(await call('app:pick-folder', trusted(), {})).toEqual({ ok: true, value: { path: null } });
    expect(await call('app:open-external', trusted(), { url: 'https://example.com/help' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(fake.opened).toContain('https://example.com/help');
    expect(await call('app:open-external', trusted(), { url: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      error: { code: 'PermissionDenied' },
    });
  });

  it('denies every permission request', () => {
    let granted: boolean | undefined;
    fake.electron.session.defaultSession.permissionRequest?.({}, 'media', (g) => (granted = g));
    expect(granted).toBe(false);
    expect(fake.electron.session.defaultSession.permissionCheck?.()).toBe(false);
  });

  it('asks before closing a window whose renderer holds unsaved files, closing only when told to', () => {
    const dialog = fake.electron.dialog;
    let prevented = 0;
    const unload = { preventDefault: () => prevented++ };
    dialog.nextMessageBoxChoice = 1;
    win().webContents.emit('will-prevent-unload', unload);
    expect(prevented).toBe(0);
    dialog.nextMessageBoxChoice = 0;
    win().webContents.emit('will-prevent-unload', unload);
    expect(prevented).toBe(1);
    expect(dialog.messageBoxes).toHaveLength(2);
    expect(dialog.messageBoxes[0]).toMatchObject({ message: 'Some files have unsaved changes.' });
  });

  it('forwards host events to its window', async () => {
    await call('tools:run', trusted(), {
      runId: 'm1',
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'hi' },
    });
    expect(win().webContents.sent.find(([c]) => c === 'runs:finished')?.[1]).toMatchObject({ runId: 'm1' });
  });

  it('registers app:// as a secure standard scheme and serves only the renderer, with the CSP', () => {
    expect(fake.electron.protocol.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    const outside = rendererResponse(
      join(REPO, 'dist', 'renderer'),
      'app://skillbench/..%2F..%2Fpackage.json',
    );
    expect(outside.status).toBe(404);
    const page = rendererResponse(join(REPO, 'dist', 'renderer'), 'app://skillbench/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
  });
});

describe('menu', () => {
  it("lists the renderer's shortcuts without capturing them, and forwards a click as a command", () => {
    const sent: string[] = [];
    const template = menuTemplate(
      { addRoot: () => {}, reload: () => {}, command: (c) => sent.push(c) },
      false,
    );
    type Item = {
      accelerator?: string;
      registerAccelerator?: boolean;
      click?: () => void;
      submenu?: unknown;
    };
    const items = (template as Item[]).flatMap((m) =>
      Array.isArray(m.submenu) ? (m.submenu as Item[]) : [],
    );
    const shortcuts = items.filter((i) => i.registerAccelerator === false);
    expect(shortcuts.map((i) => i.accelerator).sort()).toEqual(
      [
        'CmdOrCtrl+,',
        'CmdOrCtrl+Enter',
        'CmdOrCtrl+K',
        'CmdOrCtrl+N',
        'CmdOrCtrl+S',
        'CmdOrCtrl+Shift+H',
      ].sort(),
    );
    for (const item of shortcuts) item.click?.();
    expect(sent.sort()).toEqual(['history', 'new-skill', 'palette', 'run', 'save', 'settings']);
  });
});

describe('fuses (afterPack)', () => {
  const require = createRequire(import.meta.url);
  const afterPack = require('../../../scripts/after-pack.cjs') as ((
    context: unknown,
    fuses: unknown,
  ) => Promise<void>) & { executablePath(c: unknown): string };
  const fuses = require('@electron/fuses') as {
    FuseV1Options: Record<string, number>;
    FuseVersion: Record<string, string>;
  };

  it('flips RunAsNode, NODE_OPTIONS and --inspect off, cookie encryption, asar integrity and asar-only on', async () => {
    const calls: Array<[string, Record<string | number, unknown>]> = [];
    const context = {
      electronPlatformName: 'linux',
      arch: 1,
      appOutDir: '/out/linux-unpacked',
      packager: { appInfo: { productFilename: 'Skillbench' }, executableName: 'skillbench' },
    };
    await afterPack(context, {
      ...fuses,
      flipFuses: (path: string, options: Record<string | number, unknown>) => (
        calls.push([path, options]),
        Promise.resolve()
      ),
    });
    const [path, options] = calls[0]!;
    const o = fuses.FuseV1Options;
    expect(path).toBe('/out/linux-unpacked/skillbench');
    expect(options).toMatchObject({
      [o.RunAsNode!]: false,
      [o.EnableNodeOptionsEnvironmentVariable!]: false,
      [o.EnableNodeCliInspectArguments!]: false,
      [o.EnableCookieEncryption!]: true,
      [o.EnableEmbeddedAsarIntegrityValidation!]: true,
      [o.OnlyLoadAppFromAsar!]: true,
      resetAdHocDarwinSignature: false,
    });
  });

  it('finds the executable on each OS', () => {
    const ctx = (p: string) => ({
      electronPlatformName: p,
      appOutDir: '/o',
      packager: { appInfo: { productFilename: 'Skillbench' }, executableName: 'skillbench' },
    });
    expect(afterPack.executablePath(ctx('darwin'))).toBe('/o/Skillbench.app/Contents/MacOS/Skillbench');
    expect(afterPack.executablePath(ctx('win32'))).toBe('/o/Skillbench.exe');
  });
});
