// Issue 17: the lockfiles are read and written in the `skills` CLI's formats (project skills-lock.json, user
// .skill-lock.json version 3), keep what they do not know, and are never overwritten when unreadable.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentContext } from '../../../../electron/core/manage/agents.js';
import { lockPath, SkillLock } from '../../../../electron/core/manage/lock.js';
import { FIXTURES } from '../../../helpers.js';

let tmp: string;
let ctx: AgentContext;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-lock-'));
  ctx = { home: join(tmp, 'home'), env: {}, platform: 'linux' };
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('lock paths', () => {
  it('project: <project>/skills-lock.json; user: ~/.agents/.skill-lock.json or $XDG_STATE_HOME/skills/', () => {
    expect(lockPath('project', { project: tmp, ctx })).toBe(join(tmp, 'skills-lock.json'));
    expect(lockPath('user', { project: tmp, ctx })).toBe(join(ctx.home, '.agents', '.skill-lock.json'));
    const state = { ...ctx, env: { XDG_STATE_HOME: join(tmp, 'st') } };
    expect(lockPath('user', { project: tmp, ctx: state })).toBe(
      join(tmp, 'st', 'skills', '.skill-lock.json'),
    );
  });
});

describe('SkillLock', () => {
  it('reads the skills CLI project lock and writes it back sorted, two-space, with a final newline', () => {
    const file = join(tmp, 'skills-lock.json');
    cpSync(join(FIXTURES, 'manage', 'skills-cli', 'skills-lock.json'), file);
    const lock = new SkillLock('project', file);
    expect(lock.get('notes')).toEqual({
      source: 'owner/repo',
      sourceType: 'github',
      computedHash: 'd09ed45ec84114cf1b087c4625ec80bffb3c41ec6e024789d6218f62e534cea3',
    });
    lock.set('alpha', {
      source: '/x',
      sourceType: 'local',
      skillPath: 'SKILL.md',
      computedHash: 'ab',
      sourceUrl: '/x',
      installedAt: 'never in a project lock',
    });
    lock.save();
    expect(readFileSync(file, 'utf8')).toBe(
      `{\n  "version": 1,\n  "skills": {\n    "alpha": {\n      "source": "/x",\n      "sourceType": "local",\n      "skillPath": "SKILL.md",\n      "computedHash": "ab"\n    },\n    "notes": {\n      "source": "owner/repo",\n      "sourceType": "github",\n      "computedHash": "d09ed45ec84114cf1b087c4625ec80bffb3c41ec6e024789d6218f62e534cea3"\n    }\n  }\n}\n`,
    );
  });

  it('keeps the user lock version 3 fields and timestamps; starts afresh from an older version', () => {
    const file = join(tmp, '.skill-lock.json');
    cpSync(join(FIXTURES, 'manage', 'skills-cli', '.skill-lock.json'), file);
    const lock = new SkillLock('user', file);
    lock.set('notes', { ...lock.get('notes')!, computedHash: 'cd' });
    lock.save();
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      skills: Record<string, Record<string, string>>;
    };
    expect(written.skills.notes).toMatchObject({
      installedAt: '2026-10-01T10:00:00.000Z',
      computedHash: 'cd',
    });
    expect(written.skills.notes?.updatedAt).not.toBe('2026-10-01T10:00:00.000Z');
    writeFileSync(file, JSON.stringify({ version: 2, skills: { old: {} } }));
    expect(new SkillLock('user', file).names).toEqual([]);
  });

  it('refuses a lockfile that is not JSON, and leaves it as it was', () => {
    mkdirSync(join(tmp, 'p'));
    const file = join(tmp, 'p', 'skills-lock.json');
    writeFileSync(file, '{ "version": 1, "skills": {\n');
    expect(() => new SkillLock('project', file)).toThrow(/is not valid JSON[\s\S]*it was not changed/);
    expect(readFileSync(file, 'utf8')).toBe('{ "version": 1, "skills": {\n');
  });
});

describe('a project lockfile left with git merge conflict markers', () => {
  const entry = (source: string, hash: string) => ({ source, sourceType: 'github', computedHash: hash });
  /** Two branches each change the lock from the same start; `git merge` leaves its markers in the file. */
  function conflicted(ours: Record<string, unknown>, theirs: Record<string, unknown>): string {
    const repo = join(tmp, 'repo');
    mkdirSync(repo);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@e', ...args], {
        cwd: repo,
        encoding: 'utf8',
      });
    const write = (skills: Record<string, unknown>) => {
      const lock = new SkillLock('project', join(repo, 'skills-lock.json'));
      for (const [name, e] of Object.entries(skills)) lock.set(name, e as never);
      lock.save();
    };
    git('init', '-q', '-b', 'main');
    write({ notes: entry('owner/repo', 'a'.repeat(64)) });
    git('add', '-A');
    git('commit', '-qm', 'start');
    git('checkout', '-qb', 'theirs');
    write(theirs);
    git('commit', '-qam', 'theirs');
    git('checkout', '-q', 'main');
    write(ours);
    git('commit', '-qam', 'ours');
    expect(() => git('merge', '-q', 'theirs')).toThrow(); // the conflict
    const file = join(repo, 'skills-lock.json');
    expect(readFileSync(file, 'utf8')).toMatch(/^<<<<<<< HEAD$/m);
    return file;
  }

  it('takes the skills of both sides, and the next save writes the merged file without markers', () => {
    const file = conflicted(
      { alpha: entry('team/alpha', 'b'.repeat(64)) },
      { beta: entry('team/beta', 'c'.repeat(64)) },
    );
    const before = readFileSync(file, 'utf8');
    const lock = new SkillLock('project', file);
    expect(lock.names).toEqual(['alpha', 'beta', 'notes']);
    expect(lock.get('beta')?.source).toBe('team/beta');
    expect(readFileSync(file, 'utf8')).toBe(before); // reading writes nothing
    lock.save();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number;
      skills: Record<string, unknown>;
    };
    expect(saved.version).toBe(1);
    expect(Object.keys(saved.skills)).toEqual(['alpha', 'beta', 'notes']);
  });

  it('refuses when both sides record the same skill differently, naming it, and changes nothing', () => {
    const file = conflicted(
      { notes: entry('owner/repo', 'd'.repeat(64)) },
      { notes: entry('owner/repo', 'e'.repeat(64)) },
    );
    const before = readFileSync(file, 'utf8');
    expect(() => new SkillLock('project', file)).toThrow(
      /merge conflict markers, and both sides record "notes" differently \(owner\/repo@dddddddddddd vs owner\/repo@eeeeeeeeeeee\)\. Keep one side/,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
