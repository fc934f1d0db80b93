// Owns which branch speaks for each failing union: the user's pick, else the branch the value belongs to (its
// discriminator, else the fewest errors). Errors of every other branch stay unsaid.
import type { OutputUnit } from '@cfworker/json-schema';
import { valueAtPointer } from '../json-pointer.js';
import type { JsonValue } from '../types.js';
import { discriminated, isObj, schemaAt, type Obj } from './schema-walk.js';

/** The branch index chosen at each failing union's keyword location; -1 for an enum written as consts. */
export type ChosenBranches = Map<string, number>;

const isNullBranch = (s: JsonValue) =>
  isObj(s) && (s.type === 'null' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));

export function chooseBranches(
  units: OutputUnit[],
  root: Obj,
  value: JsonValue,
  picked: ReadonlyMap<string, number>,
): ChosenBranches {
  const chosen: ChosenBranches = new Map();
  for (const u of units) {
    if (u.keyword !== 'oneOf' && u.keyword !== 'anyOf') continue;
    const node = schemaAt(u.keywordLocation, root);
    const list = Array.isArray(node) ? node : [];
    const pointer = u.instanceLocation.replace(/^#/, '');
    // Only non-null branches are offered by the form; its index counts those.
    const offered = list.map((b, i) => ({ b, i })).filter(({ b }) => !isNullBranch(b));
    if (offered.length && offered.every(({ b }) => isObj(b) && 'const' in b)) {
      chosen.set(u.keywordLocation, -1); // an enum written as consts: one message for the whole choice
      continue;
    }
    const pick = picked.get(pointer);
    let index = pick !== undefined ? offered[pick]?.i : undefined;
    index ??= discriminated(list, valueAtPointer(value, pointer), root);
    index ??= fewestErrors(units, u.keywordLocation, offered);
    if (index !== undefined) chosen.set(u.keywordLocation, index);
  }
  return chosen;
}

/** The branch with the fewest errors of its own (a null value picks the null branch, which has none). */
function fewestErrors(
  units: OutputUnit[],
  location: string,
  offered: Array<{ i: number }>,
): number | undefined {
  let best = Infinity;
  let index: number | undefined;
  for (const { i } of offered) {
    const prefix = `${location}/${i}/`;
    const count = units.filter((x) => x.keywordLocation.startsWith(prefix)).length;
    if (count < best) {
      best = count;
      index = i;
    }
  }
  return index;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether an error belongs to a union branch other than the one chosen to speak. */
export function inOtherBranch(u: OutputUnit, chosen: ChosenBranches): boolean {
  return [...chosen].some(([loc, i]) => {
    const m = new RegExp(`^${escapeRe(loc)}/(\\d+)(/|$)`).exec(u.keywordLocation);
    return m !== null && Number(m[1]) !== i;
  });
}
