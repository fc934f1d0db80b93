// Owns parsing YAML safely (no tags that construct objects, bounded aliases) and locating values in it.
// Tested by: test/unit/core/skills/yaml-fast-path.test.ts
import jsyaml from 'js-yaml';
import type * as Yaml from 'yaml';
import type { Document, Node, Pair, Scalar, YAMLError, YAMLMap } from 'yaml';
import type { DataPath, SpanPart } from './raw-manifest.js';
import { loadLater } from '../load-later.js';
import { FRONTMATTER_YAML, MAX_YAML_ALIASES } from '../../../shared/syntax/yaml-options.js';

// `yaml` is CommonJS, about 70 modules, and only needed for a Document: required on first use, not at startup
// (issue 14), so validating clean frontmatter never loads it.
const yaml = loadLater<typeof Yaml>('yaml');

export const isYamlMap = (node: unknown): node is YAMLMap => yaml().isMap(node);
export const isYamlScalar = (node: unknown): node is Scalar => yaml().isScalar(node);

export { MAX_YAML_ALIASES };

export interface ParsedYaml {
  doc: Document.Parsed;
  /** The document as plain data, or undefined when alias expansion hit the limit. */
  value: unknown;
  errors: YAMLError[];
  warnings: YAMLError[];
  aliasLimitHit: boolean;
}

export function parseYaml(source: string): ParsedYaml {
  const doc = yaml().parseDocument(source, {
    ...FRONTMATTER_YAML,
    uniqueKeys: false, // checked below in linear time; yaml's own check is quadratic in the number of keys
    prettyErrors: false,
  });
  let value: unknown;
  let aliasLimitHit = false;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    // An alias of no anchor (`*bold*` in a value) also throws here: that one is a syntax error, reported as such.
    aliasLimitHit = /excessive alias count/i.test((error as Error).message);
  }
  return {
    doc,
    value,
    errors: [...doc.errors, ...duplicateKeyErrors(doc)],
    warnings: doc.warnings,
    aliasLimitHit,
  };
}

/** A DUPLICATE_KEY error for every repeated scalar key of every mapping (`a` and `"a"` are the same key). */
function duplicateKeyErrors(doc: Document.Parsed): YAMLError[] {
  const errors: YAMLError[] = [];
  const { isScalar, visit, YAMLParseError } = yaml();
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key) || !pair.key.range) continue;
        const key = String(pair.key.value);
        if (seen.has(key)) {
          errors.push(
            new YAMLParseError(
              [pair.key.range[0], pair.key.range[1]],
              'DUPLICATE_KEY',
              'Map keys must be unique',
            ),
          );
        } else seen.add(key);
      }
    },
  });
  return errors;
}

/**
 * YAML 1.2 core schema for js-yaml, written from the spec so it resolves scalars exactly as `yaml`'s 'core'
 * schema does (js-yaml's own CORE_SCHEMA also accepts YAML 1.1 forms such as `1_000`).
 */
const CORE_1_2 = jsyaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    new jsyaml.Type('tag:yaml.org,2002:null', {
      kind: 'scalar',
      resolve: (s: string) => /^(?:~|null|Null|NULL)?$/.test(s),
      construct: () => null,
    }),
    new jsyaml.Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (s: string) => /^(?:true|True|TRUE|false|False|FALSE)$/.test(s),
      construct: (s: string) => s[0] === 't' || s[0] === 'T',
    }),
    new jsyaml.Type('tag:yaml.org,2002:int', {
      kind: 'scalar',
      resolve: (s: string) => /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(s),
      construct: (s: string) =>
        s.startsWith('0o')
          ? parseInt(s.slice(2), 8)
          : s.startsWith('0x')
            ? parseInt(s.slice(2), 16)
            : parseInt(s, 10),
    }),
    new jsyaml.Type('tag:yaml.org,2002:float', {
      kind: 'scalar',
      resolve: (s: string) =>
        /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/.test(
          s,
        ),
      construct: (s: string) => {
        if (/\.nan$/i.test(s)) return NaN;
        if (/\.inf$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
        return parseFloat(s);
      },
    }),
  ],
});

/**
 * Where an anchor (`&`), an alias (`*`) or a tag (`!`) could start: at a line's start or after a space, a flow
 * indicator, or the `:` that follows a quoted key or a flow collection in a flow mapping (`{"a":*x}`). The same
 * characters inside a scalar (`Bash(git:*)`, `Hello!`) are only text.
 */
