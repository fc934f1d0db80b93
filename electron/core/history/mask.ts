// Owns masking secrets in recorded args: schema `writeOnly`, or names that say token/password/secret/key.
import type { JsonSchema, JsonValue } from '../../../shared/types.js';

export const MASK = '••••••';
const SECRET_WORDS = new Set([
  'token',
  'password',
  'passwd',
  'secret',
  'key',
  'apikey',
  'credential',
  'credentials',
  'auth',
  'authorization',
]);

/** Whether an argument name says it holds a secret: one of its words (camelCase, snake_case, kebab-case) does. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .map((w) => w.toLowerCase());
  return words.some((w) => SECRET_WORDS.has(w));
}

function child(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const props = schema.properties;
  if (props && typeof props === 'object' && !Array.isArray(props) && key in props)
    return props[key] as JsonSchema;
  return undefined;
}

/** A copy of the args with secret values replaced by MASK, recursively. */
export function maskSecrets(value: JsonValue, schema?: JsonSchema): JsonValue {
  if (Array.isArray(value)) {
    const items = schema && typeof schema === 'object' ? (schema.items as JsonSchema | undefined) : undefined;
    return value.map((v) => maskSecrets(v, items));
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(value)) {
    const s = child(schema, k);
    const secret = isSecretName(k) || (typeof s === 'object' && s !== null && s.writeOnly === true);
    Object.defineProperty(out, k, {
      value: secret && v !== null && v !== '' ? MASK : maskSecrets(v, s),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
