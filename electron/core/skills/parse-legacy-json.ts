// Owns reading the legacy `skill.json` (+ `prompt.md` for the instructions) format, with positions from jsonc-parser.
import type * as Jsonc from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../../../shared/types.js';
import { makeDiagnostic } from './diagnostic.js';
import { LineIndex } from './line-index.js';
import type { ManifestText } from './manifest-text.js';
import type { DataPath, RawManifest, SpanPart } from './raw-manifest.js';
import { loadLater } from '../load-later.js';
import { readJson } from '../../../shared/json-read.js';

// jsonc-parser is required on the first legacy skill.json, not at startup (issue 14).
const jsonc = loadLater<typeof Jsonc>('jsonc-parser');

export interface PromptFile {
  path: string;
  text: string;
}

export function parseLegacyJson(
  file: string,
  source: ManifestText,
  prompt: PromptFile | undefined,
): RawManifest {
  const { text } = source;
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const errors: ParseError[] = [];
  // The bounded reader first: jsonc-parser builds its tree recursively, so text nested past the cap never reaches it.
  const bounded = readJson(text, { maxBytes: Infinity });
  if (!bounded.ok && bounded.problem.kind !== 'syntax') {
    const { offset } = bounded.problem;
    diagnostics.push(
      makeDiagnostic(
        'error',
        'json-syntax',
        `JSON syntax error: ${bounded.problem.message}.`,
        file,
        lines.range(offset, offset + 1),
      ),
    );
  }
  const tree =
    bounded.ok || bounded.problem.kind === 'syntax'
      ? jsonc().parseTree(text, errors, { disallowComments: true, allowTrailingComma: false })
      : undefined;
  for (const e of errors.slice(0, 5)) {
    diagnostics.push(
      makeDiagnostic(
        'error',
        'json-syntax',
        `JSON syntax error: ${jsonc().printParseErrorCode(e.error)}. Fix the JSON at this point (comments and trailing commas are not allowed).`,
        file,
        lines.range(e.offset, e.offset + Math.max(1, e.length)),
      ),
    );
  }
  let data: Record<string, unknown> | undefined;
  if (tree && errors.length === 0) {
    if (tree.type === 'object') data = nodeValue(tree) as Record<string, unknown>;
    else
      diagnostics.push(
        makeDiagnostic(
          'error',
          'json-not-object',
          `skill.json must hold a JSON object, but it holds a ${tree.type}. Wrap the fields in { }.`,
          file,
          lines.range(tree.offset, tree.offset + tree.length),
        ),
      );
  }
  const span = (path: DataPath, part: SpanPart): [number, number] | undefined => {
    if (!tree) return undefined;
    const node = jsonc().findNodeAtLocation(tree, [...path]);
    if (!node) return undefined;
    const keyNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if (part === 'key') return keyNode ? [keyNode.offset, keyNode.offset + keyNode.length] : undefined;
    if (part === 'value') return [node.offset, node.offset + node.length];
    const start = keyNode?.offset ?? node.offset;
    return [start, node.offset + node.length];
  };
  const firstLine = lines.lineRange(1);
  const bodyText = prompt?.text ?? (typeof data?.instructions === 'string' ? data.instructions : '');
  return {
    file,
    format: 'legacy-json',
    text,
    bom: source.bom,
    eol: source.eol,
    lines,
    data,
    body: bodyText,
    bodyFile: prompt?.path ?? file,
    bodyOffset: 0,
    bodyLines: new LineIndex(bodyText),
    headerRange: firstLine,
    span,
    scalarSource: (path) => {
      const s = span(path, 'value');
      if (!s) return undefined;
      const raw = text.slice(s[0], s[1]);
      return raw.startsWith('"') ? undefined : raw;
    },
    diagnostics,
  };
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) out[String(k.value)] = nodeValue(v);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}
