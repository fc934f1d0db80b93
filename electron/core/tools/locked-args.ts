// Owns locked args: merging them over a caller's args, and removing them from the advertised schema.
import type { JsonSchema, JsonValue } from '../../../shared/types.js';

/** Keys that could reach an object's prototype: never copied from a caller, never able to unlock anything. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Locked keys always win; other caller keys pass through; a non-object caller value becomes `{}`.
 * The result is a fresh null-prototype-free plain object built with defineProperty, so no key can pollute.
 */
export function mergeLockedArgs(
  caller: JsonValue | undefined,
  locked: Record<string, JsonValue> | undefined,
): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  const put = (key: string, value: JsonValue) =>
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  if (caller && typeof caller === 'object' && !Array.isArray(caller)) {
    for (const key of Object.keys(caller)) {
      if (FORBIDDEN_KEYS.has(key) || (locked && Object.prototype.hasOwnProperty.call(locked, key))) continue;
      put(key, (caller as Record<string, JsonValue>)[key] ?? null);
    }
  }
  for (const key of Object.keys(locked ?? {})) put(key, (locked as Record<string, JsonValue>)[key] ?? null);
  return out;
}

/** The advertised schema: locked keys removed from `properties` and `required` (neither the form nor a model sees them). */
export function narrowSchema(schema: JsonSchema, lockedKeys: readonly string[]): JsonSchema {
  if (typeof schema !== 'object' || lockedKeys.length === 0) return schema;
  const copy: { [key: string]: JsonValue } = { ...schema };
  const properties = schema.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    copy.properties = Object.fromEntries(Object.entries(properties).filter(([k]) => !lockedKeys.includes(k)));
  }
  if (Array.isArray(schema.required))
    copy.required = schema.required.filter((k) => typeof k !== 'string' || !lockedKeys.includes(k));
  return copy;
}
