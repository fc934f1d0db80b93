// Owns the `{{name}}` placeholder syntax: one pattern for tool templates, instruction variables and the rules
// that check them (issue 10: it was written five times).
// Tested by: test/unit/shared/syntax/shell-words.test.ts

/** Every placeholder in a text; group 1 is the name. Global: use with matchAll/replace, never with exec in a loop. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** A placeholder starting exactly at `index` of `text`: its name and length, or undefined. */
export function placeholderAt(text: string, index: number): { name: string; length: number } | undefined {
  if (text.charCodeAt(index) !== 123 || text.charCodeAt(index + 1) !== 123) return undefined; // fast path: "{{"
  const sticky = new RegExp(PLACEHOLDER.source, 'y');
  sticky.lastIndex = index;
  const m = sticky.exec(text);
  return m ? { name: m[1] ?? '', length: m[0].length } : undefined;
}

/** The distinct placeholder names of a text, in order of first use. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** Each placeholder replaced by `value(name, whole)`. */
export function replacePlaceholders(text: string, value: (name: string, whole: string) => string): string {
  return text.replace(PLACEHOLDER, (whole: string, name: string) => value(name, whole));
}
