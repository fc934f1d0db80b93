// Owns finding the YAML frontmatter block of a SKILL.md, line by line (never with a regex over the whole file). The
// one split for core (validation) and the renderer (frontmatter panel, preview, highlighting): issue 10.
// Tested by: test/unit/shared/frontmatter-schema.test.ts
type FrontmatterSplit =
  | {
      kind: 'ok';
      /** 1-based line of the opening `---`. */
      openLine: number;
      /** 1-based line of the closing `---`. */
      closeLine: number;
      /** Offsets of the YAML text between the delimiters. */
      yamlStart: number;
      yamlEnd: number;
      /** Offset where the Markdown body starts (after the closing line's break). */
      bodyStart: number;
      /** Blank lines before the opening `---` (tolerated by some runtimes, not by the spec). */
      leadingBlankLines: number;
    }
  | { kind: 'empty' }
  /** `indented`: the first line is `---` with whitespace before it, which opens nothing. */
  | { kind: 'missing'; firstLine: number; indented?: true }
  | {
      kind: 'unterminated';
      openLine: number;
      yamlStart: number;
      /** A line holding only `...` (YAML's document end) after the opening: it does not close frontmatter. */
      dotsLine?: number;
    }
  | { kind: 'engine'; openLine: number; language: string };

interface Line {
  start: number;
  end: number; // before the line break
  next: number; // start of the following line
}

function* linesOf(text: string): Generator<Line> {
  let start = 0;
  while (start <= text.length) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    let next = end;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) === 10) next++;
    yield { start, end, next };
    if (next === end) return; // last line, no break
    start = next;
  }
}

const DELIMITER = /^---[ \t]*$/;
const DOTS = /^\.\.\.[ \t]*$/;
const ENGINE = /^---[ \t]*([A-Za-z][\w-]*)[ \t]*$/;

/**
 * The frontmatter opens with a line that is exactly `---` and closes at the next line that is exactly `---`
 * (trailing spaces allowed). Indented `---`, `a---b` in a value and `---` rules in the body never close it, and
 * neither does `...`: YAML reads it as a document end, but Claude Code and the Agent Skills tools split on `---`
 * only, so a file closed with `...` is unterminated for them (reported with the line, and a fix).
 * Blank lines before the opening `---` are skipped (and reported by the validator).
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  if (text.trim() === '') return { kind: 'empty' };
  let lineNo = 0;
  let leadingBlankLines = 0;
  let open: { line: number; next: number } | undefined;
  let dotsLine: number | undefined;
  for (const line of linesOf(text)) {
    lineNo++;
    // A byte-order mark is not content (core strips it when decoding; an editor buffer may keep it).
    const content = text.slice(line.start === 0 && text.charCodeAt(0) === 0xfeff ? 1 : line.start, line.end);
    if (!open) {
      if (content.trim() === '') {
        leadingBlankLines++;
        continue;
      }
      if (DELIMITER.test(content)) {
        open = { line: lineNo, next: line.next };
        continue;
      }
      const engine = ENGINE.exec(content);
      if (engine) return { kind: 'engine', openLine: lineNo, language: engine[1] ?? '' };
      return DELIMITER.test(content.trimStart())
        ? { kind: 'missing', firstLine: lineNo, indented: true }
        : { kind: 'missing', firstLine: lineNo };
    }
    if (DELIMITER.test(content)) {
      return {
        kind: 'ok',
        openLine: open.line,
        closeLine: lineNo,
        yamlStart: open.next,
        yamlEnd: line.start,
        bodyStart: line.next,
        leadingBlankLines,
      };
    }
    if (dotsLine === undefined && DOTS.test(content)) dotsLine = lineNo;
  }
  return {
    kind: 'unterminated',
    openLine: open?.line ?? 1,
    yamlStart: open?.next ?? 0,
    ...(dotsLine !== undefined ? { dotsLine } : {}),
  };
}
