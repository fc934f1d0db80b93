// Owns parsing YAML safely (no tags that construct objects, bounded aliases) and locating values in it.
import jsyaml from 'js-yaml';
import {
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  YAMLParseError,
  type Document,
  type Node,
  type Pair,
  type YAMLError,
  type YAMLMap,
} from 'yaml';
import type { DataPath, SpanPart } from './raw-manifest.js';

export const MAX_YAML_ALIASES = 100;

export interface ParsedYaml {
  doc: Document.Parsed;
  /** The document as plain data, or undefined when alias expansion hit the limit. */
  value: unknown;
  errors: YAMLError[];
  warnings: YAMLError[];
  aliasLimitHit: boolean;
}

export function parseYaml(source: string): ParsedYaml {
  const doc = parseDocument(source, {
    schema: 'core',
    resolveKnownTags: false, // !!binary, !!set, !!timestamp... stay unresolved and are reported
    merge: false,
    uniqueKeys: false, // checked below in linear time; yaml's own check is quadratic in the number of keys
    strict: true,
    prettyErrors: false,
  });
  let value: unknown;
  let aliasLimitHit = false;
  try {
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch {
    aliasLimitHit = true;
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
 * The fast path: plain data from js-yaml (several times faster than building a `yaml` Document), taken only when
 * the source has no anchors, aliases or tags and parses without any error. Anything else returns undefined and
 * goes through `parseYaml`, which owns every diagnostic. Positions always come from the `yaml` Document, built
 * lazily, so a clean file never pays for it.
 */
export function parseYamlFast(source: string): { value: unknown } | undefined {
  if (/[&*!]/.test(source)) return undefined;
  try {
    return { value: jsyaml.load(source, { schema: CORE_1_2, json: false }) };
  } catch {
    return undefined;
  }
}

/** The node at a data path, walking maps by key text and sequences by index. */
export function nodeAt(
  doc: Document.Parsed,
  path: DataPath,
): { key?: Node; value?: Node | null } | undefined {
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
      if (!isScalar(p.key)) continue;
      const k = String(p.key.value);
      if (!index.has(k)) index.set(k, p);
    }
    pairIndexes.set(map, index);
  }
  return index;
}

/** Offsets relative to the YAML source. */
export function yamlSpan(doc: Document.Parsed, path: DataPath, part: SpanPart): [number, number] | undefined {
  const found = nodeAt(doc, path);
  if (!found) return undefined;
  const keyRange = found.key?.range;
  const valueRange = found.value?.range;
  const hasValue = valueRange && valueRange[1] > valueRange[0];
  if (part === 'key')
    return keyRange ? [keyRange[0], keyRange[1]] : hasValue ? [valueRange[0], valueRange[1]] : undefined;
  if (part === 'value') {
    if (hasValue) return [valueRange[0], valueRange[1]];
    return keyRange ? [keyRange[0], keyRange[1]] : undefined;
  }
  const start = keyRange?.[0] ?? valueRange?.[0];
  const end = hasValue ? valueRange[1] : keyRange?.[1];
  return start === undefined || end === undefined ? undefined : [start, end];
}

export function yamlScalarStyle(
  doc: Document.Parsed,
  path: DataPath,
): 'plain' | 'quoted' | 'block' | undefined {
  const node = nodeAt(doc, path)?.value;
  if (!isScalar(node)) return undefined;
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
