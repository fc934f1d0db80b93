// The quit sequence as Electron runs it (issue 19): before-quit, each window's close and beforeunload (which the
// user may cancel), will-quit, quit. Teardown waits until every window is closed, never runs before the user
// confirmed, lets in-flight calls (drafts) finish, is bounded, and a relaunch during it is honoured.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO } from '../../helpers.js';
import { launch, type Launched } from './launch.js';

const SKILL = join(REPO, 'skills', 'text-toolkit', 'SKILL.md');

/** Records host.close() in the fake's event log; `result` decides how the close ends. */
function watchHostClose(l: Launched, result: () => Promise<void> = () => Promise.resolve()) {
  return vi.spyOn(l.handle.host, 'close').mockImplementation(() => {
    l.fake.log.push('host.close');
    return result();
  });
}

describe('quitting', () => {
  it("follows Electron's order and tears the host down only after every window closed", async () => {
    const l = await launch();
    watchHostClose(l);
    const id = l.win().webContents.id;
    l.fake.app.quit();
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
    expect(l.fake.log.slice(0, 5)).toEqual([
      'before-quit',
      `close:${id}`,
      `closed:${id}`,
      'will-quit',
      'host.close',
    ]);
    expect(l.fake.mainProcessErrors).toEqual([]);
  });

  it('"Keep editing" cancels the quit and leaves the app working: every call answers and Save works', async () => {
    const l = await launch();
    const close = watchHostClose(l);
    l.win().webContents.beforeUnloadCancels = true; // the renderer holds unsaved files
    l.fake.electron.dialog.nextMessageBoxChoice = 1; // "Keep editing"
    l.fake.app.quit();
    await new Promise((r) => setTimeout(r, 20));
    expect(l.fake.electron.dialog.messageBoxes).toHaveLength(1);
    expect(l.fake.windows).toHaveLength(1);
    expect(l.fake.app.exitCode).toBeUndefined();
    expect(close).not.toHaveBeenCalled();
    expect(await l.call('drafts:put', { path: SKILL, text: 'x', baseHash: null })).toMatchObject({
      ok: true,
    });
    expect(await l.call('skills:list')).toMatchObject({ ok: true });
    await l.handle.quit();
  });

  it('"Close anyway" closes the window, then tears down and quits', async () => {
    const l = await launch();
    const close = watchHostClose(l);
    l.win().webContents.beforeUnloadCancels = true;
    l.fake.electron.dialog.nextMessageBoxChoice = 0;
    l.fake.app.quit();
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
    expect(close).toHaveBeenCalledTimes(1);
    expect(l.fake.log.indexOf('host.close')).toBeGreaterThan(l.fake.log.indexOf('message-box'));
  });

  it('lets a draft sent just before the window closed finish before the host closes', async () => {
    const l = await launch();
    watchHostClose(l);
    const draft = l
      .call('drafts:put', { path: SKILL, text: 'typed in the last 400 ms', baseHash: null })
      .then((r) => (l.fake.log.push('draft saved'), r));
    l.fake.app.quit();
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
    expect(await draft).toMatchObject({ ok: true });
    expect(l.fake.log.indexOf('draft saved')).toBeLessThan(l.fake.log.indexOf('host.close'));
    const drafts = join(l.fake.app.getPath('userData'), 'drafts');
    expect(existsSync(drafts) && readdirSync(drafts)).toHaveLength(1);
  });

  it('is bounded: a host that never finishes closing (an MCP server still connecting) does not keep the app', async () => {
    const l = await launch({ main: { shutdownDeadlineMs: 50 } });
    watchHostClose(l, () => new Promise<void>(() => undefined));
    l.fake.app.quit();
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0), { timeout: 2000 });
  });

  it('ends the app even when closing the host fails, without an unhandled rejection', async () => {
    const l = await launch();
    watchHostClose(l, () => Promise.reject(new Error('watcher exploded')));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    l.fake.app.quit();
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('honours a relaunch during shutdown: no window while tearing down, then the app relaunches', async () => {
    const l = await launch();
    let finish = () => {};
    watchHostClose(l, () => new Promise<void>((resolve) => (finish = resolve)));
    l.fake.app.quit();
    await vi.waitFor(() => expect(l.fake.log).toContain('host.close'));
    l.fake.app.secondInstance(['skillbench']);
    l.fake.app.activate();
    expect(l.fake.windows).toHaveLength(0);
    finish();
    await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
    expect(l.fake.app.relaunches).toHaveLength(1);
  });
});

describe('closing the last window', () => {
  it('quits on Linux and Windows', async () => {
    for (const platform of ['linux', 'win32'] as const) {
      const l = await launch({ platform });
      const close = watchHostClose(l);
      l.win().close();
      await vi.waitFor(() => expect(l.fake.app.exitCode).toBe(0));
      expect(close).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps the app running on macOS, where a relaunch or a Dock click shows a window again', async () => {
    const l = await launch({ platform: 'darwin' });
    const close = watchHostClose(l);
    l.win().close();
    await new Promise((r) => setTimeout(r, 20));
    expect(l.fake.app.exitCode).toBeUndefined();
    expect(close).not.toHaveBeenCalled();
    l.fake.app.secondInstance();
    expect(l.fake.windows).toHaveLength(1);
    expect(await l.call('skills:list')).toMatchObject({ ok: true });
    l.win().close();
    l.fake.app.activate();
    expect(l.fake.windows).toHaveLength(1);
    await l.handle.quit();
  });
});
