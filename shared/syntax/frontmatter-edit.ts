// Owns editing SKILL.md frontmatter as data: finding it, reading its fields, and writing one field back through
// the `yaml` Document API so comments, key order and the other values' styles survive (DESIGN.md "Editing").
import { CST, isMap, isScalar, isSeq, Parser, parseDocument, stringify } from 'yaml';
import { splitFrontmatter } from './frontmatter.js';
import type { JsonValue } from '../types.js';
import { FRONTMATTER_YAML, MAX_YAML_ALIASES } from './yaml-options.js';

/** The frontmatter's YAML as the validator reads it (duplicate keys are errors here as there). */
const parseFrontmatterYaml = (source: string) =>
  parseDocument(source, { ...FRONTMATTER_YAML, uniqueKeys: true });

interface FrontmatterRange {
  /** 1-based line of the opening `---`. */
  startLine: number;
  /** 1-based line of the closing `---`. */
  endLine: number;
  /** The YAML between the fences. */
  yaml: string;
  /** Offsets of the YAML inside the text. */
  from: number;
  to: number;
  /** Where the Markdown body starts. */
  bodyStart: number;
}

/** The frontmatter block of a SKILL.md, found exactly as the validator finds it (one split, in shared/). */
export function frontmatterRange(text: string): FrontmatterRange | undefined {
  const split = splitFrontmatter(text);
  if (split.kind !== 'ok') return undefined;
  return {
    startLine: split.openLine,
    endLine: split.closeLine,
    yaml: text.slice(split.yamlStart, split.yamlEnd),
    from: split.yamlStart,
    to: split.yamlEnd,
    bodyStart: split.bodyStart,
  };
}

/** The body after the frontmatter (the whole text when there is none). */
export function bodyOf(text: string): string {
  const range = frontmatterRange(text);
  return range ? text.slice(range.bodyStart) : text;
}

type FrontmatterRead = { ok: true; fields: Record<string, JsonValue> } | { ok: false; message: string };

