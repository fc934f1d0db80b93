import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../../../shared/syntax/frontmatter.js';
import { byCode, codes, covered, evaluateText, fixtureSkill, loadFixture } from '../../../helpers.js';

const read = (name: string) => readFileSync(join(fixtureSkill(name), 'SKILL.md'), 'utf8');

describe('splitFrontmatter', () => {
  it('closes only at a line that is exactly ---, not at a---b, an indented --- or a body rule', () => {
    const text = read('dashes-in-values');
    const split = splitFrontmatter(text);
    expect(split.kind).toBe('ok');
    if (split.kind !== 'ok') return;
    expect(split.closeLine).toBe(10);
    expect(text.slice(split.bodyStart)).toContain('Text below the rule.');
    const entry = loadFixture('dashes-in-values');
    expect(entry.status).toBe('loaded');
    expect(entry.skill?.description).toBe('Handles a---b and --- inside values.');
    expect(entry.skill?.argumentHint).toBe('---');
    expect(entry.skill?.metadata.metadata).toEqual({ notes: 'first\n---\nlast\n' });
    expect(entry.skill?.instructions).toContain('---\n\nText below the rule.');
  });

  it('reports empty, missing, unterminated and engine-tagged frontmatter', () => {
    expect(splitFrontmatter('').kind).toBe('empty');
    expect(splitFrontmatter('  \n\n').kind).toBe('empty');
    expect(splitFrontmatter('# title\n').kind).toBe('missing');
    expect(splitFrontmatter('---\nname: x\n').kind).toBe('unterminated');
    expect(splitFrontmatter('---js\n{}\n---\n')).toMatchObject({ kind: 'engine', language: 'js' });
    expect(splitFrontmatter('---\n---\n')).toMatchObject({ kind: 'ok', openLine: 1, closeLine: 2 });
  });
});

