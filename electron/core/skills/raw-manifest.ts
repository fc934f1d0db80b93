// The parsed-but-not-interpreted form of any manifest format: data plus a way to find where each value was written.
import type { Diagnostic, Range, SkillFormat } from '../../../shared/types.js';
import type { LineIndex } from './line-index.js';

/** A path into the manifest data: object keys and array indexes, e.g. ['tools', 0, 'kind']. */
export type DataPath = ReadonlyArray<string | number>;

/** Which part of a key/value pair a span covers. */
export type SpanPart = 'key' | 'value' | 'pair';

export interface RawManifest {
  /** Absolute path of the manifest file. */
  file: string;
  format: SkillFormat;
  /** Decoded text of the manifest, BOM removed. */
  text: string;
  bom: boolean;
  eol: '\n' | '\r\n';
  lines: LineIndex;
  /** The manifest's top-level mapping, or undefined when it could not be read as one. */
  data: Record<string, unknown> | undefined;
  /** Instructions (Markdown body), with where they start in `bodyFile`. */
  body: string;
  bodyFile: string;
  bodyOffset: number;
  bodyLines: LineIndex;
  /** Where to report a problem with the manifest as a whole, e.g. a missing key: the frontmatter's opening line. */
  headerRange: Range;
  /** Offsets [start, end) in `text` of a key, a value or a whole pair, when the format can tell. */
  span(path: DataPath, part: SpanPart): [number, number] | undefined;
  /** The exact source text of a scalar value (so `version: 2.10` stays "2.10"). */
  scalarSource(path: DataPath): string | undefined;
  /** Problems found while reading and parsing. */
  diagnostics: Diagnostic[];
  /** YAML only: how each scalar was written, for style rules. */
  scalarStyle?(path: DataPath): 'plain' | 'quoted' | 'block' | undefined;
  /**
   * Lines of the frontmatter when its YAML has syntax errors: the parsed values there cannot be trusted, so rule
   * findings in those lines are dropped until the syntax is fixed.
   */
  unreliableLines?: { from: number; to: number };
}

export function rangeOf(raw: RawManifest, path: DataPath, part: SpanPart = 'value'): Range {
  const span = raw.span(path, part) ?? (part === 'value' ? raw.span(path, 'key') : undefined);
  if (!span) {
    // Fall back to the nearest located ancestor, then to the manifest header.
    for (let n = path.length - 1; n > 0; n--) {
      const parent = raw.span(path.slice(0, n), 'pair') ?? raw.span(path.slice(0, n), 'value');
      if (parent) return raw.lines.range(parent[0], firstLineEnd(raw, parent));
    }
    return raw.headerRange;
  }
  return raw.lines.range(span[0], span[1]);
}

function firstLineEnd(raw: RawManifest, span: [number, number]): number {
  const line = raw.lines.position(span[0]).line;
  return Math.min(span[1], raw.lines.lineEnd(line));
}
