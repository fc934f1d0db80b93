// The three-way merge (issue 13): base = the disk version a buffer was loaded from, mine = the buffer, theirs = the
// disk now. Non-overlapping hunks merge by themselves; overlapping ones are conflicts the user settles per hunk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoMerge,
  defaultChoice,
  lineEdits,
  mergedText,
  mergeThreeWay,
  splitLines,
} from '../../../shared/merge.js';

const BASE = '---\nname: demo\ndescription: A demo.\n---\n\nFirst line.\nSecond line.\nThird line.\n';

describe('splitLines', () => {
  it('keeps every line ending, so joining gives back the text', () => {
    expect(splitLines('a\r\nb\nc')).toEqual(['a\r\n', 'b\n', 'c']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n\n')).toEqual(['\n', '\n']);
  });
});

describe('mergeThreeWay', () => {
  it('merges edits to different lines by itself', () => {
    const mine = BASE.replace('First line.', 'First line, mine.');
    const theirs = BASE.replace('description: A demo.', 'description: Theirs.');
    const merge = mergeThreeWay(BASE, mine, theirs);
    expect(merge.conflicts).toBe(0);
    expect(merge.hunks.map(defaultChoice)).toEqual(['theirs', 'mine']);
    expect(autoMerge(BASE, mine, theirs)).toBe(
      BASE.replace('First line.', 'First line, mine.').replace(
        'description: A demo.',
        'description: Theirs.',
      ),
    );
  });

  it('marks different edits of the same line as a conflict, settled per hunk', () => {
    const mine = BASE.replace('Second line.', 'Second line, mine.').replace('name: demo', 'name: mine');
    const theirs = BASE.replace('Second line.', 'Second line, theirs.');
    const merge = mergeThreeWay(BASE, mine, theirs);
    expect(merge.conflicts).toBe(1);
    expect(merge.hunks).toHaveLength(2);
    expect(merge.hunks[1]).toMatchObject({
      baseLine: 6,
      base: ['Second line.\n'],
      mine: ['Second line, mine.\n'],
      theirs: ['Second line, theirs.\n'],
      conflict: true,
    });
    expect(autoMerge(BASE, mine, theirs)).toBeUndefined();
    expect(mergedText(merge)).toBeUndefined();
    expect(mergedText(merge, [undefined, 'theirs'])).toBe(
      BASE.replace('name: demo', 'name: mine').replace('Second line.', 'Second line, theirs.'),
    );
    expect(mergedText(merge, [undefined, 'both'])).toBe(
      BASE.replace('name: demo', 'name: mine').replace(
        'Second line.',
        'Second line, mine.\nSecond line, theirs.',
      ),
    );
    // A hunk that merged by itself can still be turned down.
    expect(mergedText(merge, ['base', 'mine'])).toBe(BASE.replace('Second line.', 'Second line, mine.'));
  });

  it('treats the same edit on both sides as no conflict', () => {
    const both = BASE.replace('Third line.', 'Third line, fixed.');
    const merge = mergeThreeWay(BASE, both, both);
    expect(merge.conflicts).toBe(0);
    expect(mergedText(merge)).toBe(both);
  });

  it('keeps CRLF line endings and a missing final line ending', () => {
    const base = 'one\r\ntwo\r\nthree';
    const mine = 'one, mine\r\ntwo\r\nthree';
    const theirs = 'one\r\ntwo\r\nthree, theirs';
    expect(autoMerge(base, mine, theirs)).toBe('one, mine\r\ntwo\r\nthree, theirs');
  });

  it('takes both on the last line without a line break as two lines, never one glued line', () => {
    const merge = mergeThreeWay('a\nlast', 'a\nMine: conflicting edit.', 'a\nDisk changed this too.');
    expect(mergedText(merge, ['both'])).toBe('a\nMine: conflicting edit.\nDisk changed this too.');
    const crlf = mergeThreeWay('a\r\nlast', 'a\r\nmine', 'a\r\ntheirs');
    expect(mergedText(crlf, ['both'])).toBe('a\r\nmine\r\ntheirs');
  });

  it('turns one text into another by line edits that leave unchanged lines alone', () => {
    const before = 'one\ntwo\nthree\nfour';
    const after = 'zero\none\ntwo\nTHREE\nfour';
    const edits = lineEdits(before, after);
    expect(edits).toEqual([
      { start: 0, end: 0, text: 'zero\n' },
      { start: 8, end: 14, text: 'THREE\n' },
    ]);
    let out = before;
    for (const e of [...edits].reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    expect(out).toBe(after);
  });

  it('merges a deletion on one side with an insertion elsewhere on the other', () => {
    const mine = BASE.replace('First line.\n', '');
    const theirs = `${BASE}Fourth line.\n`;
    expect(autoMerge(BASE, mine, theirs)).toBe(`${mine}Fourth line.\n`);
  });

  it('choosing one side for every hunk gives back exactly that side (any texts)', () => {
    const text = fc
      .array(fc.constantFrom('a\n', 'b\n', 'c\n', 'd\r\n', 'e', '\n'), { maxLength: 12 })
      .map((lines) => lines.join(''));
    fc.assert(
      fc.property(text, text, text, (base, mine, theirs) => {
        const merge = mergeThreeWay(base, mine, theirs);
        expect(
          mergedText(
            merge,
            merge.hunks.map(() => 'mine'),
          ),
        ).toBe(mine);
        expect(
          mergedText(
            merge,
            merge.hunks.map(() => 'theirs'),
          ),
        ).toBe(theirs);
        expect(
          mergedText(
            merge,
            merge.hunks.map(() => 'base'),
          ),
        ).toBe(base);
        expect(autoMerge(base, mine, base)).toBe(mine);
        expect(autoMerge(base, base, theirs)).toBe(theirs);
      }),
      { numRuns: 500 },
    );
  });
});
