// What the palette offers besides the bus's commands: the theme switch, the selected skill's tabs and actions,
// and every skill to go to.
import type { LibraryEntry } from '../../../shared/types.js';
import type { SkillDialog } from '../library/SkillDialogs.js';
import type { PaletteItem } from '../palette/CommandPalette.js';
import { TABS, type Tab } from './navigation.js';

export function paletteItems(ctx: {
  entries: readonly LibraryEntry[];
  /** The skill on screen. */
  entry: LibraryEntry | undefined;
  theme: 'light' | 'dark';
  setTheme(theme: 'light' | 'dark'): void;
  open(id: string, tab?: Tab): void;
  dialog(dialog: SkillDialog): void;
}): PaletteItem[] {
  const { entry } = ctx;
  const other = ctx.theme === 'dark' ? 'light' : 'dark';
  const items: PaletteItem[] = [
    { id: 'theme', label: `Switch to ${other} theme`, run: () => ctx.setTheme(other) },
  ];
  if (entry) {
    const name = entry.skill?.name ?? '';
    for (const [tab, label] of TABS)
      items.push({
        id: `tab-${tab}`,
        label: `${label}: ${entry.skill?.name ?? entry.id}`,
        hint: 'tab',
        run: () => ctx.open(entry.id, tab),
      });
    items.push(
      { id: 'duplicate', label: `Duplicate ${name}…`, run: () => ctx.dialog({ kind: 'duplicate', entry }) },
      { id: 'rename', label: `Rename ${name}…`, run: () => ctx.dialog({ kind: 'rename', entry }) },
      { id: 'delete', label: `Delete ${name}…`, run: () => ctx.dialog({ kind: 'delete', entry }) },
    );
  }
  for (const e of ctx.entries)
    if (e.status !== 'excluded')
      items.push({
        id: `skill-${e.id}`,
        label: e.skill?.name ?? e.id,
        hint: e.rootId,
        run: () => ctx.open(e.id),
      });
  return items;
}
