// Issue 10: the validator and the editor find the same frontmatter in the same bytes (one split, in shared/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  frontmatterRange,
  readFrontmatter,
  setFrontmatterField,
} from '../../../../shared/syntax/frontmatter-edit.js';
import { byCode, evaluateText, fixtureSkill } from '../../../helpers.js';

const manifest = (name: string) => join(fixtureSkill(name), 'SKILL.md');
const read = (name: string) => readFileSync(manifest(name), 'utf8');

describe('a file that starts with blank lines', () => {
  const text = read('leading-blank');

  it('has its frontmatter at line 3 for the validator and the editor alike', () => {
    const result = evaluateText(manifest('leading-blank'), text);
    expect(result.skill?.name).toBe('leading-blank');
    expect(byCode(result.diagnostics, 'frontmatter-not-first-line').line).toBe(3);
    expect(frontmatterRange(text)).toMatchObject({ startLine: 3, endLine: 6 });
    expect(readFrontmatter(text)).toEqual({
      ok: true,
      fields: { name: 'leading-blank', description: 'Blank lines before the frontmatter.' },
    });
    expect(bodyOf(text)).toBe(result.skill?.instructions);
  });

  it('is edited in place by the frontmatter panel, blank lines and body kept', () => {
    const edited = setFrontmatterField(text, 'description', 'Changed.');
    expect(edited).toBe(text.replace('Blank lines before the frontmatter.', 'Changed.'));
    expect(evaluateText(manifest('leading-blank'), edited).skill?.description).toBe('Changed.');
  });
});

describe('a frontmatter closed with ...', () => {
  const text = read('dots-closer');

  it('is unterminated for the validator and has no frontmatter in the editor', () => {
    const result = evaluateText(manifest('dots-closer'), text);
    expect(result.skill).toBeUndefined();
    const d = byCode(result.diagnostics, 'frontmatter-unterminated');
    expect(d.message).toContain('line 4');
    expect(frontmatterRange(text)).toBeUndefined();
    expect(readFrontmatter(text).ok).toBe(false);
    expect(bodyOf(text)).toBe(text);
    expect(() => setFrontmatterField(text, 'name', 'x')).toThrow(/no frontmatter/);
  });

  it('comes with a fix that closes it with --- (and then both sides read it)', () => {
    const d = byCode(evaluateText(manifest('dots-closer'), text).diagnostics, 'frontmatter-unterminated');
    const edit = d.fix?.edits[0];
    expect(edit).toMatchObject({ range: { line: 4, column: 1, endLine: 4, endColumn: 4 }, newText: '---' });
    const fixed = text.replace('\n...\n', '\n---\n');
    expect(evaluateText(manifest('dots-closer'), fixed).skill?.name).toBe('dots-closer');
    expect(frontmatterRange(fixed)).toMatchObject({ startLine: 1, endLine: 4 });
  });
});