describe('SKILL.md parse errors', () => {
  it.each([
    ['empty-file', 'file-empty', 1],
    ['no-frontmatter', 'frontmatter-missing', 1],
    ['unterminated', 'frontmatter-unterminated', 1],
    ['js-engine', 'frontmatter-engine', 1],
    ['leading-blank', 'frontmatter-not-first-line', 3],
    ['not-mapping', 'frontmatter-not-mapping', 2],
    ['duplicate-key', 'duplicate-key', 4],
    ['tab-indent', 'tab-indentation', 5],
    ['unquoted-colon', 'unquoted-colon', 3],
    ['yaml-broken', 'yaml-syntax', 4],
  ])('%s gets its own rule %s at line %i', (fixture, code, line) => {
    const entry = loadFixture(fixture);
    expect(entry.status).toBe('invalid');
    const d = byCode(entry.diagnostics, code);
    expect(d.severity).toBe('error');
    expect(d.line).toBe(line);
    expect(d.message.length).toBeGreaterThan(40);
  });

  it('never runs ---js frontmatter', () => {
    const entry = loadFixture('js-engine');
    expect(entry.skill).toBeUndefined();
    expect(codes(entry.diagnostics)).toEqual(['frontmatter-engine']);
  });

  it('offers a fix that quotes a value holding ": "', () => {
    const d = byCode(loadFixture('unquoted-colon').diagnostics, 'unquoted-colon');
    expect(covered(d)).toBe('Use when: the user asks for help');
    expect(d.fix?.edits[0]?.newText).toBe('"Use when: the user asks for help"');
  });

  it('fixes an indented frontmatter by removing the indentation, never by burying it under a template', () => {
    const d = byCode(loadFixture('indented-frontmatter').diagnostics, 'frontmatter-missing');
    expect(d.message).toContain('opening `---` is indented');
    expect(d.fix?.title).toBe('Remove the indentation');
    const lines = read('indented-frontmatter').split('\n');
    for (const e of [...(d.fix?.edits ?? [])].reverse()) {
      const line = lines[e.range.line - 1] ?? '';
      lines[e.range.line - 1] =
        line.slice(0, e.range.column - 1) + e.newText + line.slice(e.range.endColumn - 1);
    }
    const fixed = evaluateText(join(fixtureSkill('indented-frontmatter'), 'SKILL.md'), lines.join('\n'));
    expect(fixed.diagnostics).toEqual([]);
    expect(fixed.skill?.description).toBe('Keeps the real description. Use when testing.');
  });

  it('offers no template when a frontmatter sits further down, and says where it is', () => {
    const d = byCode(loadFixture('frontmatter-below').diagnostics, 'frontmatter-missing');
    expect(d.fix).toBeUndefined();
    expect(d.message).toContain('The `---` at line 3 opens nothing there');
    expect(byCode(loadFixture('no-frontmatter').diagnostics, 'frontmatter-missing').fix?.title).toBe(
      'Insert frontmatter',
    );
  });

  it('offers a fix that replaces tab indentation with spaces', () => {
    const d = byCode(loadFixture('tab-indent').diagnostics, 'tab-indentation');
    expect(d.fix?.edits[0]).toMatchObject({
      newText: '  ',
      range: { line: 5, column: 1, endLine: 5, endColumn: 2 },
    });
  });

  it('offers to remove blank lines before the frontmatter, and still validates the rest', () => {
    const entry = loadFixture('leading-blank');
    const d = byCode(entry.diagnostics, 'frontmatter-not-first-line');
    expect(d.fix?.edits[0]?.range).toMatchObject({ line: 1, column: 1, endLine: 3, endColumn: 1 });
    expect(entry.skill?.name).toBe('leading-blank');
  });

  it('does not repeat a YAML syntax error as type errors of the broken values', () => {
    expect(codes(loadFixture('yaml-broken').diagnostics)).toEqual(['yaml-syntax']);
  });

  it('points an unclosed quote at the quote that opened it, offers to close it, and reads no value from it', () => {
    const entry = loadFixture('unclosed-quote');
    expect(codes(entry.diagnostics)).toEqual(['yaml-syntax']);
    const d = byCode(entry.diagnostics, 'yaml-syntax');
    // YAML gives up at the closing `---` (5:1); the author needs the quote at 3:14.
    expect([d.line, d.column]).toEqual([3, 14]);
    expect(d.message).toBe(
      'YAML syntax error: the value of `description` opens a " quote at 3:14 that is never closed, so YAML reads on to the end of the frontmatter. Add the closing ".',
    );
    expect(d.fix?.title).toBe('Close the quote at the end of line 3');
    const text = read('unclosed-quote');
    const lines = text.split('\n');
    const fixed = [...lines.slice(0, 2), `${lines[2]}"`, ...lines.slice(3)].join('\n');
    expect(d.fix?.edits).toEqual([
      {
        range: { line: 3, column: lines[2]!.length + 1, endLine: 3, endColumn: lines[2]!.length + 1 },
        newText: '"',
      },
    ]);
    expect(evaluateText(join(fixtureSkill('unclosed-quote'), 'SKILL.md'), fixed).diagnostics).toEqual([]);
    // The swallowed text (`license: MIT` included) is not the description any runtime reads.
    expect(entry.skill?.description).toBe('');
    expect(entry.skill?.writtenKeys).not.toContain('description');
  });

  it('refuses tags that construct objects and keeps them unresolved', () => {
    const entry = loadFixture('yaml-tags');
    const tags = entry.diagnostics.filter((d) => d.code === 'yaml-tag');
    expect(tags.map((d) => d.line)).toEqual([3, 4]);
    expect(entry.skill?.description).toBe('function () { return 1 }');
    expect(entry.skill?.metadata.blob).toBe('aGVsbG8=');
  });

  it('stops an alias bomb instead of expanding it', () => {
    const entry = loadFixture('alias-bomb');
    expect(codes(entry.diagnostics)).toContain('yaml-alias-limit');
    expect(entry.skill).toBeUndefined();
  });

  it('keeps __proto__ and constructor as plain metadata keys, polluting nothing', () => {
    const skill = loadFixture('proto-key').skill;
    expect(Object.getPrototypeOf(skill?.metadata)).toBe(Object.prototype);
    expect(Object.keys(skill?.metadata ?? {})).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts CRLF and a BOM, with columns counted from the visible text', () => {
    const entry = loadFixture('crlf-bom');
    expect(entry.skill).toMatchObject({
      name: 'crlf-bom',
      description: 'Windows line endings and a BOM.',
      version: '2',
    });
    expect(entry.skill?.instructions).toBe('\r\nBody line.\r\n');
    const d = byCode(entry.diagnostics, 'version-type');
    expect([d.line, d.column, d.endColumn]).toEqual([4, 10, 11]);
    expect(covered(d)).toBe('2');
  });
});
