// Owns composed tool names "{skill}__{tool}" and their sanitising (DESIGN.md "Composed names").
const SAFE = /^[A-Za-z0-9_-]+$/;
const MAX_BYTES = 64;

/** FNV-1a 64-bit of the UTF-8 bytes, as 16 hex digits. */
export function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * `{skill}__{tool}` as is when it is non-empty, at most 64 bytes and only [A-Za-z0-9_-]; otherwise every other
 * character becomes `_`, the result is cut to 47 characters and `_` + the FNV-1a 64 hash of the raw name is
 * appended, so distinct raw names stay distinct.
 */
export function composeToolName(skill: string, tool: string): string {
  const raw = `${skill}__${tool}`;
  if (raw.length > 0 && SAFE.test(raw) && new TextEncoder().encode(raw).length <= MAX_BYTES) return raw;
  const sanitised = [...raw].map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : '_')).join('');
  return `${sanitised.slice(0, 47)}_${fnv1a64(raw)}`;
}
