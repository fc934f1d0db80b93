// Owns the mapping between string offsets and the 1-based line/column positions every Diagnostic uses.
import type { Range } from '../../../shared/types.js';

interface Position {
  line: number;
  column: number;
}

/** Offsets are UTF-16 code units into the decoded text (BOM removed); `\r\n`, `\n` and lone `\r` end lines. */
export class LineIndex {
  /** Offset of the first character of each line; built on first use, since most files need no position. */
  private lineStarts: number[] | undefined;

  constructor(readonly text: string) {}

  private get starts(): number[] {
    if (this.lineStarts) return this.lineStarts;
    const starts = [0];
    const text = this.text;
    if (!text.includes('\r')) {
      // The common case, searched natively: a loop over every character runs slowly before the JIT warms up.
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      return (this.lineStarts = starts);
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    return (this.lineStarts = starts);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: clamped - (this.starts[lo] ?? 0) + 1 };
  }

  range(start: number, end: number): Range {
    const a = this.position(start);
    const b = this.position(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** Offset of the first character of a 1-based line. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))] ?? 0;
  }

  /** Offset just past the last character of a 1-based line, before its line break. */
  lineEnd(line: number): number {
    const next = this.starts[line];
    if (next === undefined) return this.text.length;
    let end = next;
    if (this.text.charCodeAt(end - 1) === 10) end--;
    if (this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** The whole of one line as a range (at least one column wide so editors can show it). */
  lineRange(line: number): Range {
    const start = this.lineStart(line);
    const end = this.lineEnd(line);
    return this.range(start, end > start ? end : start);
  }
}
