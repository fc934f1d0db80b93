// The one bounded JSON reader: a value or a positioned problem for any text, never a throw; it accepts exactly what
// JSON.parse accepts within its limits, and refuses nesting past the cap before anything recursive meets it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, nestsDeeperThan, readJson, type JsonRead } from '../../../shared/json-read.js';
import { parseStructured } from '../../../shared/structured.js';

const problem = (r: JsonRead) => (r.ok ? undefined : r.problem);

describe('readJson', () => {
  it('reads plain JSON, with a BOM too', () => {
    expect(readJson('{"a":[1,2,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, 2, { b: null }] } });
    expect(readJson('\uFEFF[true]')).toEqual({ ok: true, value: [true] });
  });

  it('refuses nesting past the cap at the bracket that goes too deep', () => {
    const deep = `{"name":"j",\n"extra":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    const p = problem(readJson(deep));
    expect(p).toMatchObject({ kind: 'depth', line: 2, column: 9 + JSON_MAX_DEPTH - 1 });
    expect(p?.message).toMatch(/deeper than 256 levels/);
    // Exactly at the cap is fine.
    const atCap = `${'['.repeat(JSON_MAX_DEPTH)}${']'.repeat(JSON_MAX_DEPTH)}`;
    expect(readJson(atCap).ok).toBe(true);
    expect(readJson(`[${atCap}]`).ok).toBe(false);
  });

  it('does not count brackets inside strings', () => {
    expect(readJson(`["${'['.repeat(5000)}"]`).ok).toBe(true);
  });

  it('refuses text over the size cap before parsing it', () => {
    expect(problem(readJson('[1,2,3]', { maxBytes: 4 }))).toMatchObject({ kind: 'size', line: 1, column: 1 });
    // Counted in UTF-8 bytes: three characters of three bytes each are nine.
    expect(readJson('"日本"', { maxBytes: 7 }).ok).toBe(false);
    expect(readJson('"日本"', { maxBytes: 8 }).ok).toBe(true);
  });

  it('names where a syntax error is and how to fix it', () => {
    expect(problem(readJson('{\n  "a": 1,\n}'))).toMatchObject({
      kind: 'syntax',
      line: 3,
      column: 1,
      message: expect.stringMatching(/trailing comma/) as unknown,
    });
    expect(problem(readJson('{"a" 1}'))).toMatchObject({
      column: 6,
      message: expect.stringMatching(/`:`/) as unknown,
    });
    expect(problem(readJson('["a\nb"]'))?.message).toMatch(/control character/);
    expect(problem(readJson('[1] x'))?.message).toMatch(/after the JSON value/);
    expect(problem(readJson('   '))?.message).toMatch(/no JSON value/);
    expect(problem(readJson('{"a":[1,2'))).toMatchObject({
      column: 6,
      message: expect.stringMatching(/never closed/) as unknown,
    });
  });

  it('parseStructured keeps output nested too deep as text', () => {
    expect(parseStructured(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toBeUndefined();
    expect(parseStructured('{"ok":true}')).toEqual({ ok: true });
  });

  it('nestsDeeperThan walks without recursion', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(nestsDeeperThan(v, JSON_MAX_DEPTH)).toBe(true);
    expect(nestsDeeperThan([[1]], 2)).toBe(false);
    expect(nestsDeeperThan([[[1]]], 2)).toBe(true);
  });
});

/** JSON-ish text: real JSON, cut or spliced, with brackets, quotes, escapes and bytes thrown in. */
const jsonish = fc.oneof(
  fc.json({ maxDepth: 6 }),
  fc.tuple(fc.json({ maxDepth: 4 }), fc.nat(), fc.string({ maxLength: 8 })).map(([j, at, s]) => {
    const i = at % (j.length + 1);
    return j.slice(0, i) + s + j.slice(i);
  }),
  fc
    .array(
      fc.constantFrom(
        '[',
        ']',
        '{',
        '}',
        '"',
        '\\',
        ',',
        ':',
        '1',
        '-',
        'e',
        'true',
        'nul',
        ' ',
        '\n',
        '\u0000',
        '"a"',
        '\\u12',
      ),
      {
        maxLength: 40,
      },
    )
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.nat({ max: 3000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  fc.nat({ max: 3000 }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`),
);

describe('readJson, property', () => {
  it('gives a value or a positioned problem for any text, never a throw', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const r = readJson(text);
        if (r.ok) return;
        expect(r.problem.offset).toBeGreaterThanOrEqual(0);
        expect(r.problem.offset).toBeLessThanOrEqual(text.length);
        expect(r.problem.line).toBeGreaterThanOrEqual(1);
        expect(r.problem.column).toBeGreaterThanOrEqual(1);
        expect(r.problem.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts exactly what JSON.parse accepts within the depth cap, with the same value', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        let expected: unknown;
        let valid = true;
        try {
          expected = JSON.parse(text);
        } catch {
          valid = false;
        }
        const r = readJson(text);
        if (valid && !nestsDeeperThan(expected, JSON_MAX_DEPTH))
          expect(r).toEqual({ ok: true, value: expected });
        else expect(r.ok).toBe(false);
        // Every value read can be written back: nothing it returns overflows JSON.stringify.
        if (r.ok) expect(() => JSON.stringify(r.value)).not.toThrow();
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a syntax error where JSON.parse says there is one (its own scan agrees)', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const r = readJson(text);
        if (!r.ok && r.problem.kind === 'syntax') expect(() => void JSON.parse(text)).toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
