// Owns finding the YAML frontmatter block of a SKILL.md, line by line (never with a regex over the whole file).
export type FrontmatterSplit =
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
  | { kind: 'missing'; firstLine: number }
  | { kind: 'unterminated'; openLine: number; yamlStart: number }
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
const ENGINE = /^---[ \t]*([A-Za-z][\w-]*)[ \t]*$/;

/**
 * The frontmatter opens with a line that is exactly `---` and closes at the next line that is exactly `---`
 * (trailing spaces allowed). Indented `---`, `a---b` in a value and `---` rules in the body never close it.
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  if (text.trim() === '') return { kind: 'empty' };
  let lineNo = 0;
  let leadingBlankLines = 0;
  let open: { line: number; next: number } | undefined;
  for (const line of linesOf(text)) {
    lineNo++;
    const content = text.slice(line.start, line.end);
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
      return { kind: 'missing', firstLine: lineNo };
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
  }
  return { kind: 'unterminated', openLine: open?.line ?? 1, yamlStart: open?.next ?? 0 };
}
