// Owns the question "is this value a plain mapping?" for values read from manifests and JSON, the string view of
// such a mapping, and one of its fields as written.
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A mapping's string values; numbers and booleans as text, anything else left out. */
export function stringRecord(value: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** A mapping's field: the key as written (not its canonical spelling) and its value. */
export interface FieldRef {
  key: string;
  value: unknown;
}
