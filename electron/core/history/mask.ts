// Owns masking secrets in recorded args: schema `writeOnly`, or names that say token/password/secret/key.
import type { JsonSchema, JsonValue } from '../../../shared/types.js';

export const MASK = '••••••';
const SECRET_NAME =
  /(^|[_\-.\s]|(?<=[a-z]))(token|password|passwd|secret|api[_-]?key|apikey|key|credentials?|auth(orization)?)($|[_\-.\s]|(?=[A-Z]))/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) || /^(token|password|secret|key)$/i.test(name);
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
