// Owns editing SKILL.md frontmatter as data: finding it, reading its fields, and writing one field back through
// the `yaml` Document API so comments, key order and the other values' styles survive (DESIGN.md "Editing").
import { isMap, isScalar, parseDocument } from 'yaml';
import type { JsonValue } from '../../../shared/types.js';

export interface FrontmatterRange {
  /** 1-based line of the opening `---`. */
  startLine: number;
  /** 1-based line of the closing `---` (or `...`). */
  endLine: number;
  /** The YAML between the fences. */
  yaml: string;
  /** Offsets of the YAML inside the text. */
  from: number;
  to: number;
}

/** The frontmatter block of a SKILL.md, when the text opens with one and closes it. */
export function frontmatterRange(text: string): FrontmatterRange | undefined {
  const body = text.startsWith('\ufeff') ? 1 : 0;
  const first = /^---[ \t]*\r?\n/.exec(text.slice(body));
  if (!first) return undefined;
  const from = body + first[0].length;
  const fence = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/gm;
  fence.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = fence.exec(text))) {
    if (m.index < from) continue;
    const endLine = text.slice(0, m.index).split('\n').length;
    return { startLine: 1, endLine, yaml: text.slice(from, m.index), from, to: m.index };
  }
  return undefined;
}

/** The body after the frontmatter (the whole text when there is none). */
export function bodyOf(text: string): string {
  const range = frontmatterRange(text);
  if (!range) return text;
  return text.slice(range.to).replace(/^(?:---|\.\.\.)[ \t]*\r?\n?/, '');
}

export type FrontmatterRead =
  | { ok: true; fields: Record<string, JsonValue> }
  | { ok: false; message: string };

export function readFrontmatter(text: string): FrontmatterRead {
  const range = frontmatterRange(text);
  if (!range) return { ok: false, message: 'The file has no frontmatter: start it with a line holding only ---.' };
  const doc = parseDocument(range.yaml, { uniqueKeys: true });
  if (doc.errors.length) {
    const e = doc.errors[0];
    const line = (e?.linePos?.[0].line ?? 1) + range.startLine;
    return { ok: false, message: `The frontmatter has a YAML error at line ${line}: fix it in the editor first.` };
  }
  const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (value === null || value === undefined) return { ok: true, fields: {} };
  if (typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'The frontmatter is not a mapping of keys to values.' };
  return { ok: true, fields: value as Record<string, JsonValue> };
}

/**
 * The text with one top-level frontmatter key set (or removed when `value` is undefined). Everything outside the
 * frontmatter is untouched byte for byte; inside it, comments and order are kept and line endings follow the file.
 */
export function setFrontmatterField(text: string, key: string, value: JsonValue | undefined): string {
  const range = frontmatterRange(text);
  if (!range) throw new Error('The file has no frontmatter to edit.');
  const doc = parseDocument(range.yaml, { uniqueKeys: true, keepSourceTokens: true });
  if (doc.errors.length) throw new Error('The frontmatter has a YAML error; fix it in the editor first.');
  if (doc.contents !== null && !isMap(doc.contents)) throw new Error('The frontmatter is not a mapping.');
  if (value === undefined) doc.delete(key);
  else {
    const node = doc.get(key, true);
    // Keep a scalar's quoting style when only its value changes.
    if (isScalar(node) && typeof value !== 'object') node.value = value;
    else doc.set(key, value);
  }
  const eol = range.yaml.includes('\r\n') || /\r\n/.test(text) ? '\r\n' : '\n';
  let yaml = doc.contents === null || (isMap(doc.contents) && doc.contents.items.length === 0) ? '' : doc.toString({ lineWidth: 0 });
  if (eol === '\r\n') yaml = yaml.replace(/\r?\n/g, '\r\n');
  return text.slice(0, range.from) + yaml + text.slice(range.to);
}
