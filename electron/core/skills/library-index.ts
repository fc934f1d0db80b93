// Owns a library's index: its slots in scan order and the lookups an update, the editor's validate and shadowing read
// (by manifest path, skill folder, id and clash name), kept in step as slots are remembered and forgotten.
// Tested by: test/integration/library.test.ts
import type { SkillDefinition } from '../../../shared/types.js';
import type { ClashName } from './shadowing.js';
import { compareSlots, insertSorted, removeFrom, type Slot } from './slots.js';

export class LibraryIndex {
  /** Every slot, in scan order. */
  slots: Slot[] = [];
  /** Manifest path (as found, and real) -> slot. */
  readonly byPath = new Map<string, Slot>();
  /** Skill folder -> its slots (winner first). */
  readonly byFolder = new Map<string, Slot[]>();
  /** Skill id -> the slot of its folder's winning manifest. */
  readonly byId = new Map<string, Slot>();
  /** Clash name -> the slots of that name in scan order: the first one wins, the others are shadowed. */
  readonly byName = new Map<string, Slot[]>();

  constructor(readonly clashName: (skill: SkillDefinition) => ClashName) {}

  clear(): void {
    this.slots = [];
    this.byPath.clear();
    this.byFolder.clear();
    this.byId.clear();
    this.byName.clear();
  }

  /** Adds a slot to the lookups (not to `slots`, whose order the caller keeps). */
  remember(slot: Slot): void {
    this.byPath.set(slot.own.path, slot);
    this.byPath.set(slot.real, slot);
    for (const path of slot.alsoAt) this.byPath.set(path, slot);
    insertSorted(this.byFolder, slot.folder, slot, (a, b) => a.rank - b.rank);
    if (slot.own.status === 'excluded') return;
    this.byId.set(slot.own.id, slot);
    if (slot.own.skill) insertSorted(this.byName, this.clashName(slot.own.skill).key, slot, compareSlots);
  }

  /** Removes a slot from the lookups (not from `slots`). */
  forget(slot: Slot): void {
    if (this.byPath.get(slot.own.path) === slot) this.byPath.delete(slot.own.path);
    if (this.byPath.get(slot.real) === slot) this.byPath.delete(slot.real);
    for (const path of slot.alsoAt) if (this.byPath.get(path) === slot) this.byPath.delete(path);
    if (this.byId.get(slot.own.id) === slot) this.byId.delete(slot.own.id);
    removeFrom(this.byFolder, slot.folder, slot);
    if (slot.own.skill) removeFrom(this.byName, this.clashName(slot.own.skill).key, slot);
  }
}
