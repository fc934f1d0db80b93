// Owns the application menu and its shortcuts.
import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/ipc.js';
import { VIEWS } from '../../shared/views.js';

export interface MenuActions {
  addRoot(): void;
  reload(): void;
  /** View → Reload: the app's page again (recovers a blank or broken page; drafts are kept). */
  reloadPage(): void;
  checkForUpdates(): void;
  showLogs(): void;
  about(): void;
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
  accelerator: string | undefined,
  command: AppCommand,
): MenuItemConstructorOptions => ({
  label,
  ...(accelerator ? { accelerator, registerAccelerator: false } : {}),
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
        ...(isMac
          ? [{ role: 'recentDocuments' as const, submenu: [{ role: 'clearRecentDocuments' as const }] }]
          : []),
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
        ...VIEWS.map((v) =>
          rendererItem(actions, v.label, 'accelerator' in v ? v.accelerator : undefined, v.id),
        ),
      ],
    },
    {
      label: 'View',
      submenu: [
        { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => actions.reloadPage() },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    // Off macOS the window menu's Minimize would take Ctrl+M, which moves focus out of the editor (Monaco's
    // tab-focus key): Minimize stays, without a key.
    isMac
      ? { role: 'windowMenu' }
      : {
          label: 'Window',
          submenu: [{ label: 'Minimize', click: (_item, window) => window?.minimize() }, { role: 'close' }],
        },
    {
      role: 'help',
      submenu: [
        // macOS has About in the app menu.
        ...(isMac ? [] : [{ label: 'About Skillbench', click: () => actions.about() }]),
        { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
        { label: 'Show Logs', click: () => actions.showLogs() },
        { type: 'separator' },
        { role: 'toggleDevTools' },
      ],
    },
  ];
}
