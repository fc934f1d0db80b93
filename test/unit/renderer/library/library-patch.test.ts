// Patching the library from incremental skills:changed events, checked against the host's own scan of real
// fixture roots: whatever is patched in lands where a fresh skills:list would have put it.
import { describe, expect, it } from 'vitest';
import {
  applySkillsChanged,
  changedFolders,
  compareEntries,
  type LibraryState,
} from '../../../../renderer/src/library/library-patch.js';
import type { Diagnostic, ListedEntry } from '../../../../shared/types.js';
import { change, library } from './fixture-library.js';

const { roots, entries } = library;
const state: LibraryState = { entries, diagnostics: library.diagnostics };
const paths = (list: readonly ListedEntry[]) => list.map((e) => e.path);
const listed: readonly ListedEntry[] = entries;
const sharedFolder = entries.filter((e) => e.id === entries.find((x) => x.status === 'excluded')?.id);

describe('the fixture library', () => {
  it('has what the tests below rely on', () => {
    expect(new Set(roots.map((r) => r.kind))).toEqual(new Set(['user', 'project', 'bundled']));
    expect(sharedFolder.map((e) => e.status === 'excluded')).toEqual([false, true]);
    expect(entries.some((e) => /[\\/]group[\\/]beta[\\/]/.test(e.path))).toBe(true);
  });
});

describe('compareEntries', () => {
  it("sorts the entries back into the host's order", () => {
    const shuffled = [...entries].reverse();
    shuffled.push(...shuffled.splice(0, 7));
    expect(paths(shuffled.sort(compareEntries(roots)))).toEqual(paths(entries));
  });
});

describe('applySkillsChanged', () => {
  it('puts every added entry where a fresh skills:list has it', () => {
    for (const [i, entry] of entries.entries()) {
      const without = { ...state, entries: entries.filter((_, j) => j !== i) };
      const patched = applySkillsChanged(without, change({ ids: [entry.id], entries: [entry] }), roots);
      expect(paths(patched.entries)).toEqual(paths(entries));
    }
  });

  it('adds a whole new folder of manifests in order, winner first', () => {
    const without = { ...state, entries: entries.filter((e) => !sharedFolder.includes(e)) };
    const added = [...sharedFolder].reverse();
    const patched = applySkillsChanged(without, change({ entries: added }), roots);
    expect(paths(patched.entries)).toEqual(paths(entries));
  });

  it('replaces an entry by path, leaving the other manifest with the same id alone', () => {
    const [winner, loser] = sharedFolder as [ListedEntry, ListedEntry];
    const warning: Diagnostic = { ...(winner.diagnostics[0] ?? loser.diagnostics[0]!), code: 'changed' };
    const updated = { ...winner, diagnostics: [warning] };
    const patched = applySkillsChanged(state, change({ ids: [winner.id], entries: [updated] }), roots);
    expect(paths(patched.entries)).toEqual(paths(entries));
    expect(patched.entries.find((e) => e.path === winner.path)).toBe(updated);
    expect(patched.entries.find((e) => e.path === loser.path)).toBe(loser);
    expect(patched.entries.filter((e) => e !== updated).every((e) => listed.includes(e))).toBe(true);
  });

  it('drops removed paths only', () => {
    const [winner, loser] = sharedFolder as [ListedEntry, ListedEntry];
    const patched = applySkillsChanged(state, change({ ids: [loser.id], removed: [loser.path] }), roots);
    expect(paths(patched.entries)).toEqual(paths(entries).filter((p) => p !== loser.path));
    expect(patched.entries).toContain(winner);
  });

  it("replaces the roots' diagnostics and leaves the state it was given as it was", () => {
    const before = [...entries];
    const rootProblem = { ...library.diagnostics[0], code: 'root-missing' } as Diagnostic;
    const moved = { ...entries[3]!, diagnostics: [] };
    const patched = applySkillsChanged(
      state,
      change({ entries: [moved], removed: [entries[0]!.path], diagnostics: [rootProblem] }),
      roots,
    );
    expect(patched.diagnostics).toEqual([rootProblem]);
    expect(state.entries).toEqual(before);
    expect(state.entries[3]).toBe(before[3]);
  });
});

describe('changedFolders', () => {
  it('names the folders of changed and removed manifests and of the skills the change names', () => {
    const [winner, loser] = sharedFolder as [ListedEntry, ListedEntry];
    const other = entries.find((e) => e.id !== winner.id)!;
    const folders = changedFolders(
      change({ ids: [other.id], entries: [winner], removed: [loser.path] }),
      entries,
    );
    expect(folders).toHaveLength(2);
    expect(folders.every((f) => /[\\/]$/.test(f))).toBe(true);
    expect(winner.path.startsWith(folders[0]!)).toBe(true);
    expect(other.path.startsWith(folders[1]!)).toBe(true);
  });
});
