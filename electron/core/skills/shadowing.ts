// Owns shadowing: what two skills clash on, and publishing each slot's entry as its own or as a copy marked shadowed
// by the first skill of its clash name in scan order (the others are kept, marked, and told which one hides them).
// Tested by: test/integration/library.test.ts
import { basename, dirname } from 'node:path';
import type {
  Diagnostic,
  LibraryEntry,
  Range,
  SkillDefinition,
  ValidationProfile,
} from '../../../shared/types.js';
import { makeDiagnostic } from './diagnostic.js';
import type { Slot } from './slots.js';

/**
 * What a skill clashes with another on: `plugin:folder` in a Claude Code plugin (plugins never clash with each
 * other), the folder name under the `claude-code` profile (Claude Code runs a skill by its folder), else the name.
 */
export function clashNameOf(skill: SkillDefinition, profile: ValidationProfile | undefined): ClashName {
  const folder = basename(dirname(skill.sourcePath));
  if (skill.plugin) return { key: `${skill.plugin}:${folder}`, byFolder: true };
  if (profile === 'claude-code') return { key: folder, byFolder: true };
  return { key: skill.name, byFolder: false };
}

/** Everything the shadowing diagnostic depends on besides the loser itself: equal keys, equal diagnostics. */
export function shadowKey(entry: LibraryEntry, winner: LibraryEntry): string {
  return winner.rootId === entry.rootId ? `same\0${winner.path}` : `other\0${winner.id}`;
}

/** What two skills clash on: a name, a folder name (Claude Code), or `plugin:folder`. */
export interface ClashName {
  key: string;
  /** Claude Code tells its skills apart by folder, not by `name`. */
  byFolder: boolean;
}

export function shadowDiagnostic(
  entry: LibraryEntry,
  winner: LibraryEntry,
  range: Range,
  clash: ClashName,
): Diagnostic {
  const sameRoot = winner.rootId === entry.rootId;
  const what = clash.byFolder ? `the folder name "${clash.key}"` : `the name "${clash.key}"`;
  return makeDiagnostic(
    sameRoot ? 'warning' : 'info',
    'name-shadowed',
    sameRoot
      ? `Another skill in the same root, ${winner.path}, also has ${what} and takes precedence; this one is hidden. Rename one of them.`
      : `The skill with ${what} from ${winner.id} (a root with higher precedence) takes precedence; this one is hidden.`,
    entry.path,
    range,
  );
}

/** A copy of `own` marked as shadowed by `winner` (the first skill with its name in precedence order). */
export function shadowed(
  own: LibraryEntry,
  winner: LibraryEntry,
  range: Range,
  clash: ClashName,
): LibraryEntry {
  const diagnostics = [...own.diagnostics, shadowDiagnostic(own, winner, range, clash)];
  return {
    ...own,
    status: 'shadowed',
    reason: `shadowed by ${winner.id}`,
    diagnostics,
    ...(own.skill ? { skill: { ...own.skill, diagnostics, shadowedBy: winner.id } } : {}),
  };
}

/**
 * Publishes each slot's entry: its own, or a copy marked shadowed by the first skill with its name in scan order.
 * Looks at every list of `byName` after a scan, and only at the clash names in `names` after an update. Returns the
 * slots whose published entry was replaced (the fresh ones, and those whose winner changed).
 */
export function deriveShadowing(
  byName: ReadonlyMap<string, Slot[]>,
  fresh: ReadonlySet<Slot>,
  names: ReadonlySet<string> | undefined,
  clashName: (skill: SkillDefinition) => ClashName,
  nameRange: (slot: Slot) => Range,
): Slot[] {
  const changed: Slot[] = [];
  const publish = (slot: Slot, winner: Slot | undefined) => {
    const shadow = winner ? shadowKey(slot.own, winner.own) : undefined;
    if (!fresh.has(slot) && shadow === slot.shadow) return;
    slot.shadow = shadow;
    if (!winner) slot.entry = slot.own;
    else {
      slot.nameRange ??= nameRange(slot);
      slot.entry = shadowed(slot.own, winner.own, slot.nameRange, clashName(slot.own.skill!));
    }
    changed.push(slot);
  };
  const lists = names ? [...names].map((n) => byName.get(n) ?? []) : [...byName.values()];
  const ranked = new Set<Slot>();
  for (const list of lists)
    list.forEach((slot, i) => (ranked.add(slot), publish(slot, i > 0 ? list[0] : undefined)));
  // Slots without a name to clash on (excluded, unparsed) are published as they are.
  for (const slot of fresh) if (!ranked.has(slot)) publish(slot, undefined);
  return changed;
}
