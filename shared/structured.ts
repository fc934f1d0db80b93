// Owns reading a tool's text output as structured JSON: an object or array when the text is one, else nothing.
// Shared so the executor (process and HTTP output) and the renderer (any text output) agree.
// Tested by: test/unit/shared/json-read.test.ts
import { readJson } from './json-read.js';
import type { JsonValue } from './types.js';

/** The output as JSON, through the one bounded reader: output nested too deep stays text, never a value. */
export function parseStructured(text: string): JsonValue | undefined {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  const read = readJson(t);
  return read.ok ? read.value : undefined;
}
