// Owns reading a tool's text output as structured JSON: an object or array when the text is one, else nothing.
// Shared so the executor (process and HTTP output) and the renderer (any text output) agree.
import type { JsonValue } from './types.js';

export function parseStructured(text: string): JsonValue | undefined {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return JSON.parse(t) as JsonValue;
  } catch {
    return undefined;
  }
}
