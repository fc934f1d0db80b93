import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { FRONTMATTER_SCHEMA } from '../../../shared/frontmatter-schema.js';
import { bundledSkillsDir } from '../../../electron/core/paths.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { parseYaml } from '../../../electron/core/skills/yaml-source.js';
import { splitFrontmatter } from '../../../shared/syntax/frontmatter.js';
import { readFileSync } from 'node:fs';
import { fixtureSkill } from '../../helpers.js';
import { join } from 'node:path';

const validate = new Ajv2020({ strict: false }).compile(FRONTMATTER_SCHEMA as object);
const frontmatter = (path: string): unknown => {
  const text = readFileSync(path, 'utf8');
  const split = splitFrontmatter(text);
  if (split.kind !== 'ok') throw new Error(path);
  return parseYaml(text.slice(split.yamlStart, split.yamlEnd)).value;
};

describe('frontmatter JSON Schema (for the editor)', () => {
  it('accepts every bundled skill', () => {
    for (const e of loadLibrary([{ path: bundledSkillsDir() }]).entries) {
      expect(validate(frontmatter(e.path)), `${e.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('rejects the shapes the validator rejects', () => {
    expect(validate(frontmatter(join(fixtureSkill('fields-types'), 'SKILL.md')))).toBe(false);
    expect(validate(frontmatter(join(fixtureSkill('Bad_Name'), 'SKILL.md')))).toBe(false);
    expect(validate(frontmatter(join(fixtureSkill('desc-number'), 'SKILL.md')))).toBe(false);
  });
});
