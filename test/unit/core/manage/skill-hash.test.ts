// Issue 17: computedHash is the `skills` CLI's: SHA-256 over (relative path, bytes) of each regular file, sorted with
// localeCompare, skipping .git and node_modules.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cachedSkillFolderHash,
  computeSkillFolderHash,
  gitTreeHashOfFolder,
  hashKind,
  lockedHash,
  skillHashStats,
} from '../../../../electron/core/manage/skill-hash.js';
import { FIXTURES } from '../../../helpers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillbench-hash-'));
  cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('computeSkillFolderHash', () => {
  it('hashes path then bytes of each file in localeCompare order (references/ before SKILL.md)', () => {
    const h = createHash('sha256');
    for (const f of ['references/layout.md', 'SKILL.md']) {
      h.update(f);
      h.update(readFileSync(join(dir, ...f.split('/'))));
    }
    expect(computeSkillFolderHash(dir)).toBe(h.digest('hex'));
    // The value the fixture lockfile (written in the skills CLI's format) records for this folder.
    expect(computeSkillFolderHash(dir)).toBe(
      'd09ed45ec84114cf1b087c4625ec80bffb3c41ec6e024789d6218f62e534cea3',
    );
  });

  it('ignores .git, node_modules and links; notices an edit and a rename', () => {
    const before = computeSkillFolderHash(dir);
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'HEAD'), 'x');
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'node_modules', 'a.js'), 'x');
    symlinkSync(join(dir, 'SKILL.md'), join(dir, 'link.md'));
    expect(computeSkillFolderHash(dir)).toBe(before);
    renameSync(join(dir, 'references', 'layout.md'), join(dir, 'references', 'layout2.md'));
    const renamed = computeSkillFolderHash(dir);
    expect(renamed).not.toBe(before);
    writeFileSync(join(dir, 'SKILL.md'), 'changed');
    expect(computeSkillFolderHash(dir)).not.toBe(renamed);
  });
});

describe('cachedSkillFolderHash', () => {
  it('hashes a folder again only when one of its files changed, was added or was removed', () => {
    const other = mkdtempSync(join(tmpdir(), 'skillbench-hash-other-'));
    try {
      cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'pdf-tools'), other, { recursive: true });
      const start = skillHashStats.computed;
      const count = () => skillHashStats.computed - start;
      expect(cachedSkillFolderHash(dir)).toBe(computeSkillFolderHash(dir));
      expect(cachedSkillFolderHash(other)).toBe(computeSkillFolderHash(other));
      expect(count()).toBe(2);
      // Nothing changed: no folder is read again.
      cachedSkillFolderHash(dir);
      cachedSkillFolderHash(other);
      expect(count()).toBe(2);
      // One file of one folder changes size: only that folder is hashed again, and the new hash is right.
      writeFileSync(join(dir, 'SKILL.md'), readFileSync(join(dir, 'SKILL.md'), 'utf8') + '\nmore\n');
      expect(cachedSkillFolderHash(dir)).toBe(computeSkillFolderHash(dir));
      expect(cachedSkillFolderHash(other)).toBe(computeSkillFolderHash(other));
      expect(count()).toBe(3);
      // A file added, then removed.
      writeFileSync(join(other, 'extra.md'), 'x');
      expect(cachedSkillFolderHash(other)).toBe(computeSkillFolderHash(other));
      expect(count()).toBe(4);
      rmSync(join(other, 'extra.md'));
      expect(cachedSkillFolderHash(other)).toBe(computeSkillFolderHash(other));
      expect(count()).toBe(5);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("the user lock's skillFolderHash conventions", () => {
  it('computes the git tree SHA of a folder on disk as git does: modes, links, nested and empty folders', () => {
    cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'pdf-tools'), join(dir, 'tools'), { recursive: true });
    writeFileSync(join(dir, 'run.sh'), '#!/bin/sh\necho hi\n');
    chmodSync(join(dir, 'run.sh'), 0o755);
    symlinkSync('references/layout.md', join(dir, 'latest.md'));
    mkdirSync(join(dir, 'empty'));
    writeFileSync(join(dir, 'a-b.md'), 'sorts before a/ in git, after it by name');
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'x.md'), 'x');
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@e', ...args], {
        cwd: dir,
        encoding: 'utf8',
      });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'tree');
    for (const folder of ['', 'tools', 'references', 'a'])
      expect(gitTreeHashOfFolder(join(dir, folder)), folder || '(top)').toBe(
        git('rev-parse', folder ? `HEAD:${folder}` : 'HEAD^{tree}').trim(),
      );
  });

  it('tells the two conventions apart by their form, and prefers computedHash', () => {
    expect(hashKind('a'.repeat(64))).toBe('content');
    expect(hashKind('b'.repeat(40))).toBe('git-tree');
    expect(hashKind('')).toBeUndefined();
    expect(lockedHash({ skillFolderHash: 'B'.repeat(40) })).toEqual({
      hash: 'b'.repeat(40),
      kind: 'git-tree',
    });
    expect(lockedHash({ computedHash: 'a'.repeat(64), skillFolderHash: 'b'.repeat(40) })).toEqual({
      hash: 'a'.repeat(64),
      kind: 'content',
    });
    expect(lockedHash({ skillFolderHash: '' })).toBeUndefined();
  });
});