export function readFrontmatter(text: string): FrontmatterRead {
  const range = frontmatterRange(text);
  if (!range)
    return { ok: false, message: 'The file has no frontmatter: start it with a line holding only ---.' };
  const doc = parseFrontmatterYaml(range.yaml);
  if (doc.errors.length) {
    const e = doc.errors[0];
    const line = (e?.linePos?.[0].line ?? 1) + range.startLine;
    return {
      ok: false,
      message: `The frontmatter has a YAML error at line ${line}: fix it in the editor first.`,
    };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch {
    return {
      ok: false,
      message: 'The frontmatter has a YAML alias that cannot be expanded (no such anchor, or too many).',
    };
  }
  if (value === null || value === undefined) return { ok: true, fields: {} };
  if (typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'The frontmatter is not a mapping of keys to values.' };
  return { ok: true, fields: value as Record<string, JsonValue> };
}

/**
 * The text with one top-level frontmatter key set (or removed when `value` is undefined). Everything outside the
 * frontmatter is untouched byte for byte. Inside it: changing a scalar rewrites only that scalar (through the CST, so
 * spacing, comments and quoting around it stay as written); a new key is appended as one line; anything else goes
 * through the Document API, which keeps comments and order.
 */
export function setFrontmatterField(text: string, key: string, value: JsonValue | undefined): string {
  const range = frontmatterRange(text);
  if (!range) throw new Error('The file has no frontmatter to edit.');
  const doc = parseFrontmatterYaml(range.yaml);
  if (doc.errors.length) throw new Error('The frontmatter has a YAML error; fix it in the editor first.');
  if (doc.contents !== null && !isMap(doc.contents)) throw new Error('The frontmatter is not a mapping.');
  const eol = /\r\n/.test(range.yaml) || (!range.yaml.includes('\n') && /\r\n/.test(text)) ? '\r\n' : '\n';
  const existing = doc.get(key, true);
  const candidates: Array<() => string> = [];
  if (value !== undefined && isScalar(existing) && (value === null || typeof value !== 'object'))
    candidates.push(() => setScalarInPlace(range.yaml, key, value));
  if (value !== undefined && existing === undefined) {
    const line = stringify({ [key]: value }, { lineWidth: 0 }).replace(/\n/g, eol);
    const body = range.yaml === '' || range.yaml.endsWith('\n') ? range.yaml : range.yaml + eol;
    candidates.push(() => body + line);
  }
  candidates.push(() => {
    if (value === undefined) doc.delete(key);
    else doc.set(key, value);
    const empty = doc.contents === null || (isMap(doc.contents) && doc.contents.items.length === 0);
    const out = empty ? '' : doc.toString({ lineWidth: 0 });
    return eol === '\r\n' ? out.replace(/\r?\n/g, '\r\n') : out;
  });
  for (const make of candidates) {
    const yaml = make();
    // A rewrite must read back as intended (a plain scalar that would turn into a number, say, falls through).
    const check = parseFrontmatterYaml(yaml);
    const got = check.errors.length
      ? Symbol('error')
      : (check.toJS() as Record<string, unknown> | null)?.[key];
    if (JSON.stringify(got) === JSON.stringify(value))
      return text.slice(0, range.from) + yaml + text.slice(range.to);
  }
  throw new Error(`Could not write ${key} into the frontmatter.`);
}

/**
 * The text with `item` appended to the top-level list `key` (a new list when the key is absent). The list's other
 * items, their comments and the rest of the frontmatter are kept (issue 16: "Wrap as skill tool" adds a tool).
 */
export function appendFrontmatterListItem(text: string, key: string, item: JsonValue): string {
  const range = frontmatterRange(text);
  if (!range) throw new Error('The file has no frontmatter to edit.');
  const doc = parseFrontmatterYaml(range.yaml);
  if (doc.errors.length) throw new Error('The frontmatter has a YAML error; fix it in the editor first.');
  const existing = doc.get(key, true);
  if (existing === undefined) return setFrontmatterField(text, key, [item]);
  if (!isSeq(existing))
    throw new Error(`\`${key}\` in the frontmatter is not a list; fix it in the editor first.`);
  const before = (doc.toJS() as Record<string, JsonValue[]>)[key] ?? [];
  doc.addIn([key], doc.createNode(item));
  const eol = /\r\n/.test(range.yaml) ? '\r\n' : '\n';
  const raw = doc.toString({ lineWidth: 0 });
  const yaml = eol === '\r\n' ? raw.replace(/\r?\n/g, '\r\n') : raw;
  const after = (parseFrontmatterYaml(yaml).toJS() as Record<string, JsonValue[]>)[key];
  if (JSON.stringify(after) !== JSON.stringify([...before, item]))
    throw new Error(`Could not add to ${key} in the frontmatter.`);
  return text.slice(0, range.from) + yaml + text.slice(range.to);
}

/** Rewrites the value token of a top-level key in place; every other byte of the YAML stays. */
function setScalarInPlace(yaml: string, key: string, value: string | number | boolean | null): string {
  const tokens = [...new Parser().parse(yaml)];
  const document = tokens.find((t) => t.type === 'document');
  const map = document && document.type === 'document' ? document.value : undefined;
  if (!map || map.type !== 'block-map') return yaml;
  for (const item of map.items) {
    if (!item.key || !CST.isScalar(item.key) || CST.resolveAsScalar(item.key)?.value !== key) continue;
    if (!item.value || !CST.isScalar(item.value)) return yaml;
    const plain = typeof value !== 'string';
    CST.setScalarValue(item.value, value === null ? 'null' : String(value), {
      afterKey: true,
      ...(plain ? { type: 'PLAIN' as const } : {}),
    });
    return tokens.map((t) => CST.stringify(t)).join('');
  }
  return yaml;
}
