// The application menu (issue 19): it lists the renderer's shortcuts, sends only commands the renderer handles, and
// on macOS (where registerAccelerator: false is ignored and the menu takes every listed key) leaves alone the keys
// the renderer handles in context, such as Cmd+Enter in the runner.
import { describe, expect, it } from 'vitest';
import { menuTemplate, type MenuActions } from '../../../electron/main/menu.js';
import type { AppCommand } from '../../../shared/ipc.js';
import { COMMANDS } from '../../../renderer/src/commands/commands.js';
import { launch } from './launch.js';

type Item = {
  role?: string;
  label?: string;
  accelerator?: string;
  registerAccelerator?: boolean;
  click?: () => void;
  submenu?: unknown;
};
const items = (template: unknown[]) =>
  (template as Item[]).flatMap((m) => (Array.isArray(m.submenu) ? (m.submenu as Item[]) : []));
const record = () => {
  const sent: AppCommand[] = [];
  const actions: MenuActions = {
    addRoot: () => {},
    reload: () => {},
    reloadPage: () => {},
    checkForUpdates: () => {},
    showLogs: () => {},
    about: () => {},
    command: (c) => sent.push(c),
  };
  return { sent, actions };
};

/** The commands the renderer carries out: its command bus's registry. */
function rendererCommands(): string[] {
  return Object.keys(COMMANDS);
}

describe('menu', () => {
  it('sends only commands the renderer handles', () => {
    const handled = rendererCommands();
    expect(handled.length).toBeGreaterThan(3);
    for (const isMac of [false, true]) {
      const { sent, actions } = record();
      for (const item of items(menuTemplate(actions, isMac))) item.click?.();
      expect(sent.length).toBeGreaterThan(0);
      for (const command of sent) expect(handled, command).toContain(command);
    }
  });

  it('lists the renderer shortcuts without capturing them on Linux and Windows', async () => {
    for (const platform of ['linux', 'win32'] as const) {
      const l = await launch({ platform });
      for (const key of ['CmdOrCtrl+S', 'CmdOrCtrl+K', 'CmdOrCtrl+N', 'CmdOrCtrl+Enter'])
        expect(l.fake.pressKey(key), key).toBe(false);
      expect(l.fake.pressKey('CmdOrCtrl+O')).toBe(true); // Add Skill Folder is the menu's own
      await l.handle.quit();
    }
  });

  it('leaves Ctrl+M to the editor (its Tab focus key) off macOS: Minimize has no key there', () => {
    const { actions } = record();
    const top = (isMac: boolean) => menuTemplate(actions, isMac) as Item[];
    const all = [...top(false), ...items(top(false))];
    expect(all.some((i) => i.role === 'windowMenu' || i.role === 'minimize')).toBe(false);
    expect(all.filter((i) => /\+M$/i.test(String(i.accelerator ?? '')))).toEqual([]);
    expect(all.find((i) => i.label === 'Minimize')).toBeDefined();
    expect(top(true).some((i) => i.role === 'windowMenu')).toBe(true);
  });

  it('on macOS, where the menu takes every key it lists, Cmd+Enter still reaches the runner', async () => {
    const l = await launch({ platform: 'darwin' });
    l.win().focus();
    expect(l.fake.pressKey('CmdOrCtrl+Enter')).toBe(false);
    expect(l.fake.pressKey('CmdOrCtrl+S')).toBe(true);
    expect(l.win().webContents.sent).toContainEqual(['app:command', { command: 'save' }]);
    await l.handle.quit();
  });

  it('shows the shortcuts and forwards a click as a command', () => {
    const { sent, actions } = record();
    const shortcuts = items(menuTemplate(actions, false)).filter((i) => i.registerAccelerator === false);
    expect(shortcuts.map((i) => i.accelerator).sort()).toEqual(
      [
        'CmdOrCtrl+,',
        'CmdOrCtrl+K',
        'CmdOrCtrl+N',
        'CmdOrCtrl+S',
        'CmdOrCtrl+Shift+H',
        'CmdOrCtrl+Shift+P',
      ].sort(),
    );
    for (const item of shortcuts) item.click?.();
    expect(sent.sort()).toEqual(['history', 'new-skill', 'palette', 'playground', 'save', 'settings']);
  });
});
