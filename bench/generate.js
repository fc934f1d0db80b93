// Generates a realistic skill library of N skills (frontmatter, tools on some, references, links) for benchmarks.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const WORDS =
  'review code commit test deploy parse summarise translate format lint query report audit plan draft'.split(
    ' ',
  );

export function generateLibrary(dir, count) {
  for (let i = 0; i < count; i++) {
    const group = `group-${String(i % 50).padStart(2, '0')}`;
    const name = `skill-${i}-${WORDS[i % WORDS.length]}`;
    const folder = join(dir, group, name);
    mkdirSync(join(folder, 'references'), { recursive: true });
    const tools =
      i % 3 === 0
        ? [
            'tools:',
            '  - echo',
            '  - name: run',
            `    description: Runs the ${WORDS[i % WORDS.length]} step.`,
            '    kind: shell',
            '    command: echo {{target}} {{mode}}',
            '    args:',
            '      target: What to act on',
            '      mode: fast or thorough',
            '  - name: read-guide',
            '    kind: builtin',
            '    target: read_file',
            '    locked_args:',
            '      path: references/guide.md',
          ]
        : [];
    const body = [];
    body.push(`# ${name}`, '', `Use this skill to ${WORDS[i % WORDS.length]} things carefully.`, '');
    for (let s = 0; s < 8; s++) {
      body.push(
        `## Step ${s + 1}`,
        '',
        `Do step ${s + 1} of the ${WORDS[(i + s) % WORDS.length]} workflow; check the result before going on.`,
        '- one detail',
        '- another detail',
        '',
      );
    }
    body.push('See [the guide](references/guide.md) for the details.', '');
    const text = [
      '---',
      `name: ${name}`,
      `description: ${WORDS[i % WORDS.length]} helper number ${i}. Use when the user asks to ${WORDS[(i + 3) % WORDS.length]} a project or mentions ${WORDS[(i + 5) % WORDS.length]}.`,
      'license: MIT',
      `version: "1.${i % 10}.0"`,
      'allowed-tools: Read Grep',
      'metadata:',
      '  author: bench',
      `  category: ${WORDS[(i + 7) % WORDS.length]}`,
      ...tools,
      '---',
      '',
      ...body,
    ].join('\n');
    writeFileSync(join(folder, 'SKILL.md'), text);
    writeFileSync(join(folder, 'references', 'guide.md'), `# Guide for ${name}\n`);
  }
}
