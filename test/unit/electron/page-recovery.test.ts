// Recovering from the page: a crashed renderer offers Reload (drafts kept) or Close, a hung one Keep waiting or Reload,
// a failed load shows an error page whose Retry the navigation guard lets through; View → Reload loads the app's page
// again; a window that never painted is shown when the app is asked for it; menu commands and events reach only live
// windows.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO } from '../../helpers.js';
import { launch } from './launch.js';

const APP_URL = 'app://skillbench/index.html';
const SKILL = join(REPO, 'skills', 'text-toolkit', 'SKILL.md');

describe('a crashed page', () => {
  it('offers Reload, which loads the page again with the drafts typed before the crash still there', async () => {
    const l = await launch();
    expect(await l.call('drafts:put', { path: SKILL, text: 'typed before', baseHash: null })).toMatchObject({
      ok: true,
    });
    l.fake.electron.dialog.nextMessageBoxChoice = 0;
    l.win().webContents.crash('oom');
    expect(l.fake.electron.dialog.messageBoxes.at(-1)).toMatchObject({
      buttons: ['Reload', 'Close'],
      message: 'This window stopped working.',
    });
    await vi.waitFor(() => expect(l.win().webContents.loads).toEqual([APP_URL, APP_URL]));
    const drafts = (await l.call('drafts:list')) as {
      ok: true;
      value: Array<{ path: string; text: string }>;
    };
    expect(drafts.value).toEqual([expect.objectContaining({ path: SKILL, text: 'typed before' })]);
    await l.handle.quit();
  });

  it('offers Close, which closes the window without asking the dead page', async () => {
    const l = await launch({ platform: 'darwin' });
    l.fake.electron.dialog.nextMessageBoxChoice = 1;
    l.win().webContents.crash();
    await vi.waitFor(() => expect(l.fake.windows).toHaveLength(0));
    await l.handle.quit();
  });

  it('says nothing when the page ended cleanly', async () => {
    const l = await launch();
    const before = l.fake.electron.dialog.messageBoxes.length;
    l.win().webContents.crash('clean-exit');
    expect(l.fake.electron.dialog.messageBoxes).toHaveLength(before);
    await l.handle.quit();
  });

  it('shows a window whose page crashed before it painted, so the dialog is not about an invisible window', async () => {
    const l = await launch({ autoPaint: false });
    expect(l.win().isVisible()).toBe(false);
    l.fake.electron.dialog.nextMessageBoxChoice = 0;
    l.win().webContents.crash();
    expect(l.win().isVisible()).toBe(true);
    await l.handle.quit();
  });
});

describe('a hung page', () => {
  it('Keep waiting leaves it alone; Reload ends the renderer and loads the page, without a crash dialog', async () => {
    const l = await launch();
    const dialog = l.fake.electron.dialog;
    dialog.nextMessageBoxChoice = 0;
    l.win().hang();
    await new Promise((r) => setTimeout(r, 10));
    expect(l.win().webContents.loads).toEqual([APP_URL]);
    expect(dialog.messageBoxes.at(-1)).toMatchObject({ buttons: ['Keep waiting', 'Reload'] });
    const asked = dialog.messageBoxes.length;
    dialog.nextMessageBoxChoice = 1;
    l.win().hang();
    await vi.waitFor(() => expect(l.win().webContents.loads).toEqual([APP_URL, APP_URL]));
    expect(dialog.messageBoxes).toHaveLength(asked + 1); // the renderer we ended is not reported as a crash
    await l.handle.quit();
  });
});

describe('a page that fails to load', () => {
  it('shows an error page with Retry, which the navigation guard lets through to the app', async () => {
    const l = await launch({ autoPaint: false });
    l.win().webContents.failLoad(-6, 'ERR_FILE_NOT_FOUND');
    l.fake.clickMenu('Reload');
    await vi.waitFor(() => expect(l.win().webContents.loads).toHaveLength(3));
    const errorPage = decodeURIComponent(l.win().webContents.loads[2]!);
    expect(errorPage).toMatch(/^data:text\/html/);
    expect(errorPage).toContain('ERR_FILE_NOT_FOUND');
    expect(errorPage).toContain(`<a href="${APP_URL}">Retry</a>`);
    expect(errorPage).toContain("default-src 'none'");
    expect(l.win().isVisible()).toBe(true);
    let prevented = false;
    l.win().webContents.emit('will-navigate', { preventDefault: () => (prevented = true) }, APP_URL);
    expect(prevented).toBe(false);
    await l.handle.quit();
  });
});

describe('View → Reload', () => {
  it('is in the menu with Ctrl/Cmd+R and loads the app page in the focused window', async () => {
    const l = await launch();
    expect(l.fake.menuItems().find((i) => i.label === 'Reload')?.accelerator).toBe('CmdOrCtrl+R');
    l.win().focus();
    l.fake.pressKey('CmdOrCtrl+R');
    await vi.waitFor(() => expect(l.win().webContents.loads).toEqual([APP_URL, APP_URL]));
    await l.handle.quit();
  });
});

describe('showing the window', () => {
  it('shows a window that never painted when the app is launched again', async () => {
    const l = await launch({ autoPaint: false });
    expect(l.win().isVisible()).toBe(false);
    l.fake.app.secondInstance(['skillbench']);
    expect(l.fake.windows).toHaveLength(1);
    expect(l.win().isVisible()).toBe(true);
    await l.handle.quit();
  });

  it('sends a menu command to the window when none has the focus, and opens one on macOS when none is open', async () => {
    const l = await launch({ platform: 'darwin' });
    l.win().blur();
    l.fake.clickMenu('History');
    expect(l.win().webContents.sent).toContainEqual(['app:command', { command: 'history' }]);
    l.win().close();
    expect(l.fake.windows).toHaveLength(0);
    l.fake.clickMenu('Settings');
    expect(l.fake.windows).toHaveLength(1);
    await vi.waitFor(() =>
      expect(l.win().webContents.sent).toContainEqual(['app:command', { command: 'settings' }]),
    );
    await l.handle.quit();
  });

  it('does not send events to a window whose page is already gone', async () => {
    const l = await launch();
    l.win().webContents.destroyed = true; // the contents die before the window's 'closed'
    await l.call('tools:run', {
      runId: 'gone',
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'x' },
    });
    expect(l.fake.mainProcessErrors).toEqual([]);
    l.win().webContents.destroyed = false;
    await l.handle.quit();
  });
});

describe('Add Skill Folder', () => {
  it('says why a folder was not added instead of ignoring it', async () => {
    const l = await launch();
    l.fake.electron.dialog.showOpenDialog = () =>
      Promise.resolve({ canceled: false, filePaths: [join(l.root, 'does-not-exist')] });
    l.fake.clickMenu('Add Skill Folder…');
    await vi.waitFor(() =>
      expect(l.fake.electron.dialog.messageBoxes.at(-1)).toMatchObject({
        type: 'error',
        message: 'The folder was not added.',
      }),
    );
    await l.handle.quit();
  });
});

describe('Windows log-off', () => {
  it('stops tools and servers at session-end, which Windows follows with no will-quit', async () => {
    const l = await launch({ platform: 'win32' });
    const close = vi.spyOn(l.handle.host, 'close');
    l.win().sessionEnd();
    await vi.waitFor(() => expect(close).toHaveBeenCalledTimes(1));
  });
});
