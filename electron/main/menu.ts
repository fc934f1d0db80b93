// Owns the application menu and its shortcuts.
import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/ipc.js';

export interface MenuActions {
  addRoot(): void;
  reload(): void;
  /** Hands a command to the renderer, which owns these actions. */
  command(command: AppCommand): void;
}

/**
 * The renderer's own shortcuts, listed in the menu. `registerAccelerator: false` shows the keys without
 * capturing them on Linux and Windows, so the keystroke still reaches the renderer (which knows what is focused); a
 * click forwards. macOS ignores it and the menu takes the key: so list only shortcuts that mean the same anywhere in
 * the window, as a command the renderer handles. Keys that depend on where focus is (Cmd/Ctrl+Enter runs the tool
 * in the runner) stay off the menu (issue 19).
 */
const rendererItem = (
  actions: MenuActions,
  label: string,
  accelerator: string,
  command: AppCommand,
): MenuItemConstructorOptions => ({
  label,
  accelerator,
  registerAccelerator: false,
  click: () => actions.command(command),
});

export function menuTemplate(actions: MenuActions, isMac: boolean): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        rendererItem(actions, 'New Skill…', 'CmdOrCtrl+N', 'new-skill'),
        rendererItem(actions, 'Save', 'CmdOrCtrl+S', 'save'),
        { label: 'Add Skill Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.addRoot() },
        { label: 'Reload Skills', accelerator: 'CmdOrCtrl+Shift+R', click: () => actions.reload() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        rendererItem(actions, 'Command Palette…', 'CmdOrCtrl+K', 'palette'),
        rendererItem(actions, 'History', 'CmdOrCtrl+Shift+H', 'history'),
        rendererItem(actions, 'Settings', 'CmdOrCtrl+,', 'settings'),
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
