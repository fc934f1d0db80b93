// The native touches of main, on the fake electron: the theme handed to nativeTheme and the window background, the
// Windows AppUserModelId, the Help menu, the page's cut/copy/paste menu, and recent folders where each OS shows them.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { APP_USER_MODEL_ID } from '../../../electron/main/app.js';
import { MAX_RECENT } from '../../../electron/main/recent-folders.js';
import { WINDOW_BACKGROUND } from '../../../electron/main/window.js';
import { launch } from './launch.js';

const folder = (name: string) => {
  const dir = join(mkdtempSync(join(tmpdir(), 'skillbench-recent-')), name);
  mkdirSync(dir);
  return dir;
};

describe('the theme', () => {
  it("sets nativeTheme from the app's theme at start and on each change, and the window background with it", async () => {
    const l = await launch({ before: (fake) => (fake.nativeTheme.osDark = true) });
    expect(l.fake.nativeTheme.themeSource).toBe('system');
    expect(l.win().backgroundColor).toBe(WINDOW_BACKGROUND.dark);
    await l.call('settings:set', { settings: { theme: 'light' } });
    expect(l.fake.nativeTheme.themeSource).toBe('light');
    expect(l.win().backgroundColor).toBe(WINDOW_BACKGROUND.light);
    await l.handle.quit();

    const again = await launch({
      env: { XDG_CONFIG_HOME: l.env.XDG_CONFIG_HOME },
      before: (fake) => (fake.nativeTheme.osDark = true),
    });
    expect(again.fake.nativeTheme.themeSource).toBe('light');
    expect(again.win().options.backgroundColor).toBe(WINDOW_BACKGROUND.light);
    await again.handle.quit();
  });

  it("follows the OS switching appearance while the app's theme is system", async () => {
    const l = await launch();
    expect(l.win().backgroundColor).toBe(WINDOW_BACKGROUND.light);
    l.fake.nativeTheme.setOsDark(true);
    expect(l.win().backgroundColor).toBe(WINDOW_BACKGROUND.dark);
    await l.handle.quit();
  });
});

describe('identity', () => {
  it("sets the Windows AppUserModelId to electron-builder's appId, and only on Windows", async () => {
    const win = await launch({ platform: 'win32' });
    expect(win.fake.app.appUserModelId).toBe(APP_USER_MODEL_ID);
    await win.handle.quit();
    const linux = await launch({ platform: 'linux' });
    expect(linux.fake.app.appUserModelId).toBeUndefined();
    await linux.handle.quit();
  });
});

describe('the Help menu', () => {
  it('shows About, opens the log file, and offers the developer tools', async () => {
    const l = await launch({ platform: 'win32' });
    l.fake.clickMenu('About Skillbench');
    expect(l.fake.app.aboutShown).toBe(1);
    l.fake.clickMenu('Show Logs');
    expect(l.fake.opened).toContain(join(l.fake.app.getPath('userData'), 'logs', 'main.log'));
    expect(l.fake.menuItems().map((i) => i.role)).toContain('toggleDevTools');
    await l.handle.quit();
  });
});

describe('the context menu', () => {
  const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };

  it('offers Cut, Copy, Paste and Select All in a text field, enabled as the page says', async () => {
    const l = await launch();
    l.win().webContents.contextMenu({
      isEditable: true,
      selectionText: '',
      editFlags: { ...flags, canCut: false, canCopy: false },
    });
    const [menu] = l.fake.contextMenus;
    expect(menu?.items).toEqual([
      { role: 'cut', enabled: false },
      { role: 'copy', enabled: false },
      { role: 'paste', enabled: true },
      { type: 'separator' },
      { role: 'selectAll', enabled: true },
    ]);
    expect(menu?.popups).toEqual([{ window: l.win() }]);
    await l.handle.quit();
  });

  it('offers Copy on selected text, and nothing elsewhere', async () => {
    const l = await launch();
    l.win().webContents.contextMenu({ isEditable: false, selectionText: '  ', editFlags: flags });
    expect(l.fake.contextMenus).toHaveLength(0);
    l.win().webContents.contextMenu({ isEditable: false, selectionText: 'SKILL.md', editFlags: flags });
    expect(l.fake.contextMenus[0]?.items).toEqual([{ role: 'copy', enabled: true }]);
    await l.handle.quit();
  });
});

describe('recent folders', () => {
  it('on Windows: a folder added becomes a recent document and a jump list entry that launches the app with it', async () => {
    const l = await launch({ platform: 'win32' });
    const skills = folder('my-skills');
    expect(await l.call('roots:add', { path: skills })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(l.fake.app.recentDocuments).toEqual([skills]));
    expect(l.fake.app.jumpList).toEqual([
      {
        type: 'custom',
        name: 'Recent folders',
        items: [
          expect.objectContaining({
            type: 'task',
            title: 'my-skills',
            program: process.execPath,
            args: `"${skills}"`,
          }),
        ],
      },
    ]);
    await l.handle.quit();
  });

  it('on macOS: the Dock menu lists them and opens one in the app; the list survives a restart', async () => {
    const l = await launch({ platform: 'darwin' });
    const skills = folder('team-skills');
    await l.call('roots:add', { path: skills });
    await vi.waitFor(() => expect(l.fake.app.dock?.menu?.items.map((i) => i.label)).toEqual(['team-skills']));
    expect(l.fake.app.recentDocuments).toEqual([skills]); // File → Open Recent, which hands it back as open-file
    expect(l.fake.menuItems().map((i) => i.role)).toContain('recentDocuments');
    l.fake.app.dock!.menu!.items[0]!.click!();
    expect(l.win().webContents.sent).toContainEqual(['app:open-requested', { waiting: 1 }]);
    expect(await l.call('app:take-open-requests')).toMatchObject({
      ok: true,
      value: [expect.objectContaining({ path: skills })],
    });
    await l.handle.quit();

    const again = await launch({ platform: 'darwin', home: l.root });
    expect(again.fake.app.dock?.menu?.items.map((i) => i.label)).toEqual(['team-skills']);
    await again.handle.quit();
  });

  it('keeps the newest few, once each, and does not list a folder that failed to add', async () => {
    const l = await launch({ platform: 'win32' });
    const folders = Array.from({ length: MAX_RECENT + 2 }, (_, i) => folder(`skills-${i}`));
    for (const f of folders) await l.call('roots:add', { path: f });
    await l.call('roots:add', { path: folders[0] });
    expect(await l.call('roots:add', { path: join(folders[0]!, 'missing') })).toMatchObject({ ok: false });
    await vi.waitFor(() => expect(l.fake.app.jumpList).not.toBeNull());
    const listed = (l.fake.app.jumpList as Array<{ items: Array<{ description: string }> }>)[0]!.items.map(
      (i) => i.description,
    );
    expect(listed).toHaveLength(MAX_RECENT);
    expect(listed[0]).toBe(folders[0]);
    expect(new Set(listed).size).toBe(MAX_RECENT);
    expect(listed).not.toContain(folders[1]);
    await l.handle.quit();
  });
});
