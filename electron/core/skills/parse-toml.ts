// Owns reading SKILL.toml / manifest.toml (ZeroClaw-style `[skill]` table or top-level keys, `[[tools]]`).
import type * as SmolToml from 'smol-toml';
import type { Diagnostic, SkillFormat } from '../../../shared/types.js';
import { makeDiagnostic } from './diagnostic.js';
import { INSTRUCTION_KEYS } from './keys.js';
import { LineIndex } from './line-index.js';
import type { ManifestText } from './manifest-text.js';
import type { DataPath, RawManifest, SpanPart } from './raw-manifest.js';
import { loadLater } from '../load-later.js';
import { JSON_MAX_DEPTH } from '../../../shared/json-read.js';

// smol-toml is required on the first TOML manifest, not at startup (issue 14: most libraries have none).
const toml = loadLater<typeof SmolToml>('smol-toml');

export function parseTomlManifest(file: string, source: ManifestText, format: SkillFormat): RawManifest {
  const { text } = source;
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  let data: Record<string, unknown> | undefined;
  try {
    const parsed = toml().parse(text, { maxDepth: JSON_MAX_DEPTH }) as Record<string, unknown>;
    // `[skill]` holds the metadata in ZeroClaw manifests; flatten it so every format yields the same keys.
    const { skill, ...rest } = parsed;
    data = isRecord(skill) ? { ...skill, ...rest } : parsed;
  } catch (error) {
    const line = error instanceof toml().TomlError ? error.line : 1;
    const column = error instanceof toml().TomlError ? error.column : 1;
    const message =
      (error as Error).message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid TOML';
    const lineEnd = lines.lineEnd(line);
    const start = lines.lineStart(line) + column - 1;
    diagnostics.push(
      makeDiagnostic(
        'error',
        'toml-syntax',
        `TOML syntax error: ${message} (line ${line}, column ${column}). Fix the TOML at that point.`,
        file,
        lines.range(start, Math.max(start + 1, lineEnd)),
      ),
    );
  }
  const keyLines = indexTomlKeys(text);
  const span = (path: DataPath, part: SpanPart): [number, number] | undefined => {
    const entry = keyLines.get(pathKey(path));
    if (!entry) return undefined;
    return part === 'key' ? entry.key : part === 'value' ? entry.value : [entry.key[0], entry.value[1]];
  };
  const instructions = instructionsOf(data);
  const bodyEntry = instructions.key ? keyLines.get(pathKey([instructions.key])) : undefined;
  const headerRange = lines.lineRange(firstContentLine(lines));
  return {
    file,
    format,
    text,
    bom: source.bom,
    eol: source.eol,
    lines,
    data,
    body: instructions.text,
    bodyFile: file,
    // A multi-line string's content starts after its opening quotes and line break.
    bodyOffset: bodyEntry ? multilineContentStart(text, bodyEntry.value[0]) : 0,
    bodyLines: bodyEntry ? lines : new LineIndex(instructions.text),
    headerRange,
    span,
    scalarSource: (path) => {
      const entry = keyLines.get(pathKey(path));
      if (!entry) return undefined;
      const raw = text.slice(entry.value[0], entry.value[1]).trim();
      return /^["']/.test(raw) ? undefined : raw;
    },
    diagnostics,
  };
}

function instructionsOf(data: Record<string, unknown> | undefined): { key?: string; text: string } {
  if (!data) return { text: '' };
  for (const key of INSTRUCTION_KEYS) {
    const v = data[key];
    if (typeof v === 'string') return { key, text: v };
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return { key, text: v.join('\n\n') };
  }
  return { text: '' };
}

interface KeySpan {
  key: [number, number];
  value: [number, number];
}

const pathKey = (path: DataPath): string => path.map(String).join('\u0000');

/**
 * smol-toml gives no positions, so keys are located by scanning lines: table headers set the current path
 * (`[[tools]]` counts its entries, `[skill]` maps to the top level) and `key = value` lines are recorded.
 */
function indexTomlKeys(text: string): Map<string, KeySpan> {
  const out = new Map<string, KeySpan>();
  const arrayCounts = new Map<string, number>();
  let table: Array<string | number> = [];
  const lineRe = /[^\r\n]*(\r\n|\n|\r|$)/g;
  let m: RegExpExecArray | null;
  let inMultiline: string | undefined;
  while ((m = lineRe.exec(text)) && m[0] !== '') {
    const start = m.index;
    const line = m[0].replace(/[\r\n]+$/, '');
    if (inMultiline) {
      if (line.includes(inMultiline)) inMultiline = undefined;
      continue;
    }
    const header = /^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      const parts = splitDotted(header[2] ?? '');
      if (header[1] === '[[') {
        const k = parts.join('.');
        const n = arrayCounts.get(k) ?? 0;
        arrayCounts.set(k, n + 1);
        table = [...parts, n];
        out.set(pathKey(table), { key: [start, start + line.length], value: [start, start + line.length] });
      } else {
        table = parts[0] === 'skill' ? parts.slice(1) : parts;
      }
      continue;
    }
    const kv = /^(\s*)((?:"[^"]*"|'[^']*'|[A-Za-z0-9_.\- ]+?))\s*=\s*/.exec(line);
    if (!kv) continue;
    const keyStart = start + (kv[1]?.length ?? 0);
    const keyText = kv[2] ?? '';
    const valueStart = start + kv[0].length;
    let valueEnd = start + line.length;
    const rest = line.slice(kv[0].length);
    const opener = /^("""|''')/.exec(rest)?.[1];
    if (opener && !rest.slice(3).includes(opener)) {
      const close = text.indexOf(opener, valueStart + 3);
      valueEnd = close === -1 ? text.length : close + 3;
      inMultiline = opener;
    }
    out.set(pathKey([...table, ...splitDotted(keyText)]), {
      key: [keyStart, keyStart + keyText.length],
      value: [valueStart, valueEnd],
    });
  }
  return out;
}

function splitDotted(key: string): string[] {
  const parts: string[] = [];
  const re = /\s*("([^"]*)"|'([^']*)'|[^.]+)\s*(\.|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key)) && m[0] !== '') parts.push((m[2] ?? m[3] ?? m[1] ?? '').trim());
  return parts;
}

function multilineContentStart(text: string, valueStart: number): number {
  const opener = text.slice(valueStart, valueStart + 3);
  if (opener !== '"""' && opener !== "'''") return valueStart + 1;
  let i = valueStart + 3;
  if (text[i] === '\r') i++;
  if (text[i] === '\n') i++;
  return i;
}

function firstContentLine(lines: LineIndex): number {
  for (let l = 1; l <= lines.lineCount; l++) {
    const t = lines.lineText(l).trim();
    if (t !== '' && !t.startsWith('#')) return l;
  }
  return 1;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
