// Owns the page's right-click menu: Cut, Copy, Paste and Select All where the page says they apply (Chromium shows
// no menu of its own in Electron). Monaco draws its own menu and does not reach this one.
import type { ContextMenuParams, MenuItemConstructorOptions } from 'electron';

type ContextParams = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'editFlags'>;

export function contextMenuTemplate(params: ContextParams): MenuItemConstructorOptions[] {
  const { editFlags } = params;
  const hasSelection = params.selectionText.trim() !== '';
  if (params.isEditable)
    return [
      { role: 'cut', enabled: editFlags.canCut },
      { role: 'copy', enabled: editFlags.canCopy },
      { role: 'paste', enabled: editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: editFlags.canSelectAll },
    ];
  if (hasSelection) return [{ role: 'copy', enabled: editFlags.canCopy }];
  return [];
}
