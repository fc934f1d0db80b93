import { describe, expect, it } from 'vitest';
import {
  appendFrontmatterListItem,
  bodyOf,
  frontmatterRange,
  readFrontmatter,
  setFrontmatterField,
} from '../../../../shared/syntax/frontmatter-edit.js';

const SKILL = `---
# who we are
name: demo # the folder name
description: 'Does things.'
license: MIT
---
# Body

Keep me.
`;

describe('frontmatter editing through the yaml Document API', () => {
  it('finds the block and the body', () => {
    expect(frontmatterRange(SKILL)).toMatchObject({ startLine: 1, endLine: 6 });
    expect(bodyOf(SKILL)).toBe('# Body\n\nKeep me.\n');
    expect(frontmatterRange('no frontmatter')).toBeUndefined();
  });

  it('changes one value, keeping comments, order, quoting and the body byte for byte', () => {
    const out = setFrontmatterField(SKILL, 'description', 'Does more.');
    expect(out).toBe(SKILL.replace("'Does things.'", "'Does more.'"));
  });

  it('adds a key at the end and removes one, leaving the rest', () => {
    const added = setFrontmatterField(SKILL, 'compatibility', 'Needs git');
    expect(added).toContain('license: MIT\ncompatibility: Needs git\n---\n# Body');
    const removed = setFrontmatterField(added, 'license', undefined);
    expect(removed).toBe(SKILL.replace('license: MIT\n', 'compatibility: Needs git\n'));
  });

  it('keeps CRLF line endings and a BOM', () => {
    const crlf = '\ufeff' + SKILL.replace(/\n/g, '\r\n');
    const out = setFrontmatterField(crlf, 'license', 'Apache-2.0');
    expect(out).toBe(crlf.replace('license: MIT', 'license: Apache-2.0'));
  });

  it('reads fields, and refuses to edit broken YAML with a message naming the line', () => {
    expect(readFrontmatter(SKILL)).toEqual({
      ok: true,
      fields: { name: 'demo', description: 'Does things.', license: 'MIT' },
    });
    const broken = SKILL.replace('license: MIT', 'license: [MIT');
    const read = readFrontmatter(broken);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/line \d+/);
    expect(() => setFrontmatterField(broken, 'name', 'x')).toThrow(/YAML error/);
  });
});

describe('in-place scalar edits', () => {
  const ODD =
    "---\nname: odd   # two spaces before this comment\ndescription:   'spaced'   # and here\nversion: '1'\n---\nx\n";
  it('changes only the scalar, keeping spacing before comments and the quoting style', () => {
    expect(setFrontmatterField(ODD, 'description', "it's new")).toBe(ODD.replace("'spaced'", "'it''s new'"));
    expect(setFrontmatterField(ODD, 'name', 'even')).toBe(ODD.replace('name: odd', 'name: even'));
  });
  it('quotes a plain value that would otherwise read as another type, and writes booleans plain', () => {
    const out = setFrontmatterField(ODD, 'name', 'true');
    expect(readFrontmatter(out)).toMatchObject({ ok: true, fields: { name: 'true' } });
    expect(out).toContain('# two spaces before this comment');
    const flag = setFrontmatterField(ODD, 'user-invocable', false);
    expect(flag).toContain("version: '1'\nuser-invocable: false\n---");
  });
  it('writes a multi-line description so it reads back with its line breaks', () => {
    const out = setFrontmatterField(ODD, 'description', 'line one\nline two');
    expect(readFrontmatter(out)).toMatchObject({ ok: true, fields: { description: 'line one\nline two' } });
    expect(out.endsWith('---\nx\n')).toBe(true);
  });
});

describe('appending to a frontmatter list (issue 16: wrap a server tool as a skill tool)', () => {
  const entry = { name: 'sum', kind: 'mcp', target: 'ev__get-sum', locked_args: { a: 2 } };

  it('starts the list when the key is absent, leaving the rest as written', () => {
    const out = appendFrontmatterListItem(SKILL, 'tools', entry);
    expect(out.startsWith(SKILL.slice(0, SKILL.indexOf('---\n# Body')))).toBe(true);
    expect(readFrontmatter(out)).toMatchObject({ ok: true, fields: { tools: [entry] } });
    expect(bodyOf(out)).toBe(bodyOf(SKILL));
  });

  it('appends to an existing list, keeping its items’ comments', () => {
    const text = SKILL.replace(
      'license: MIT\n',
      'license: MIT\ntools:\n  # the first tool\n  - now # clock\n',
    );
    const out = appendFrontmatterListItem(text, 'tools', entry);
    expect(out).toContain('# the first tool');
    expect(out).toContain('- now # clock');
    expect(out).toContain('name: demo # the folder name');
    expect(readFrontmatter(out)).toMatchObject({ ok: true, fields: { tools: ['now', entry] } });
  });

  it('refuses a key that is not a list, and a frontmatter with a YAML error', () => {
    expect(() => appendFrontmatterListItem(SKILL, 'license', entry)).toThrow(/not a list/);
    expect(() =>
      appendFrontmatterListItem(SKILL.replace('license: MIT', 'license: [MIT'), 'tools', entry),
    ).toThrow(/YAML error/);
  });
});
