// Owns keeping the renderer's copy of the library current from `skills:changed` without fetching the whole list:
// entries are matched by manifest path (a folder's losing manifests share the winner's id), and new ones go where a
// fresh `skills:list` would put them.
import type { SkillsChanged } from '../../../shared/ipc.js';
import type { Diagnostic, ListedEntry, RootInfo } from '../../../shared/types.js';
import { folderOf } from './entries.js';

export interface LibraryState {
  entries: ListedEntry[];
  /** Problems with the roots themselves (missing folders, limits reached). */
  diagnostics: Diagnostic[];
}

const segments = (path: string) => folderOf(path).split(/[\\/]/).filter(Boolean);

/**
 * The host's order: roots in precedence order (as `roots:list` gives them), then folders as the scan visits them
 * (depth first, names sorted by code unit, so segment by segment), and in a folder the winning manifest before
 * the ones it overrides. An entry of a root the list does not know goes last.
 */
export function compareEntries(roots: readonly RootInfo[]): (a: ListedEntry, b: ListedEntry) => number {
  const rank = new Map(roots.map((r, i) => [r.id, i]));
  const rootRank = (e: ListedEntry) => rank.get(e.rootId) ?? roots.length;
  return (a, b) => {
    const byRoot = rootRank(a) - rootRank(b);
    if (byRoot) return byRoot;
    const sa = segments(a.path);
    const sb = segments(b.path);
    for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
      const x = sa[i] ?? '';
      const y = sb[i] ?? '';
      if (x !== y) return x < y ? -1 : 1;
    }
    if (sa.length !== sb.length) return sa.length - sb.length;
    return Number(a.status === 'excluded') - Number(b.status === 'excluded');
  };
}

/**
 * The library after one incremental change (`reset` false): entries with a changed path replaced where they stand,
 * removed paths dropped, new entries inserted in the host's order, the roots' diagnostics replaced. The state
 * passed in is not modified.
 */
export function applySkillsChanged(
  state: LibraryState,
  change: SkillsChanged,
  roots: readonly RootInfo[],
): LibraryState {
  const removed = new Set(change.removed);
  const incoming = new Map(change.entries.map((e) => [e.path, e]));
  const entries: ListedEntry[] = [];
  for (const e of state.entries) {
    if (removed.has(e.path)) continue;
    const replacement = incoming.get(e.path);
    incoming.delete(e.path);
    entries.push(replacement ?? e);
  }
  const compare = compareEntries(roots);
  for (const added of incoming.values()) {
    // After every entry that sorts before or with it: the first one that sorts after it.
    const at = entries.findIndex((e) => compare(added, e) < 0);
    entries.splice(at < 0 ? entries.length : at, 0, added);
  }
  return { entries, diagnostics: change.diagnostics };
}

/**
 * The skill folders a change touched (with their trailing separator): those of the changed and removed manifests,
 * and those of the known entries whose skill it names.
 */
export function changedFolders(change: SkillsChanged, known: readonly ListedEntry[]): string[] {
  const ids = new Set(change.ids);
  const paths = [
    ...change.entries.map((e) => e.path),
    ...change.removed,
    ...known.filter((e) => ids.has(e.id)).map((e) => e.path),
  ];
  return [...new Set(paths.map(folderOf))];
}
