// Offsets to 1-based lines and columns, with `\r\n`, `\n` and lone `\r` all ending lines; LF-only text takes a
// faster scan (issue 14) that must place every offset the same way.
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../../../electron/core/skills/line-index.js';

/** Reference: walk the text, one character at a time. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

describe('LineIndex', () => {
  it('places every offset of LF, CRLF and CR text on its line and column', () => {
    const texts = ['', 'a', '\n', 'a\nb', 'a\n\nb\n', '\n\nx', 'a\r\nb\r\n', 'a\rb\nc\r\nd', 'ab\r'];
    for (const text of texts) {
      const index = new LineIndex(text);
      for (let o = 0; o <= text.length; o++)
        expect(index.position(o), `${JSON.stringify(text)} @${o}`).toEqual(positionOf(text, o));
      expect(index.lineCount, JSON.stringify(text)).toBe(positionOf(text, text.length).line);
    }
  });
});
