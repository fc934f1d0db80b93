// Owns merging the parts of an allOf into one schema the normaliser can draw, or saying why they cannot merge.
import {
  isJsonObject as isObj,
  resolveRef,
  type JsonObject as Obj,
} from '../../../../shared/json-pointer.js';
import type { JsonValue } from '../../../../shared/types.js';
import { sameValue } from './field.js';

/** The object schema a same-document `$ref` names (into objects or arrays alike), else undefined. */
export function objectAt(ref: string, root: Obj): Obj | undefined {
  const target = resolveRef(ref, root);
  return isObj(target) ? target : undefined;
}

/**
 * Merges the parts of an allOf into one schema when they agree: properties by name (a property in several parts
 * becomes the allOf of its schemas), `required` joined, other keywords equal or given once. The reason, when they
 * conflict.
 */
export function mergeAllOf(parts: Obj[], root: Obj): Obj | string {
  const out: Obj = {};
  const props: Record<string, JsonValue[]> = {};
  const required = new Set<string>();
  for (const [i, raw] of parts.entries()) {
    let part = raw;
    if (typeof part.$ref === 'string') {
      const target = objectAt(part.$ref, root);
      if (!target) return `part ${i + 1} refers to ${part.$ref}, which does not resolve`;
      const { $ref: _r, ...rest } = part;
      part = { ...target, ...rest };
    }
    if (Array.isArray(part.allOf)) {
      const { allOf, ...rest } = part;
      const inner = mergeAllOf([...allOf.filter(isObj), rest], root);
      if (typeof inner === 'string') return inner;
      part = inner;
    }
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isObj(v)) {
        for (const [name, p] of Object.entries(v)) (props[name] ??= []).push(p);
      } else if (k === 'required' && Array.isArray(v)) {
        for (const r of v) if (typeof r === 'string') required.add(r);
      } else if (k === 'title' || k === 'description' || k === '$comment' || k === '$schema' || k === '$id') {
        out[k] = v; // the schema around the allOf (the last part) names the whole
      } else if (k in out && !sameValue(out[k], v)) {
        return `its parts disagree on "${k}"`;
      } else out[k] = v;
    }
  }
  // additionalProperties: false in one part refuses the properties the other parts declare.
  for (const [i, raw] of parts.entries()) {
    const part = typeof raw.$ref === 'string' ? (objectAt(raw.$ref, root) ?? raw) : raw;
    if (part.additionalProperties === false) {
      const own = isObj(part.properties) ? Object.keys(part.properties) : [];
      const foreign = Object.keys(props).find((name) => !own.includes(name));
      if (foreign) return `part ${i + 1} refuses "${foreign}", which another part declares`;
    }
  }
  if (Object.keys(props).length)
    out.properties = Object.fromEntries(
      Object.entries(props).map(([name, list]) => [
        name,
        list.length === 1 ? (list[0] as JsonValue) : { allOf: list },
      ]),
    );
  if (required.size) out.required = [...required];
  return out;
}
