// Owns reading SKILL.md: frontmatter split, YAML parse, and the parse-level diagnostics with exact positions.
import type { Diagnostic, QuickFix, Range } from '../../../shared/types.js';
import { makeDiagnostic } from './diagnostic.js';
import { splitFrontmatter } from '../../../shared/syntax/frontmatter.js';
import { LineIndex } from './line-index.js';
import type { ManifestText } from './manifest-text.js';
import type { DataPath, RawManifest, SpanPart } from './raw-manifest.js';
import { quoted } from './rules/rule.js';
import {
  isYamlMap,
  isYamlScalar,
  MAX_YAML_ALIASES,
  parseYaml,
  parseYamlFast,
  yamlScalarSource,
  yamlScalarStyle,
  yamlSpan,
  type ParsedYaml,
  type YamlPositions,
} from './yaml-source.js';

export function parseSkillMd(file: string, source: ManifestText, folderName: string): RawManifest {
  const { text } = source;
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const base = {
    file,
    format: 'skill-md' as const,
    text,
    bom: source.bom,
    eol: source.eol,
    lines,
    bodyFile: file,
    bodyLines: lines,
    diagnostics,
  };
  const noSpans = { span: () => undefined, scalarSource: () => undefined };
  const split = splitFrontmatter(text);

  if (split.kind === 'empty') {
    diagnostics.push(
      makeDiagnostic(
        'error',
        'file-empty',
        'SKILL.md is empty. Add YAML frontmatter with `name` and `description`, then the instructions.',
        file,
        lines.lineRange(1),
        {
          title: 'Insert a frontmatter template',
          edits: [{ range: lines.range(0, text.length), newText: template(folderName, source.eol) }],
        },
      ),
    );
    return { ...base, ...noSpans, data: undefined, body: '', bodyOffset: 0, headerRange: lines.lineRange(1) };
  }
  if (split.kind === 'missing') {
    const at = lines.lineRange(split.firstLine);
    diagnostics.push(missingFrontmatter(split, lines, file, at, template(folderName, source.eol)));
    return { ...base, ...noSpans, data: undefined, body: text, bodyOffset: 0, headerRange: at };
  }
  if (split.kind === 'engine') {
    const at = lines.lineRange(split.openLine);
    diagnostics.push(
      makeDiagnostic(
        'error',
        'frontmatter-engine',
        `The frontmatter opens with \`---${split.language}\`, which asks for a code engine; Skillbench never evaluates ` +
          'frontmatter (nor should any runtime). Open it with a plain `---` and write YAML.',
        file,
        at,
      ),
    );
    return { ...base, ...noSpans, data: undefined, body: text, bodyOffset: 0, headerRange: at };
  }
  if (split.kind === 'unterminated') {
    const at = lines.lineRange(split.openLine);
    const dots = split.dotsLine;
    diagnostics.push(
      dots === undefined
        ? makeDiagnostic(
            'error',
            'frontmatter-unterminated',
            `The frontmatter opened at line ${split.openLine} is never closed: add a line holding only \`---\` after the last YAML key.`,
            file,
            at,
          )
        : makeDiagnostic(
            'error',
            'frontmatter-unterminated',
            `The frontmatter opened at line ${split.openLine} is closed with \`...\` at line ${dots}; YAML allows that, but ` +
              'Claude Code and the Agent Skills tools only close frontmatter at `---`, so they read no frontmatter. Write `---`.',
            file,
            at,
            {
              title: 'Close the frontmatter with ---',
              edits: [
                { range: lines.range(lines.lineStart(dots), lines.lineStart(dots) + 3), newText: '---' },
              ],
            },
          ),
    );
    return { ...base, ...noSpans, data: undefined, body: '', bodyOffset: text.length, headerRange: at };
  }

  // Built on demand: a position costs a line index, and clean files never need one.
  const header = (): Range => lines.lineRange(split.openLine);
  if (split.leadingBlankLines > 0) {
    diagnostics.push(
      makeDiagnostic(
        'error',
        'frontmatter-not-first-line',
        `The frontmatter starts at line ${split.openLine}, after ${split.leadingBlankLines} blank line(s); the spec and most ` +
          'runtimes require `---` on the very first line. Remove the blank lines.',
        file,
        header(),
        {
          title: 'Remove the leading blank lines',
          edits: [{ range: lines.range(0, lines.lineStart(split.openLine)), newText: '' }],
        },
      ),
    );
  }

  const offset = split.yamlStart;
  const yamlText = text.slice(split.yamlStart, split.yamlEnd);
  const at = (start: number, end: number): Range =>
    lines.range(offset + start, offset + Math.max(end, start + 1));
  const errorLines = new Set<number>();
  // Clean frontmatter (the common case) takes the fast path, which also records where its top-level entries are
  // written; the `yaml` Document is then built only if another position or scalar source is asked for.
  let parsedYaml: ParsedYaml | undefined;
  const full = (): ParsedYaml => (parsedYaml ??= parseYaml(yamlText));
  const fast = parseYamlFast(yamlText);
  let data: Record<string, unknown> | undefined =
    fast && (fast.value === null || fast.value === undefined)
      ? {}
      : fast && typeof fast.value === 'object' && !Array.isArray(fast.value)
        ? (fast.value as Record<string, unknown>)
        : undefined;
  /** Top-level keys whose value a YAML error swallowed: no runtime reads them, so no value is reported as written. */
  const brokenKeys: string[] = [];
  if (!data) {
    const parsed = full();

    let tooDeep = false;
    for (const error of parsed.errors) {
      const [start, end] = error.pos;
      const line = lines.position(offset + start).line;
      if (errorLines.has(line)) continue; // one syntax problem per line is enough to act on
      errorLines.add(line);
      // How often the parser runs out of stack depends on the caller's stack: once is what the author needs.
      if (/call stack/i.test(error.message) && (tooDeep || !(tooDeep = true))) continue;
      const unclosed = error.code === 'MISSING_CHAR' ? unclosedQuote(lines, line, error.message) : undefined;
      if (unclosed?.key !== undefined) brokenKeys.push(unclosed.key);
      diagnostics.push(
        unclosed?.diagnostic(file) ??
          yamlErrorDiagnostic(file, lines, line, error.code, error.message, at(start, end)),
      );
    }
    for (const warning of parsed.warnings) {
      const [start, end] = warning.pos;
      if (
        warning.code === 'TAG_RESOLVE_FAILED' &&
        proseTag(lines.lineText(lines.position(offset + start).line))
      ) {
        continue; // `key: !important do this` is prose YAML took a tag from: the unquoted-anchor-tag rule says so
      } else if (warning.code === 'TAG_RESOLVE_FAILED') {
        diagnostics.push(
          makeDiagnostic(
            'error',
            'yaml-tag',
            `${warning.message}. Frontmatter may only hold plain YAML values: tags that construct objects are never ` +
              'resolved. Remove the tag and write the value as a string, number, list or mapping.',
            file,
            at(start, end),
          ),
        );
      } else {
        diagnostics.push(
          makeDiagnostic('warning', 'yaml-syntax', `YAML: ${warning.message}.`, file, at(start, end)),
        );
      }
    }
    if (parsed.aliasLimitHit) {
      diagnostics.push(
        makeDiagnostic(
          'error',
          'yaml-alias-limit',
          `The frontmatter expands YAML aliases more than ${MAX_YAML_ALIASES} times, the pattern of an alias bomb; ` +
            'it was not expanded. Write the values out instead of using anchors and aliases.',
          file,
          header(),
        ),
      );
    }

    const contents = parsed.doc.contents;
    if (contents === null || (isYamlScalar(contents) && contents.value === null)) {
      data = {};
    } else if (isYamlMap(contents)) {
      // A mapping whose value could not be built (an alias bomb, an alias of no anchor) was reported above.
      if (parsed.value && typeof parsed.value === 'object')
        data = Object.fromEntries(
          Object.entries(parsed.value as Record<string, unknown>).filter(([k]) => !brokenKeys.includes(k)),
        );
    } else if (!parsed.aliasLimitHit) {
      diagnostics.push(
        makeDiagnostic(
          'error',
          'frontmatter-not-mapping',
          `The frontmatter must be a mapping of keys to values (\`name: ...\`), but it is ${describeYamlNode(contents)}.`,
          file,
          contents?.range ? at(contents.range[0], contents.range[1]) : header(),
        ),
      );
    }
  }

  const positions: YamlPositions = {
    top: fast && data === fast.value ? fast.top : undefined,
    document: () => full().doc,
  };
  const span = (path: DataPath, part: SpanPart): [number, number] | undefined => {
    const s = yamlSpan(positions, path, part);
    return s ? [offset + s[0], offset + s[1]] : undefined;
  };
  return {
    ...base,
    data,
    body: text.slice(split.bodyStart),
    bodyOffset: split.bodyStart,
    get headerRange() {
      return header();
    },
    span,
    scalarSource: (path) => yamlScalarSource(positions, yamlText, path),
    scalarStyle: (path) => yamlScalarStyle(positions, path),
    ...(errorLines.size > 0 ? { unreliableLines: { from: split.openLine, to: split.closeLine } } : {}),
  };
}

