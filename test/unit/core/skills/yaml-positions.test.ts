// Positions recorded by the fast parse (js-yaml's listener) must be exactly the yaml Document's: every diagnostic
// and quick fix lands where it did when every position came from the Document (issue 14).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  parseYaml,
  parseYamlFast,
  yamlScalarSource,
  yamlScalarStyle,
  yamlSpan,
  type YamlPositions,
} from '../../../../electron/core/skills/yaml-source.js';
import { toJsonValue } from '../../../../electron/core/skills/normalize.js';
import type { SpanPart } from '../../../../electron/core/skills/raw-manifest.js';
import { generateCorpus } from '../../../../bench/corpus.js';
import { FIXTURES, frontmatterOf, REPO, skillFiles } from '../../../helpers.js';

const PARTS: SpanPart[] = ['key', 'value', 'pair'];

/**
 * Compares every top-level answer (span of each part, scalar style, scalar source) from the recorded positions
 * with the Document's. Returns how many answers came without building the Document.
 */
function compare(source: string, label: string): { answered: number; recorded: boolean } {
  const fast = parseYamlFast(source);
  if (!fast || !fast.top) return { answered: 0, recorded: false };
  const full = parseYaml(source);
  // The data too: a file whose `&`, `*` or `!` sit inside scalars now takes the fast path.
  expect(full.errors, label).toEqual([]);
  expect(toJsonValue(fast.value), label).toEqual(toJsonValue(full.value));
  const doc = full.doc;
  const reference: YamlPositions = { top: undefined, document: () => doc };
  let built = 0;
  const recorded: YamlPositions = { top: fast.top, document: () => (built++, doc) };
  const keys = [...Object.keys(fast.value as object), 'no-such-key'];
  let answered = 0;
  for (const key of keys) {
    const path = [key];
    const before = built;
    for (const part of PARTS)
      expect(yamlSpan(recorded, path, part), `${label}: ${part} of ${key}`).toEqual(
        yamlSpan(reference, path, part),
      );
    expect(yamlScalarStyle(recorded, path), `${label}: style of ${key}`).toEqual(
      yamlScalarStyle(reference, path),
    );
    expect(yamlScalarSource(recorded, source, path), `${label}: source of ${key}`).toEqual(
      yamlScalarSource(reference, source, path),
    );
    if (built === before) answered++;
  }
  return { answered, recorded: true };
}

const corpus = mkdtempSync(join(tmpdir(), 'skillbench-positions-'));
afterAll(() => rmSync(corpus, { recursive: true, force: true }));

describe('positions from the fast parse', () => {
  it('match the Document for every shape of top-level entry, LF and CRLF', () => {
    const source = readFileSync(join(FIXTURES, 'yaml', 'top-level-shapes.yaml'), 'utf8');
    const lf = compare(source, 'LF');
    const crlf = compare(source.replace(/\n/g, '\r\n'), 'CRLF');
    expect(lf.recorded && crlf.recorded).toBe(true);
    // 28 entries: all but the 3 block scalars and 5 collections are answered without the Document, and so is a
    // key that is not there.
    expect(lf.answered).toBe(28 - 8 + 1);
    expect(crlf.answered).toBe(lf.answered);
  });

  it('match the Document on every fixture and bundled skill', () => {
    const files = [
      ...skillFiles(join(FIXTURES, 'skills')),
      ...skillFiles(join(FIXTURES, 'library')),
      ...skillFiles(join(REPO, 'skills')),
    ];
    let recorded = 0;
    for (const file of files) {
      const source = frontmatterOf(file);
      if (source !== undefined && compare(source, file).recorded) recorded++;
    }
    expect(recorded).toBeGreaterThan(50);
  });

  it("match the Document on the bench corpus generator's skills", () => {
    generateCorpus(corpus, 400);
    let recorded = 0;
    let answered = 0;
    for (const file of skillFiles(corpus)) {
      const source = frontmatterOf(file);
      if (source === undefined) continue;
      const r = compare(source, file);
      if (r.recorded) recorded++;
      answered += r.answered;
    }
    expect(recorded).toBe(400);
    expect(answered).toBeGreaterThan(400 * 3);
  });

  it('are not recorded for a flow mapping or an explicit key, whose positions come from the Document', () => {
    expect(parseYamlFast('{name: a, description: b}\n')?.top).toBeUndefined();
    expect(parseYamlFast('# a comment first\n{name: a, description: b}\n')?.top).toBeUndefined();
    expect(parseYamlFast('--- {name: a}\n')?.top).toBeUndefined();
    expect(parseYamlFast('? name\n: a\ndescription: b\n')?.top).toBeUndefined();
    expect(parseYamlFast('[a, b]\n')?.top).toBeUndefined();
    expect(parseYamlFast('name: a\n')?.top).toBeDefined();
  });
});
