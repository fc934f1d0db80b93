// The frontmatter panel and the validator read frontmatter YAML with one configuration (shared/syntax/yaml-options):
// on tricky inputs they agree on whether it can be read, and on the values they read.
import { describe, expect, it } from 'vitest';
import { fromDecodedText } from '../../../../electron/core/skills/manifest-text.js';
import { parseSkillMd } from '../../../../electron/core/skills/parse-skill-md.js';
import { readFrontmatter } from '../../../../shared/syntax/frontmatter-edit.js';

/** What the validator makes of a SKILL.md: its fields, or that its frontmatter cannot be read cleanly. */
function validatorReads(text: string) {
  const raw = parseSkillMd('/skills/demo/SKILL.md', fromDecodedText(text), 'demo');
  // Any error of reading counts; an unresolved tag is read as its text by both (the validator also flags it).
  const unreadable = raw.diagnostics.some((d) => d.severity === 'error' && d.code !== 'yaml-tag');
  return unreadable || raw.data === undefined ? 'unreadable' : raw.data;
}

/** What the panel makes of it. */
function panelReads(text: string) {
  const read = readFrontmatter(text);
  return read.ok ? read.fields : 'unreadable';
}

const doc = (yaml: string) => `---\n${yaml}---\n# Demo\n`;

describe('the panel and the validator read frontmatter alike', () => {
  it.each([
    ['duplicate keys', doc('name: demo\ndescription: a\ndescription: b\n'), 'unreadable'],
    ['anchors and aliases', doc('name: &n demo\ndescription: *n\n'), { name: 'demo', description: 'demo' }],
    [
      'YAML 1.1 booleans, which 1.2 reads as strings',
      doc('name: demo\ndescription: d\non: yes\nuser-invocable: no\n'),
      { name: 'demo', description: 'd', on: 'yes', 'user-invocable': 'no' },
    ],
    ['a tab as indentation', doc('name: demo\nmetadata:\n\tkey: x\n'), 'unreadable'],
    ['a merge key, which is a plain key', doc('a: &a {x: 1}\n<<: *a\n'), { a: { x: 1 }, '<<': { x: 1 } }],
    [
      'a tag that would construct an object, left unresolved',
      doc('name: demo\ncreated: !!timestamp 2020-01-01\n'),
      { name: 'demo', created: '2020-01-01' },
    ],
    ['a ---js fence, which opens no YAML frontmatter', '---js\nname: demo\n---\n# Demo\n', 'unreadable'],
  ])('%s', (_case, text, expected) => {
    const panel = panelReads(text);
    expect(panel).toEqual(expected);
    if (panel === 'unreadable') expect(validatorReads(text)).toBe('unreadable');
    else expect(validatorReads(text)).toEqual(panel);
  });
});
