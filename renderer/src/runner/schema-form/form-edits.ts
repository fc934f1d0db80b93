// Owns the edits of a container: a member's new value applied to its object, map, list or tuple. Pure, so the form
// can hand each member a stable function that applies its change to the latest value, never a stale copy.
import { isJsonObject as isObj } from '../../../../shared/json-pointer.js';
import type { JsonValue } from '../../../../shared/types.js';
import { itemBlank } from './form-state.js';
import type { Field } from './field.js';

/** The object with `key` set to `v` (or removed when undefined); an object that was unset and is empty stays unset. */
export function withProperty(
  obj: JsonValue | undefined,
  key: string,
  v: JsonValue | undefined,
): JsonValue | undefined {
  const next: { [k: string]: JsonValue } = { ...(isObj(obj) ? obj : {}) };
  if (v === undefined) delete next[key];
  else next[key] = v;
  return Object.keys(next).length === 0 && obj === undefined ? undefined : next;
}

/** A map entry's new value: an entry whose value is cleared is removed (the object stays, even when empty). */
export function withEntry(obj: JsonValue | undefined, key: string, v: JsonValue | undefined): JsonValue {
  const next: { [k: string]: JsonValue } = { ...(isObj(obj) ? obj : {}) };
  if (v === undefined) delete next[key];
  else next[key] = v;
  return next;
}

/** The list with item `i` replaced; a cleared item becomes null (a list has no holes). */
export function withItem(list: JsonValue | undefined, i: number, v: JsonValue | undefined): JsonValue {
  const items = Array.isArray(list) ? list : [];
  return items.map((x, j) => (j === i ? (v === undefined ? null : v) : x));
}

/**
 * The tuple with position `i` set: earlier gaps are filled with blanks of their type (a position cannot be left out
 * before a later one); clearing the last position shortens the tuple, clearing an earlier one sets it to null.
 */
export function withTupleItem(
  field: Extract<Field, { kind: 'tuple' }>,
  list: JsonValue | undefined,
  i: number,
  v: JsonValue | undefined,
): JsonValue {
  const next = [...(Array.isArray(list) ? list : [])];
  for (let j = next.length; j < i; j++)
    next[j] = itemBlank(field.prefix[j] ?? field.rest ?? field.prefix[0]!);
  if (v === undefined && i >= next.length - 1) next.length = Math.min(next.length, i);
  else next[i] = v === undefined ? null : v;
  return next;
}
