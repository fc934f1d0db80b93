// Owns the workbench's views as every list of them shows them: the top bar's label (also the menu's), the palette's
// wording and the shortcut the menu and the keyboard share. The renderer draws each id (shell/view-table.tsx).

export interface ViewSpec {
  id: string;
  /** The top bar's button and the Go menu's item. */
  label: string;
  /** The command palette's item. */
  palette: string;
  /** In Electron's accelerator syntax; the renderer reads the same keys (commands.ts). */
  accelerator?: string;
}

export const VIEWS = [
  { id: 'skill', label: 'Skill', palette: 'Show the selected skill' },
  { id: 'servers', label: 'Servers', palette: 'Show MCP servers' },
  { id: 'playground', label: 'Playground', palette: 'Open the Playground', accelerator: 'CmdOrCtrl+Shift+P' },
  { id: 'history', label: 'History', palette: 'Show history', accelerator: 'CmdOrCtrl+Shift+H' },
  { id: 'settings', label: 'Settings', palette: 'Open settings', accelerator: 'CmdOrCtrl+,' },
] as const satisfies readonly ViewSpec[];

export type ViewId = (typeof VIEWS)[number]['id'];
