// Owns JSON pointers (RFC 6901): escaping keys, reading tokens, and following a pointer or a same-document `$ref`
// through objects and arrays alike, for both schema walkers (the form and the argument check).
import type { JsonValue } from './types.js';

export type JsonObject = { [key: string]: JsonValue };
export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A key as one pointer token ("a/b" → "a~1b"). */
export const escapeToken = (key: string | number): string =>
  String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** A token read back as its key; a `$ref` fragment may also be percent-encoded, so that is undone first. */
export function unescapeToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // not percent-encoded after all (a lone "%"): the token is read as written
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The keys a pointer names ("" is the whole document; "/a/0" is ["a", "0"]). */
export const pointerTokens = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.split('/').slice(1).map(unescapeToken);

/** One step down: an object's own member, or an array's item by index. */
export function childOf(node: JsonValue | undefined, key: string): JsonValue | undefined {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
  if (isJsonObject(node) && Object.hasOwn(node, key)) return node[key];
  return undefined;
}

/** The value a pointer names inside `root`, or undefined when any step is missing. */
export function valueAtPointer(root: JsonValue | undefined, pointer: string): JsonValue | undefined {
  let node = root;
  for (const key of pointerTokens(pointer)) {
    node = childOf(node, key);
    if (node === undefined) return undefined;
  }
  return node;
}

/** What a `$ref` names in the same document ("#/$defs/x", "#/allOf/1"); remote references are never fetched. */
export function resolveRef(ref: string, root: JsonValue): JsonValue | undefined {
  if (!ref.startsWith('#')) return undefined;
  return valueAtPointer(root, ref.slice(1));
}
