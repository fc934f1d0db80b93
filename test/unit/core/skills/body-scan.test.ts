// The body rules scan long instructions once per skill (issue 14): a repeated link target is looked up once, and
// counting lines needs no array of them; what they report is unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineCount, markdownLinks } from '../../../../electron/core/skills/rules/body.js';
import { evaluateText, fixtureSkill } from '../../../helpers.js';

describe('body scanning', () => {
  it('reports every occurrence of a missing link but asks the disk once per target', () => {
    const file = join(fixtureSkill('links-repeated'), 'SKILL.md');
    const asked: string[] = [];
    const result = evaluateText(file, readFileSync(file, 'utf8'), {
      pathExists: (p) => (asked.push(p), p.endsWith('guide.md')),
    });
    const missing = result.diagnostics.filter((d) => d.code === 'link-missing');
    // Three links in the text and the reference definition; none of those inside the two fences.
    expect(missing.map((d) => [d.line, d.column])).toEqual([
      [5, 70],
      [11, 65],
      [12, 13],
      [18, 8],
    ]);
    expect(asked.map((p) => p.slice(p.indexOf('references')))).toEqual([
      join('references', 'guide.md'),
      join('references', 'gone.md'),
    ]);
  });

  it('skips links inside any code span or fence, however many, overlapping or adjacent', () => {
    const spans = Array.from({ length: 200 }, (_, i) => `\`code ${i} [x](in-span-${i}.md)\``).join(' ');
    const body = [
      `Intro [a](a.md) ${spans} [b](b.md)`,
      '```md',
      'A fence holding `a span` and [c](in-fence.md) and `[d](in-both.md)`',
      '```',
      '`x`[e](after-span.md) `y`',
      '~~~',
      '[f](unclosed-fence.md)',
    ].join('\n');
    expect(markdownLinks(body).map((l) => l.target)).toEqual(['a.md', 'b.md', 'after-span.md']);
  });

  it('counts lines as splitting on \\r\\n, \\n and \\r does, one trailing break dropped', () => {
    const texts = [
      '',
      '\n',
      '\r\n',
      '\r',
      'a',
      'a\n',
      'a\r\n',
      'a\r',
      'a\n\n',
      '\r\n\r\n',
      'a\rb\nc\r\nd',
      '\n\ra',
      'a\r\r\n',
    ];
    for (const t of texts)
      expect(lineCount(t), JSON.stringify(t)).toBe(t.replace(/(\r?\n|\r)$/, '').split(/\r\n|\n|\r/).length);
  });
});