const NODE_PROPERTY = /(?:^|[\s[{,]|["'\]}]:)[&*!]/m;

/**
 * The fast path: plain data from js-yaml (several times faster than building a `yaml` Document), taken only when
 * the source has no anchors, aliases or tags and parses without any error. Anything else returns undefined and
 * goes through `parseYaml`, which owns every diagnostic. The same parse records where each top-level entry is
 * written (`TopLevelSpans`), so the common positions need no Document; the rest come from the `yaml` Document,
 * built lazily.
 */
export function parseYamlFast(
  source: string,
): { value: unknown; top: TopLevelSpans | undefined } | undefined {
  if (NODE_PROPERTY.test(source)) return undefined;
  const recorder = new TopLevelRecorder(source);
  try {
    const value = jsyaml.load(source, { schema: CORE_1_2, json: false, listener: recorder.listener });
    return { value, top: recorder.done(value) };
  } catch {
    return undefined;
  }
}

/** One top-level pair as js-yaml's listener saw it: offsets where its key and value nodes opened and closed. */
interface RecordedPair {
  keyStart: number;
  keyEnd: number;
  /** Where js-yaml opened the value: just after the `:`, before the separating space. */
  valueOpen: number;
  valueClose: number;
  /** js-yaml's node kind: 'scalar', 'mapping', 'sequence', or null for an empty value. */
  valueKind: string | null;
}

/**
 * Listens to js-yaml's open/close events (each node's `composeNode`, with `state.position`) and keeps those of the
 * top-level block mapping's keys and values, which alternate. Anything it does not follow exactly (a flow mapping at
 * the top, an explicit `? ` key, a key that is not a scalar) turns recording off, and every position then comes from
 * the Document.
 */
class TopLevelRecorder {
  private depth = 0;
  private ok = true;
  private atKey = true;
  private keyStart = 0;
  private keyEnd = 0;
  private key = '';
  private valueOpen = 0;
  private readonly pairs = new Map<string, RecordedPair>();

  constructor(private readonly source: string) {}

  readonly listener = (event: jsyaml.EventType, state: jsyaml.State): void => {
    if (event === 'open') {
      this.depth++;
      if (this.depth === 1) {
        if (this.source.charCodeAt(state.position) === 0x7b /* { */) this.ok = false;
      } else if (this.depth === 2 && this.ok) {
        if (this.atKey) {
          this.keyStart = state.position;
          // An implicit key opens on its first character; `? key` opens on the space after the `?`.
          if (isSpace(this.source.charCodeAt(state.position))) this.ok = false;
        } else this.valueOpen = state.position;
      }
      return;
    }
    if (this.depth === 2 && this.ok) {
      if (this.atKey) {
        if (state.kind !== 'scalar') this.ok = false;
        else {
          this.key = String(state.result);
          this.keyEnd = state.position;
        }
      } else {
        this.pairs.set(this.key, {
          keyStart: this.keyStart,
          keyEnd: this.keyEnd,
          valueOpen: this.valueOpen,
          valueClose: state.position,
          valueKind: state.kind,
        });
      }
      this.atKey = !this.atKey;
    }
    this.depth--;
  };

  done(value: unknown): TopLevelSpans | undefined {
    if (!this.ok || !this.atKey || value === null || typeof value !== 'object' || Array.isArray(value))
      return undefined;
    return new TopLevelSpans(this.source, this.pairs, value as Record<string, unknown>);
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Offset of the first character after spaces, line breaks and comments, from `at`. */
function skipSeparation(source: string, at: number): number {
  let i = at;
  for (;;) {
    const c = source.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === 0x23 /* # */) {
      while (i < source.length && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else return i;
  }
}

/** `end` moved back over trailing spaces and line breaks. */
function trimEnd(source: string, start: number, end: number): number {
  let i = end;
  while (i > start && isSpace(source.charCodeAt(i - 1))) i--;
  return i;
}

/**
 * Where each top-level entry of a block mapping is written, from the fast parse, in the terms of the `yaml`
 * Document's ranges (so `yamlSpan` answers the same either way; tested on every fixture and the bench corpus).
 * Keys are always known; a value is known when it is a flow scalar (plain or quoted) or empty, and `unknown`
 * otherwise (block scalars and collections), which sends the question to the Document.
 */
class TopLevelSpans {
  constructor(
    private readonly source: string,
    private readonly pairs: ReadonlyMap<string, RecordedPair>,
    private readonly data: Readonly<Record<string, unknown>>,
  ) {}

  /** The key's range, or undefined when the mapping has no such key. */
  key(name: string): [number, number] | undefined {
    const p = this.pairs.get(name);
    if (!p) return undefined;
    const quoted = this.source.charCodeAt(p.keyStart);
    return [
      p.keyStart,
      quoted === 0x22 || quoted === 0x27 ? p.keyEnd : trimEnd(this.source, p.keyStart, p.keyEnd),
    ];
  }

  /** How the value is written. */
  style(name: string): 'plain' | 'quoted' | 'block' | 'collection' | undefined {
    const p = this.pairs.get(name);
    if (!p) return undefined;
    if (p.valueKind === null) return 'plain'; // the Document's empty value is a plain scalar
    if (p.valueKind !== 'scalar') return 'collection';
    const c = this.source.charCodeAt(skipSeparation(this.source, p.valueOpen));
    return c === 0x22 || c === 0x27 ? 'quoted' : c === 0x7c || c === 0x3e ? 'block' : 'plain';
  }

  /** The value's range, null when the value is empty, or 'unknown' for a block scalar or a collection. */
  value(name: string): [number, number] | null | 'unknown' | undefined {
    const p = this.pairs.get(name);
    const style = this.style(name);
    if (!p || style === undefined) return undefined;
    if (style === 'block' || style === 'collection') return 'unknown';
    if (p.valueKind === null) return null;
    const start = skipSeparation(this.source, p.valueOpen);
    return [start, style === 'quoted' ? p.valueClose : trimEnd(this.source, start, p.valueClose)];
  }

  /** The value as parsed (for a quoted or block scalar, its text is its source). */
  parsed(name: string): unknown {
    return this.data[name];
  }
}

/**
 * Where one YAML source's values are written: the top-level entries recorded by the fast parse when it ran, and the
 * `yaml` Document (built on first call) for everything else.
 */
export interface YamlPositions {
  top: TopLevelSpans | undefined;
  document(): Document.Parsed;
}

/** The node at a data path, walking maps by key text and sequences by index. */
function nodeAt(doc: Document.Parsed, path: DataPath): { key?: Node; value?: Node | null } | undefined {
  const { isMap, isSeq } = yaml();
  let current: unknown = doc.contents;
  let key: Node | undefined;
  for (const seg of path) {
    if (isMap(current)) {
      const pair = pairIndex(current).get(String(seg));
      if (!pair) return undefined;
      key = pair.key as Node;
      current = pair.value;
    } else if (isSeq(current) && typeof seg === 'number') {
      current = current.items[seg];
      key = undefined;
      if (current === undefined) return undefined;
    } else return undefined;
  }
  return { key, value: (current as Node | null) ?? null };
}

const pairIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

/** Key text -> first pair, built once per mapping so locating many keys stays linear. */
function pairIndex(map: YAMLMap): Map<string, Pair> {
  let index = pairIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) {
      if (!isYamlScalar(p.key)) continue;
      const k = String(p.key.value);
      if (!index.has(k)) index.set(k, p);
    }
    pairIndexes.set(map, index);
  }
  return index;
}

/** The key's and the value's ranges at a path (offsets in the YAML source), or undefined when nothing is there. */
function rangesAt(
  at: YamlPositions,
  path: DataPath,
  part: SpanPart,
): { key?: readonly number[]; value?: readonly number[] } | undefined {
  if (at.top && path.length === 1) {
    const name = String(path[0]);
    const key = at.top.key(name);
    if (!key) return undefined;
    if (part === 'key') return { key };
    const value = at.top.value(name);
    if (value !== 'unknown') return value ? { key, value } : { key };
  }
  const found = nodeAt(at.document(), path);
  if (!found) return undefined;
  return {
    ...(found.key?.range ? { key: found.key.range } : {}),
    ...(found.value?.range ? { value: found.value.range } : {}),
  };
}

/**
 * Where the key, the value or the whole pair at a path is written: offsets relative to the YAML source. The one
 * answer to "where is this path written" for YAML, whichever parse recorded it.
 */
export function yamlSpan(at: YamlPositions, path: DataPath, part: SpanPart): [number, number] | undefined {
  const found = rangesAt(at, path, part);
  if (!found) return undefined;
  const keyRange = found.key;
  const valueRange = found.value;
  const hasValue = valueRange !== undefined && valueRange[1]! > valueRange[0]!;
  if (part === 'key')
    return keyRange ? [keyRange[0]!, keyRange[1]!] : hasValue ? [valueRange[0]!, valueRange[1]!] : undefined;
  if (part === 'value') {
    if (hasValue) return [valueRange[0]!, valueRange[1]!];
    return keyRange ? [keyRange[0]!, keyRange[1]!] : undefined;
  }
  const start = keyRange?.[0] ?? valueRange?.[0];
  const end = hasValue ? valueRange[1] : keyRange?.[1];
  return start === undefined || end === undefined ? undefined : [start, end];
}

/** How the scalar at a path is written, or undefined when there is no scalar there. */
export function yamlScalarStyle(at: YamlPositions, path: DataPath): 'plain' | 'quoted' | 'block' | undefined {
  if (at.top && path.length === 1) {
    const style = at.top.style(String(path[0]));
    return style === 'collection' ? undefined : style;
  }
  const node = nodeAt(at.document(), path)?.value;
  if (!isYamlScalar(node)) return undefined;
  switch (node.type) {
    case 'PLAIN':
      return 'plain';
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE':
      return 'quoted';
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL':
      return 'block';
    default:
      return undefined;
  }
}

/** The exact source text of a plain scalar (so `version: 2.10` stays "2.10"), or a quoted or block scalar's text. */
export function yamlScalarSource(at: YamlPositions, source: string, path: DataPath): string | undefined {
  if (at.top && path.length === 1) {
    const name = String(path[0]);
    const style = at.top.style(name);
    if (style === undefined || style === 'collection') return undefined;
    if (style === 'plain') {
      const value = at.top.value(name);
      return Array.isArray(value) ? source.slice(value[0], value[1]) : '';
    }
    const parsed = at.top.parsed(name);
    return typeof parsed === 'string' ? parsed : String(parsed);
  }
  const node = nodeAt(at.document(), path)?.value;
  if (!isYamlScalar(node) || !node.range) return undefined;
  if (node.type === 'PLAIN') return source.slice(node.range[0], node.range[1]);
  return typeof node.value === 'string' ? node.value : String(node.value);
}
