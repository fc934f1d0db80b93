// Eve gets a SKILL.md with only the keys it reads: eve.ts against the CLI's own stripIgnoredEveFrontmatter (read
// from the pinned package's dist, with the same `yaml` package), over every SKILL.md among the fixtures.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { eveCopyHash, eveSkillMd } from '../../../../electron/core/manage/eve.js';
import { computeSkillFolderHash } from '../../../../electron/core/manage/skill-hash.js';
import { FIXTURES } from '../../../helpers.js';
import { cliFunction } from './skills-cli-dist.js';

const stripIgnoredEveFrontmatter = cliFunction<(raw: string) => string>(
  ['parseFrontmatter', 'stripIgnoredEveFrontmatter'],
  // yaml's parse prints each warning (an unresolved tag in a fixture) to the test log; the value is the same.
  { parse: (text: string) => parse(text, { logLevel: 'error' }) as unknown, stringify },
);

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) return manifests(path);
    return name === 'SKILL.md' ? [path] : [];
  });
}

describe('eveSkillMd', () => {
  it("is the CLI's rewrite of SKILL.md for Eve, for every fixture manifest it can read", () => {
    const files = manifests(FIXTURES);
    expect(files.length).toBeGreaterThan(50);
    let compared = 0;
    for (const file of files) {
      const raw = readFileSync(file, 'utf8');
      let theirs: string | undefined;
      try {
        theirs = stripIgnoredEveFrontmatter(raw);
      } catch {
        theirs = undefined; // YAML the CLI cannot read either: its install fails, ours says "cannot tell"
      }
      expect(eveSkillMd(raw), file).toBe(theirs);
      if (theirs !== undefined) compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('hashes a folder as the copy the CLI gives Eve', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'skillbench-eve-'));
    try {
      const skill = join(tmp, 'notes');
      cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), skill, { recursive: true });
      const copy = join(tmp, 'eve-copy');
      cpSync(skill, copy, { recursive: true });
      writeFileSync(
        join(copy, 'SKILL.md'),
        stripIgnoredEveFrontmatter(readFileSync(join(skill, 'SKILL.md'), 'utf8')),
      );
      expect(computeSkillFolderHash(copy)).not.toBe(computeSkillFolderHash(skill));
      expect(eveCopyHash(skill)).toBe(computeSkillFolderHash(copy));
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
