// What the palette offers besides the bus's commands: the theme switch, the selected skill's tabs and actions,
// and every skill to go to.
import type { ListedEntry } from '../../../shared/types.js';
import { folderOf } from '../library/entries.js';
import type { SkillDialog } from '../library/SkillDialogs.js';
import type { ManageAction } from '../manage/ManageActions.js';
import type { PaletteItem } from '../palette/CommandPalette.js';
import { TABS, type Tab } from './navigation.js';

export function paletteItems(ctx: {
  entries: readonly ListedEntry[];
  /** The skill on screen. */
  entry: ListedEntry | undefined;
  theme: 'light' | 'dark';
  setTheme(theme: 'light' | 'dark'): void;
  open(id: string, tab?: Tab): void;
  dialog(dialog: SkillDialog): void;
  /** Issue 17: the Add skills panel, and the selected skill's install actions. */
  addSkills(folder?: string): void;
  manage(action: ManageAction): void;
  /** Whether the selected skill is installed for some agent (from a source, for Update). */
  installed: { any: boolean; locked: boolean };
}): PaletteItem[] {
  const { entry } = ctx;
  const other = ctx.theme === 'dark' ? 'light' : 'dark';
  const items: PaletteItem[] = [
    { id: 'theme', label: `Switch to ${other} theme`, run: () => ctx.setTheme(other) },
    { id: 'add-skills', label: 'Add skills…', run: () => ctx.addSkills() },
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
      {
        id: 'install-to',
        label: `Install ${name} to agents…`,
        run: () => ctx.addSkills(folderOf(entry.path).slice(0, -1)),
      },
      { id: 'pack', label: `Pack ${name}…`, run: () => ctx.manage('pack') },
    );
    if (ctx.installed.locked)
      items.push({ id: 'update', label: `Update ${name}…`, run: () => ctx.manage('update') });
    if (ctx.installed.any)
      items.push({ id: 'remove', label: `Remove ${name} from agents…`, run: () => ctx.manage('remove') });
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
