// Owns reading a tool's input schema along the validator's keyword locations: the schema node at a location, and
// the names a person reads for a value, a property or a union branch.
import {
  childOf,
  escapeToken,
  isJsonObject,
  pointerTokens,
  resolveRef,
  unescapeToken,
  type JsonObject,
} from '../json-pointer.js';
import type { JsonValue } from '../types.js';

export type Obj = JsonObject;
export const isObj = isJsonObject;
export const escape = escapeToken;
export const show = (v: JsonValue | undefined) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

const tokensOf = (location: string) => pointerTokens(location.replace(/^#/, ''));

/** A schema with its `$ref` followed (one step), or the schema itself. */
function followed(s: JsonValue | undefined, root: Obj): JsonValue | undefined {
  return isObj(s) && typeof s.$ref === 'string' ? resolveRef(s.$ref, root) : s;
}

/** A schema with its `$ref` target's keywords under its own (so its own title wins). */
function mergedRef(s: JsonValue | undefined, root: Obj): JsonValue | undefined {
  if (!isObj(s) || typeof s.$ref !== 'string') return s;
  const target = resolveRef(s.$ref, root);
  return isObj(target) ? { ...target, ...s } : s;
}

/** The schema node at a keyword location such as "#/properties/shape/$ref/oneOf/1/required" (without the keyword). */
export function schemaAt(location: string, root: Obj): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const key of tokensOf(location)) {
    if (node === undefined) return undefined;
    node =
      key === '$ref' && isObj(node) && typeof node.$ref === 'string'
        ? followed(node, root)
        : childOf(node, key);
  }
  return node;
}

/** The name a person reads for the value at a pointer: its title, else its property name, else "item N". */
export function labelOf(schemaNode: JsonValue | undefined, pointer: string, root: Obj): string {
  const node =
    isObj(schemaNode) && typeof schemaNode.title !== 'string' ? mergedRef(schemaNode, root) : schemaNode;
  if (isObj(node) && typeof node.title === 'string' && node.title.trim()) return node.title;
  const last = pointer.split('/').pop();
  if (pointer === '' || last === undefined) return 'The arguments';
  const key = unescapeToken(last);
  return /^\d+$/.test(key) ? `Item ${Number(key) + 1}` : key;
}

/** The schema describing a property of an object schema (its properties, then its patterns). */
export function propertySchema(
  objSchema: JsonValue | undefined,
  key: string,
  root: Obj,
): JsonValue | undefined {
  const s = followed(objSchema, root);
  if (!isObj(s)) return undefined;
  if (isObj(s.properties) && s.properties[key] !== undefined) return s.properties[key];
  for (const part of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[part];
    if (Array.isArray(list))
      for (const sub of list) {
        const found = propertySchema(sub, key, root);
        if (found !== undefined) return found;
      }
  }
  return undefined;
}

/** Keywords that step from a value into one of its members (the title read so far belonged to the parent). */
const DESCENDS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'dependentSchemas',
]);
const NAMED_CHILD = new Set(['properties', 'patternProperties', 'prefixItems', 'dependentSchemas']);

/**
 * The first title met along a keyword location at the level of the failing value: "Limit" for
 * "#/properties/limit/anyOf/0/minimum" when the property has the title and its branch has none.
 */
export function titleAlong(location: string, root: Obj): string | undefined {
  const parts = tokensOf(location);
  let node: JsonValue | undefined = root;
  let title: string | undefined = typeof root.title === 'string' ? root.title : undefined;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]!;
    if (node === undefined) return title;
    if (key === '$ref' && isObj(node) && typeof node.$ref === 'string') node = followed(node, root);
    else {
      if (DESCENDS.has(key)) {
        title = undefined;
        if (
          NAMED_CHILD.has(key) ||
          (key === 'items' && Array.isArray(isObj(node) ? node.items : undefined))
        ) {
          node =
            isObj(node) && isObj(node[key])
              ? node[key][parts[++i] ?? '']
              : isObj(node) && Array.isArray(node[key])
                ? node[key][Number(parts[++i])]
                : undefined;
        } else node = isObj(node) ? node[key] : undefined;
      } else if (Array.isArray(node)) node = node[Number(key)];
      else if (isObj(node)) node = node[key];
      else return title;
    }
    if (title === undefined && isObj(node) && typeof node.title === 'string' && node.title.trim())
      title = node.title;
  }
  return title;
}

/** The title another schema gives the same property ("Id" from an allOf part beside the one that failed). */
export function memberTitle(location: string, root: Obj): string | undefined {
  const m = /^(.*)\/properties\/([^/]+)\/[^/]+$/.exec(location);
  if (!m) return undefined;
  const container = schemaAt(m[1]!.replace(/\/(allOf|anyOf|oneOf)\/\d+$/, ''), root);
  return titledProperty(container, unescapeToken(m[2]!), root, 0);
}

function titledProperty(s: JsonValue | undefined, key: string, root: Obj, depth: number): string | undefined {
  if (depth > 8) return undefined;
  const node = followed(s, root);
  if (!isObj(node)) return undefined;
  const p = isObj(node.properties) ? node.properties[key] : undefined;
  if (isObj(p) && typeof p.title === 'string') return p.title;
  for (const part of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[part];
    if (Array.isArray(list))
      for (const sub of list) {
        const t = titledProperty(sub, key, root, depth + 1);
        if (t) return t;
      }
  }
  return undefined;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** What a union branch is called in a sentence ("a circle"), from its title or its const discriminator. */
export function branchName(branch: JsonValue | undefined, root: Obj): string | undefined {
  const b = mergedRef(branch, root);
  if (!isObj(b)) return undefined;
  if (typeof b.title === 'string' && b.title.trim()) return article(b.title.trim().toLowerCase());
  if (isObj(b.properties))
    for (const p of Object.values(b.properties))
      if (isObj(p) && typeof p.const === 'string') return article(p.const);
  return undefined;
}

/** The branch index a value belongs to: a const property equal to the value's, else undefined. */
export function discriminated(
  branches: JsonValue[],
  value: JsonValue | undefined,
  root: Obj,
): number | undefined {
  if (!isObj(value)) return undefined;
  for (const [i, raw] of branches.entries()) {
    const b = followed(raw, root);
    if (!isObj(b) || !isObj(b.properties)) continue;
    const consts = Object.entries(b.properties).filter(([, p]) => isObj(p) && 'const' in p);
    if (
      consts.length &&
      consts.every(([k, p]) => JSON.stringify(value[k]) === JSON.stringify((p as Obj).const))
    )
      return i;
  }
  return undefined;
}

/** " when country is "US"" for a `then` (or " unless …" for an `else`) whose `if` compares properties to consts. */
export function conditionText(location: string, root: Obj): string {
  const parentLoc = location.replace(/\/(then|else)$/, '');
  const parent = schemaAt(parentLoc, root);
  if (!isObj(parent) || !isObj(parent.if) || !isObj(parent.if.properties)) return '';
  const parts = Object.entries(parent.if.properties)
    .filter(([, p]) => isObj(p) && ('const' in p || (Array.isArray(p.enum) && p.enum.length === 1)))
    .map(([k, p]) => {
      const o = p as Obj;
      const v = 'const' in o ? o.const : (o.enum as JsonValue[])[0];
      return `${labelOf(propertySchema(parent, k, root), `/${k}`, root)} is ${show(v)}`;
    });
  if (!parts.length) return '';
  return location.endsWith('/then') ? ` when ${parts.join(' and ')}` : ` unless ${parts.join(' and ')}`;
}