/**
 * A quoted value never closed: YAML reports where it gave up (the end of the frontmatter), but the author needs the
 * quote that opened it, and the fix of closing it on its own line.
 */
function unclosedQuote(
  lines: LineIndex,
  errorLine: number,
  message: string,
): { key: string | undefined; diagnostic(file: string): Diagnostic } | undefined {
  const quote = /closing (["'])quote/.exec(message)?.[1];
  if (!quote) return undefined;
  for (let l = errorLine; l >= 1 && l > errorLine - 200; l--) {
    const text = lines.lineText(l);
    const m = /^(\s*(?:-\s+)?(?:([^\s:#"'][^:#"']*?)\s*:\s+)?)(["'])/.exec(text);
    if (!m || m[3] !== quote) continue;
    const start = lines.lineStart(l) + m[1]!.length;
    const key = m[2] !== undefined && !/^\s/.test(text) ? m[2] : undefined;
    const closesOnItsLine = text.split(quote).length === 2;
    const end = lines.lineStart(l) + text.length;
    return {
      key,
      diagnostic: (file) =>
        makeDiagnostic(
          'error',
          'yaml-syntax',
          `YAML syntax error: the ${key !== undefined ? `value of \`${key}\`` : 'value'} opens a ${quote} quote ` +
            `at ${l}:${m[1]!.length + 1} that is never closed, so YAML reads on to the end of the frontmatter. ` +
            `Add the closing ${quote}.`,
          file,
          lines.range(start, start + 1),
          closesOnItsLine
            ? {
                title: `Close the quote at the end of line ${l}`,
                edits: [{ range: lines.range(end, end), newText: quote }],
              }
            : undefined,
        ),
    };
  }
  return undefined;
}

function yamlErrorDiagnostic(
  file: string,
  lines: LineIndex,
  line: number,
  code: string,
  message: string,
  range: Range,
): Diagnostic {
  const lineText = lines.lineText(line);
  if (code === 'TAB_AS_INDENT' || /^\s*\t/.test(lineText)) {
    const indent = /^[ \t]*/.exec(lineText)?.[0] ?? '';
    const start = lines.lineStart(line);
    return makeDiagnostic(
      'error',
      'tab-indentation',
      `Line ${line} is indented with a tab; YAML allows only spaces for indentation. Replace the tab with spaces.`,
      file,
      lines.range(start, start + indent.length),
      {
        title: 'Replace tabs with spaces',
        edits: [{ range: lines.range(start, start + indent.length), newText: indent.replace(/\t/g, '  ') }],
      },
    );
  }
  if (code === 'DUPLICATE_KEY') {
    const key = /^\s*(?:-\s+)?("[^"]*"|'[^']*'|[^:#]+?)\s*:/.exec(lineText)?.[1] ?? '';
    return makeDiagnostic(
      'error',
      'duplicate-key',
      `The key \`${key.trim()}\` appears more than once in the same mapping; runtimes disagree on which value wins. ` +
        'Keep one of them.',
      file,
      range,
    );
  }
  const colon = unquotedColonFix(lines, line);
  if (colon && (code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY')) {
    return makeDiagnostic(
      'error',
      'unquoted-colon',
      `The value of \`${colon.key}\` holds \`: \`, which YAML reads as the start of a nested mapping. ` +
        'Quote the value.',
      file,
      colon.range,
      colon.fix,
    );
  }
  if (/call stack/i.test(message)) {
    // Where the stack ran out depends on how deep the caller's own stack was: report the top-level entry that holds
    // the nesting instead, so the library and the editor (and two runs) agree on the position.
    let top = line;
    while (top > 1 && /^(?:\s|#|$)/.test(lines.lineText(top))) top--;
    const start = lines.lineStart(top);
    const key = /^[^:]*/.exec(lines.lineText(top))?.[0] ?? '';
    return makeDiagnostic(
      'error',
      'yaml-syntax',
      'YAML syntax error: the frontmatter is nested too deeply to parse; flatten it.',
      file,
      lines.range(start, start + Math.max(1, key.trimEnd().length)),
    );
  }
  const indicator = unquotedIndicator(lines, line);
  if (indicator) return indicator(file);
  return makeDiagnostic(
    'error',
    'yaml-syntax',
    `YAML syntax error: ${message.replace(/\.$/, '')}.`,
    file,
    range,
  );
}

/**
 * No frontmatter opens on the first line. An indented `---` there is a frontmatter one step off: the fix removes the
 * indentation (of the closing `---` too). A template is inserted only when no `---` line exists at all, so a real
 * frontmatter is never pushed into the body under a placeholder.
 */
function missingFrontmatter(
  split: { firstLine: number; indented?: true },
  lines: LineIndex,
  file: string,
  at: Range,
  templateText: string,
): Diagnostic {
  const delimiters: number[] = [];
  for (let line = split.firstLine; line <= lines.lineCount && delimiters.length < 2; line++)
    if (lines.lineText(line).trim() === '---') delimiters.push(line);
  if (split.indented) {
    const edits = delimiters.map((line) => {
      const start = lines.lineStart(line);
      const indent = /^[ \t]*/.exec(lines.lineText(line))?.[0].length ?? 0;
      return { range: lines.range(start, start + indent), newText: '' };
    });
    return makeDiagnostic(
      'error',
      'frontmatter-missing',
      'The frontmatter’s opening `---` is indented, so it opens nothing and the whole file is read as the body: ' +
        '`---` must start the first line.',
      file,
      at,
      { title: 'Remove the indentation', edits: edits.filter((e) => e.range.endColumn > e.range.column) },
    );
  }
  const message =
    'SKILL.md has no YAML frontmatter: the first line must be `---`, followed by `name` and `description` and a closing `---`.';
  if (delimiters.length)
    return makeDiagnostic(
      'error',
      'frontmatter-missing',
      `${message} The \`---\` at line ${delimiters[0]} opens nothing there: move the frontmatter to the top of the file.`,
      file,
      at,
    );
  return makeDiagnostic('error', 'frontmatter-missing', message, file, at, {
    title: 'Insert frontmatter',
    edits: [{ range: lines.range(0, 0), newText: templateText }],
  });
}

/** `key: !word more words` at the top level: a one-`!` tag in front of text, prose rather than a YAML tag. */
function proseTag(lineText: string): boolean {
  return /^[^\s:#][^:#]*?:[ \t]+![^!\s]\S*[ \t]+\S/.test(lineText);
}

const INDICATORS: Record<string, string> = {
  '[': 'the start of a list',
  '{': 'the start of a mapping',
  '*': 'an alias (a reference to an anchor)',
  '`': 'a reserved character',
  '@': 'a reserved character',
};

/**
 * `description: [beta] Does things`: an unquoted value starting with a character YAML gives a meaning to, which the
 * parser then chokes on. Says what YAML read and offers to quote the value.
 */
function unquotedIndicator(lines: LineIndex, line: number): ((file: string) => Diagnostic) | undefined {
  const lineText = lines.lineText(line);
  const m = /^(\s*)([^\s:#][^:#]*?)([ \t]*:[ \t]+)([[{*`@].*?)[ \t\r]*$/.exec(lineText);
  if (!m) return undefined;
  const [, lead = '', key = '', sep = '', value = ''] = m;
  const start = lines.lineStart(line) + lead.length + key.length + sep.length;
  const range = lines.range(start, start + value.length);
  const meaning = INDICATORS[value[0] ?? ''] ?? 'a reserved character';
  return (file) =>
    makeDiagnostic(
      'error',
      'unquoted-indicator',
      `The value of \`${key}\` starts with \`${value[0]}\`, which YAML reads as ${meaning}, so the rest of the line ` +
        'does not parse. Quote the value to make it text.',
      file,
      range,
      { title: 'Quote the value', edits: [{ range, newText: quoted(value) }] },
    );
}

/** For `key: some: text`, the quick fix that double-quotes the whole value. */
function unquotedColonFix(
  lines: LineIndex,
  line: number,
): { key: string; range: Range; fix: QuickFix } | undefined {
  const lineText = lines.lineText(line);
  const m = /^(\s*(?:-\s+)?)([^\s:#][^:#]*?)(\s*:[ \t]+)(.*?)\s*$/.exec(lineText);
  if (!m) return undefined;
  const [, lead = '', key = '', sep = '', value = ''] = m;
  if (!value.includes(': ') || /^["'[{|>]/.test(value)) return undefined;
  const start = lines.lineStart(line) + lead.length + key.length + sep.length;
  const range = lines.range(start, start + value.length);
  return {
    key,
    range,
    fix: { title: 'Quote the value', edits: [{ range, newText: quoted(value) }] },
  };
}

function describeYamlNode(node: unknown): string {
  if (node && typeof node === 'object' && 'items' in node) return 'a list';
  if (isYamlScalar(node)) return `the scalar \`${String(node.value)}\``;
  return 'not a mapping';
}

export function template(name: string, eol: string): string {
  return [
    '---',
    `name: ${name}`,
    'description: Describe what this skill does and when to use it.',
    '---',
    '',
    '',
  ].join(eol);
}
