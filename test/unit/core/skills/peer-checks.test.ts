// The checks skills-ref and skill-check make that Skillbench must make too, each with a message that says what YAML or
// the runtime did and a fix that works: a BOM, a description that only repeats the name, a body over the spec's
// token guidance, a `#` that began a comment, and a value starting with a character YAML gives a meaning to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/library.js';
import type { Diagnostic, LibraryEntry, TextEdit } from '../../../../shared/types.js';
import { evaluateText, FIXTURES } from '../../../helpers.js';

const CHECKS = join(FIXTURES, 'ecosystem', 'checks');
const library = loadLibrary([{ path: CHECKS }]);
const entry = (folder: string): LibraryEntry => {
  const e = library.entries.find((x) => x.path === join(CHECKS, folder, 'SKILL.md'));
  if (!e) throw new Error(`no fixture ${folder}`);
  return e;
};
const finding = (folder: string, code: string): Diagnostic => {
  const d = entry(folder).diagnostics.find((x) => x.code === code);
  if (!d)
    throw new Error(
      `${folder}: no ${code} in ${entry(folder)
        .diagnostics.map((x) => x.code)
        .join(', ')}`,
    );
  return d;
};

/** The file's text with the fix's edits applied (line/column ranges, 1-based). */
function applied(folder: string, edits: readonly TextEdit[]): string {
  const lines = readFileSync(join(CHECKS, folder, 'SKILL.md'), 'utf8').split('\n');
  for (const e of [...edits].reverse()) {
    const { line, column, endLine, endColumn } = e.range;
    const before = lines[line - 1]!.slice(0, column - 1);
    const after = lines[endLine - 1]!.slice(endColumn - 1);
    lines.splice(line - 1, endLine - line + 1, before + e.newText + after);
  }
  return lines.join('\n');
}

/** The fix of a finding, applied, leaves the file without that finding (and without any error). */
function fixedCleanly(folder: string, code: string) {
  const fix = finding(folder, code).fix;
  expect(fix?.edits.length, `${folder}: ${code} has a text fix`).toBeGreaterThan(0);
  const after = evaluateText(join(CHECKS, folder, 'SKILL.md'), applied(folder, fix!.edits)).diagnostics;
  expect(after.map((d) => d.code)).not.toContain(code);
  expect(after.filter((d) => d.severity === 'error')).toEqual([]);
  return after;
}

describe('checks the peers make', () => {
  it('refuses a byte order mark before the frontmatter, with a fix that saves the file without it', () => {
    const d = finding('with-bom', 'file-bom');
    expect(d).toMatchObject({ severity: 'error', line: 1, column: 1 });
    expect(d.message).toMatch(/byte order mark .* skills-ref/);
    expect(d.fix).toMatchObject({ title: 'Remove the byte order mark', removeBom: true });
    const text = readFileSync(join(CHECKS, 'with-bom', 'SKILL.md'), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // What the fix saves: the same text without the mark.
    expect(evaluateText(join(CHECKS, 'with-bom', 'SKILL.md'), text.slice(1)).diagnostics).toEqual([]);
    // Claude Code reads it (test/integration/ecosystem/claude-code.test.ts): there it is a note.
    const cc = loadLibrary([{ path: join(CHECKS, 'with-bom') }], { profile: 'claude-code' }).entries[0];
    expect(cc?.diagnostics.map((x) => `${x.severity} ${x.code}`)).toEqual(['info file-bom']);
  });

  it('warns when the description only repeats the name or the title', () => {
    expect(finding('runbook-generator', 'description-placeholder')).toMatchObject({ severity: 'warning' });
    expect(finding('runbook-generator', 'description-placeholder').message).toContain(
      '"Runbook Generator" only repeats the skill\'s name',
    );
    expect(finding('title-only', 'description-placeholder').message).toContain(
      '"Deploy Checklist" only repeats the skill\'s title',
    );
    // A description that says what and when is no placeholder.
    expect(entry('with-bom').diagnostics.map((d) => d.code)).not.toContain('description-placeholder');
  });

  it('warns when the body is over the spec’s 5,000-token guidance, with the figure', () => {
    const d = finding('long-body', 'body-too-many-tokens');
    const body = readFileSync(join(CHECKS, 'long-body', 'SKILL.md'), 'utf8').split('---\n')[2] ?? '';
    expect(d.message).toContain(`about ${Math.ceil(body.length / 4).toLocaleString('en-US')} tokens`);
    expect(d.line).toBe(5);
    expect(entry('runbook-generator').diagnostics.map((x) => x.code)).not.toContain('body-too-many-tokens');
  });

  it('says when a `#` began a comment instead of the value, and quotes it', () => {
    const d = finding('comment-start', 'description-empty');
    expect(d.message).toBe(
      '`description` is empty: the `#` after `description:` starts a YAML comment, so "#1 tool for release notes" ' +
        'was dropped. Quote the value to keep it.',
    );
    expect(d).toMatchObject({ line: 3, column: 14 });
    fixedCleanly('comment-start', 'description-empty');
    expect(finding('hint-comment', 'comment-in-value').message).toContain('"#issue-number" was dropped');
    fixedCleanly('hint-comment', 'comment-in-value');
  });

  it('says what YAML made of a value starting with [ { or *, and quotes it', () => {
    for (const [folder, what] of [
      ['bracket-start', 'the start of a list'],
      ['brace-start', 'the start of a mapping'],
      ['star-start', 'an alias'],
    ] as const) {
      const d = finding(folder, 'unquoted-indicator');
      expect(d.severity).toBe('error');
      expect(d.message, folder).toContain(`which YAML reads as ${what}`);
      expect(
        entry(folder).diagnostics.map((x) => x.code),
        folder,
      ).toEqual(['unquoted-indicator']);
      const after = fixedCleanly(folder, 'unquoted-indicator');
      expect(after, folder).toEqual([]);
    }
  });

  it('says what YAML dropped from a value starting with & or !, and quotes it', () => {
    const anchor = finding('anchor-start', 'unquoted-anchor-tag');
    expect(anchor.message).toContain('"&draft", which YAML reads as an anchor');
    expect(anchor.message).toContain('"Drafts emails. Use when writing emails." without it');
    const tag = finding('tag-start', 'unquoted-anchor-tag');
    expect(tag.message).toContain('"!important", which YAML reads as a tag');
    expect(entry('tag-start').diagnostics.map((d) => d.code)).toEqual(['unquoted-anchor-tag']);
    for (const folder of ['anchor-start', 'tag-start'])
      expect(fixedCleanly(folder, 'unquoted-anchor-tag')).toEqual([]);
  });

  it('says so for any top-level field, and leaves a nested one to yaml-tag: every prose tag is reported once', () => {
    expect(finding('tag-other-field', 'unquoted-anchor-tag').message).toContain(
      '`when_to_use` starts with "!important"',
    );
    expect(fixedCleanly('tag-other-field', 'unquoted-anchor-tag')).toEqual([]);
    const nested = entry('tag-nested').diagnostics.filter((d) => d.code.includes('tag'));
    expect(nested.map((d) => `${d.severity} ${d.code} ${d.line}`)).toEqual(['error yaml-tag 5']);
  });
});
