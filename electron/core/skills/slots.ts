// Owns a library's slots: one per loaded manifest, kept in scan order, and the sorted lists of them the index keeps.
import type { AgentReader, Diagnostic, LibraryEntry, Range } from '../../../shared/types.js';
import type { RootState } from './scan.js';

export interface Slot {
  root: RootState;
  /** Folder path below the root, one name per level: the scan order is the order of these. */
  segments: string[];
  /** 0 for a folder's winning manifest, 1.. for the ones it overrides. */
  rank: number;
  folder: string;
  real: string;
  /** Other paths the same manifest was reached by (a link in another agent's folder). */
  alsoAt: string[];
  /** The agents reading it, through any root that reaches it. */
  readers: AgentReader[];
  /** The real folder a link out of its root led to, when it was reached so. */
  viaLink?: string;
  /** The entry as loaded and validated, before shadowing. */
  own: LibraryEntry;
  /** The entry as published: `own`, or a copy marked shadowed. */
  entry: LibraryEntry;
  /** What the shadowing diagnostic says about the winner (see shadowKey), when shadowed. */
  shadow?: string;
  /** Where `name` is written (for the shadowing diagnostic), once known. */
  nameRange?: Range;
}

/** Scan order: roots by precedence, then folders depth-first by name, then a folder's manifests by rank. */
export function compareSlots(a: Slot, b: Slot): number {
  if (a.root.index !== b.root.index) return a.root.index - b.root.index;
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const x = a.segments[i] ?? '';
    const y = b.segments[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.segments.length - b.segments.length || a.rank - b.rank;
}

/** Adds `slot` to the list at `key`, keeping the list ordered. */
export function insertSorted(
  map: Map<string, Slot[]>,
  key: string,
  slot: Slot,
  compare: (a: Slot, b: Slot) => number,
): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [slot]);
    return;
  }
  let i = list.length;
  while (i > 0 && compare(list[i - 1]!, slot) > 0) i--;
  list.splice(i, 0, slot);
}

export function removeFrom(map: Map<string, Slot[]>, key: string, slot: Slot): void {
  const list = map.get(key)?.filter((s) => s !== slot);
  if (list?.length) map.set(key, list);
  else map.delete(key);
}

export function mergeSorted(a: Slot[], b: Slot[]): Slot[] {
  if (b.length === 0) return a;
  const out: Slot[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareSlots(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** An entry with one more finding, its status and its skill's findings to match. */
export function withFinding(entry: LibraryEntry, d: Diagnostic): Partial<LibraryEntry> {
  const diagnostics = [d, ...entry.diagnostics];
  return {
    diagnostics,
    status: d.severity === 'error' ? 'invalid' : entry.status,
    ...(entry.skill ? { skill: { ...entry.skill, diagnostics } } : {}),
  };
}
