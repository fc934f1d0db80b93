// Electron main, driven with the fake electron module: handlers for every channel, senders checked, payloads
// parsed, paths confined, windows locked down, host events forwarded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/ipc.js';
import { SECURE_WEB_PREFERENCES } from '../../../electron/main/window.js';
import { isSafeExternalUrl } from '../../../electron/main/security.js';
import { startMain } from '../../../electron/main/app.js';
import { createFakeElectron, type FakeInvokeEvent } from '../../fakes/electron.js';
import { REPO } from '../../helpers.js';
import { launch, PATHS, type Launched } from './launch.js';

let l: Launched;
beforeAll(async () => {
  l = await launch();
});
afterAll(() => l.handle.quit());
const call = (channel: string, event: FakeInvokeEvent, request: unknown = {}) =>
  l.fake.invoke(channel, event, request);

describe('Electron main', () => {
  it('registers a handler for every channel of the contract, and no other', () => {
    expect([...l.fake.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
  });

  it('answers the main frame of its own window at its own origin', async () => {
    expect(await call('app:get-version', l.trusted())).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: process.platform },
    });
  });

  it('rejects untrusted senders: a sub-frame, another origin, an unknown window', async () => {
    const denied = {
      ok: false,
      error: { code: 'PermissionDenied', message: 'This frame may not call Skillbench.' },
    };
    const trusted = l.trusted();
    expect(
      await call('skills:list', {
        ...trusted,
        senderFrame: { url: 'app://skillbench/index.html', parent: {} },
      }),
    ).toEqual(denied);
    expect(
      await call('skills:list', { ...trusted, senderFrame: { url: 'https://evil.example/', parent: null } }),
    ).toEqual(denied);
    expect(
      await call('skills:list', {
        sender: { id: 999 },
        senderFrame: { url: 'app://skillbench/index.html', parent: null },
      }),
    ).toEqual(denied);
    expect(await call('skills:list', { ...trusted, senderFrame: null })).toEqual(denied);
  });

  it('rejects malformed payloads with InvalidArgs and paths outside the roots', async () => {
    expect(await call('skills:get', l.trusted(), { id: 42 })).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgs' },
    });
    expect(await call('skills:read-file', l.trusted(), { path: '/etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'PermissionDenied' },
    });
  });

  it('opens one window with the secure preferences, its preload and the app:// page', () => {
    expect(l.fake.windows).toHaveLength(1);
    const prefs = l.win().options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ ...SECURE_WEB_PREFERENCES, preload: '/app/preload.cjs' });
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(l.win().options.show).toBe(false);
    expect(l.win().webContents.getURL()).toBe('app://skillbench/index.html');
  });

  it('denies navigation and new windows, opening safe links outside', () => {
    let prevented = false;
    l.win().webContents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      'https://example.com/docs',
    );
    expect(prevented).toBe(true);
    const open = l.win().webContents.windowOpenHandler;
    expect(open?.({ url: 'https://example.com/a' })).toEqual({ action: 'deny' });
    expect(open?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(l.fake.opened).toEqual(['https://example.com/docs', 'https://example.com/a']);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('https://user:pw@example.com')).toBe(false);
  });

  it('gives the renderer the native folder dialog and the OS browser, for safe links only', async () => {
    expect(await call('app:pick-folder', l.trusted(), {})).toEqual({ ok: true, value: { path: null } });
    expect(await call('app:open-external', l.trusted(), { url: 'https://example.com/help' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(l.fake.opened).toContain('https://example.com/help');
    expect(await call('app:open-external', l.trusted(), { url: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      error: { code: 'PermissionDenied' },
    });
  });

  it('asks before a window whose renderer holds unsaved files closes, and closes only when told to', () => {
    const dialog = l.fake.electron.dialog;
    let prevented = 0;
    const unload = { preventDefault: () => prevented++ };
    dialog.nextMessageBoxChoice = 1;
    l.win().webContents.emit('will-prevent-unload', unload);
    expect(prevented).toBe(0);
    dialog.nextMessageBoxChoice = 0;
    l.win().webContents.emit('will-prevent-unload', unload);
    expect(prevented).toBe(1);
    expect(dialog.messageBoxes).toHaveLength(2);
    expect(dialog.messageBoxes[0]).toMatchObject({ message: 'Some files have unsaved changes.' });
  });

  it('forwards host events to its window', async () => {
    await call('tools:run', l.trusted(), {
      runId: 'm1',
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'hi' },
    });
    expect(l.win().webContents.sent.find(([c]) => c === 'runs:finished')?.[1]).toMatchObject({
      runId: 'm1',
    });
  });

  it('quits at once when another instance holds the lock', async () => {
    const second = createFakeElectron({ appPath: REPO, singleInstanceLock: false });
    expect(await startMain(second.electron as never, PATHS)).toBeUndefined();
    expect(second.app.exitCode).toBe(0);
    expect(second.windows).toHaveLength(0);
  });
});
