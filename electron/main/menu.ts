// Owns the application menu and its shortcuts.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  addRoot(): void;
  reload(): void;
}

export function menuTemplate(actions: MenuActions, isMac: boolean): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Add Skill Folder…', accelerator: 'CmdOrCtrl+O', click: () => actions.addRoot() },
        { label: 'Reload Skills', accelerator: 'CmdOrCtrl+Shift+R', click: () => actions.reload() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
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
