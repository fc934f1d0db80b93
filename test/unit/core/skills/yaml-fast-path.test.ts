// The js-yaml fast path must give exactly the data the `yaml` Document gives, or the validator would disagree
// with itself depending on which path a file took.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toJsonValue } from '../../../../electron/core/skills/normalize.js';
import { parseYaml, parseYamlFast } from '../../../../electron/core/skills/yaml-source.js';
import { FIXTURES, frontmatterOf, REPO, skillFiles } from '../../../helpers.js';

describe('YAML fast path', () => {
  it('resolves every scalar exactly as the YAML 1.2 core schema does', () => {
    const source = readFileSync(join(FIXTURES, 'yaml', 'scalars.yaml'), 'utf8');
    const fast = parseYamlFast(source);
    expect(fast).toBeDefined();
    expect(toJsonValue(fast?.value)).toEqual(toJsonValue(parseYaml(source).value));
    expect(fast?.value).toMatchObject({
      underscored: '1_000',
      'leading-zero': 755,
      octal: 15,
      'yes-word': 'yes',
      sexagesimal: '12:30',
      date: '2001-12-14',
    });
  });

  it('agrees with the yaml Document on every fixture and bundled skill it accepts', () => {
    const files = [
      ...skillFiles(join(FIXTURES, 'skills')),
      ...skillFiles(join(FIXTURES, 'library')),
      ...skillFiles(join(REPO, 'skills')),
    ];
    let compared = 0;
    for (const file of files) {
      const source = frontmatterOf(file);
      if (source === undefined) continue;
      const fast = parseYamlFast(source);
      if (!fast) continue;
      const full = parseYaml(source);
      expect(full.errors, file).toEqual([]);
      expect(toJsonValue(fast.value), file).toEqual(toJsonValue(full.value));
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('leaves anchors, aliases, tags and every syntax error to the yaml path', () => {
    expect(parseYamlFast('a: &x 1\nb: *x\n')).toBeUndefined();
    expect(parseYamlFast('a: !!binary aGk=\n')).toBeUndefined();
    expect(parseYamlFast('a: 1\na: 2\n')).toBeUndefined();
    expect(parseYamlFast('a: b: c\n')).toBeUndefined();
    expect(parseYamlFast('a:\n\tb: 1\n')).toBeUndefined();
    expect(parseYamlFast('a: [1\n')).toBeUndefined();
    expect(parseYamlFast('a: [x, *y]\n')).toBeUndefined();
    expect(parseYamlFast('a: {"k":*y}\n')).toBeUndefined();
    expect(parseYamlFast('--- !!map\na: 1\n')).toBeUndefined();
  });

  it('takes `&`, `*` and `!` inside a scalar as text', () => {
    expect(parseYamlFast('allowed-tools: Bash(git:*) Read\ndescription: Hello! R&D\n')?.value).toEqual({
      'allowed-tools': 'Bash(git:*) Read',
      description: 'Hello! R&D',
    });
  });
});
