// Owns parsing YAML safely (no tags that construct objects, bounded aliases) and locating values in it.
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type YAMLError } from 'yaml';
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
    uniqueKeys: true,
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
  return { doc, value, errors: doc.errors, warnings: doc.warnings, aliasLimitHit };
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
      const pair = current.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
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
