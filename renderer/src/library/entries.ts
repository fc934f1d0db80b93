// What the renderer asks of a library entry: its root (by `rootId`, never by parsing the id), whether its root may
// be written to, and its folder.
import type { ListedEntry, RootInfo } from '../../../shared/types.js';

export function rootOf(entry: Pick<ListedEntry, 'rootId'>, roots: readonly RootInfo[]): RootInfo | undefined {
  return roots.find((r) => r.id === entry.rootId);
}

/** The bundled examples are read-only (the host refuses to write to them): duplicate one to change it. */
export function isReadOnly(entry: Pick<ListedEntry, 'rootId'>, roots: readonly RootInfo[]): boolean {
  return rootOf(entry, roots)?.kind === 'bundled';
}

/** The folder holding a file, with its trailing separator (so `startsWith` never matches a sibling's prefix). */
export function folderOf(path: string): string {
  return path.replace(/[^\\/]+$/, '');
}

/** The skill whose folder is `folder` (as the host returns it after creating, duplicating or renaming a skill). */
export function entryInFolder(entries: readonly ListedEntry[], folder: string): ListedEntry | undefined {
  const wanted = folder.replace(/[\\/]+$/, '');
  return entries.find((e) => e.status !== 'excluded' && folderOf(e.path).slice(0, -1) === wanted);
}

/** The first skill in `folder` or anywhere below it (a library folder the user opened). */
export function firstEntryUnder(entries: readonly ListedEntry[], folder: string): ListedEntry | undefined {
  const wanted = folder.replace(/[\\/]+$/, '');
  return (
    entryInFolder(entries, wanted) ??
    entries.find(
      (e) =>
        e.status !== 'excluded' && /^[\\/]/.test(e.path.slice(wanted.length)) && e.path.startsWith(wanted),
    )
  );
}
