// Issue 17: the lockfiles are read and written in the `skills` CLI's formats (project skills-lock.json, user
// .skill-lock.json version 3), keep what they do not know, and are never overwritten when unreadable.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentContext } from '../../../../electron/core/agents/folders.js';
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
  const CLI = join(FIXTURES, 'manage', 'skills-cli-1.7.4');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

  it("writes the CLI's project lock back byte for byte, and adds entries the way the CLI writes them", () => {
    const file = join(tmp, 'skills-lock.json');
    cpSync(join(CLI, 'skills-lock.json'), file);
    const written = readFileSync(file, 'utf8');
    const lock = new SkillLock('project', file);
    // A local source is read as the folder it names, relative to the project.
    expect(lock.get('tidy')?.source).toBe(join(tmp, 'vendor', 'tidy'));
    lock.save();
    expect(readFileSync(file, 'utf8')).toBe(written);
    lock.set('alpha', {
      source: 'https://git.example.test/team/alpha.git',
      sourceType: 'git',
      sourceUrl: 'https://git.example.test/team/alpha.git',
      ref: 'v2',
      skillPath: 'SKILL.md',
      computedHash: 'a'.repeat(64),
      skillFolderHash: 'never in a project lock',
      installedAt: 'never in a project lock',
    });
    lock.set('beta', {
      source: 'team/beta',
      sourceType: 'github',
      sourceUrl: 'https://github.com/team/beta.git', // not for GitHub shorthand, as the CLI writes it
      computedHash: 'b'.repeat(64),
      agents: ['trae'],
    });
    lock.set('gamma', {
      source: join(tmp, '..', 'elsewhere', 'gamma'),
      sourceType: 'local',
      computedHash: 'c'.repeat(64),
    });
    lock.save();
    const saved = read(file).skills as Record<string, unknown>;
    // Sorted as the CLI sorts (by UTF-16 code units: capitals first).
    expect(Object.keys(saved)).toEqual(['Braintree Automation', 'alpha', 'beta', 'gamma', 'notes', 'tidy']);
    expect(JSON.stringify(saved.alpha)).toBe(
      JSON.stringify({
        source: 'https://git.example.test/team/alpha.git',
        sourceUrl: 'https://git.example.test/team/alpha.git',
        ref: 'v2',
        sourceType: 'git',
        skillPath: 'SKILL.md',
        computedHash: 'a'.repeat(64),
      }),
    );
    expect(JSON.stringify(saved.beta)).toBe(
      JSON.stringify({
        source: 'team/beta',
        sourceType: 'github',
        agents: ['trae'],
        computedHash: 'b'.repeat(64),
      }),
    );
    expect(saved.gamma).toMatchObject({ source: '../elsewhere/gamma' });
    expect(readFileSync(file, 'utf8')).toMatch(/\}\n$/);
  });

  it("keeps the CLI's keys of an entry installed again from the same source, sourceUrl among them", () => {
    const file = join(tmp, 'skills-lock.json');
    cpSync(join(CLI, 'skills-lock.json'), file);
    const raw = read(file) as { skills: Record<string, Record<string, unknown>> };
    raw.skills.notes = { ...raw.skills.notes, via: 'workspace', subagents: ['', 'docs'] };
    writeFileSync(file, JSON.stringify(raw));
    const lock = new SkillLock('project', file);
    const { sourceUrl: _dropped, ...withoutUrl } = lock.get('notes')!;
    lock.set('notes', {
      ...withoutUrl,
      sourceUrl: 'https://git.example.test/owner/repo.git',
      agents: ['eve'],
    });
    lock.save();
    expect((read(file).skills as Record<string, unknown>).notes).toEqual({
      source: 'https://git.example.test/owner/repo.git',
      sourceUrl: 'https://git.example.test/owner/repo.git',
      sourceType: 'git',
      skillPath: 'skills/notes/SKILL.md',
      via: 'workspace',
      subagents: ['', 'docs'],
      agents: ['eve'],
      computedHash: 'fa687b77d1b185ad10119b8556b60e418313f43e838c4dd087275460f5ced7ca',
    });
  });

  it("keeps the user lock's fields and timestamps, never blanks skillFolderHash, and starts afresh from an older version", () => {
    const file = join(tmp, '.skill-lock.json');
    cpSync(join(CLI, '.skill-lock.json'), file);
    const before = read(file) as { skills: Record<string, Record<string, string>> };
    const lock = new SkillLock('user', file);
    // Installed again without a folder hash to give (nothing may blank the CLI's): the one it had stays.
    const { skillFolderHash: _h, ...entry } = lock.get('notes')!;
    lock.set('notes', { ...entry, computedHash: 'c'.repeat(64), agents: ['trae'] });
    lock.save();
    const written = read(file) as { skills: Record<string, Record<string, string>>; dismissed: unknown };
    expect(written.skills.notes).toMatchObject({
      sourceUrl: 'https://git.example.test/owner/repo.git',
      skillFolderHash: before.skills.notes?.skillFolderHash,
      installedAt: before.skills.notes?.installedAt,
      computedHash: 'c'.repeat(64),
    });
    expect(written.skills.notes?.updatedAt).not.toBe(before.skills.notes?.updatedAt);
    expect(written.skills['Braintree Automation']).toEqual(before.skills['Braintree Automation']);
    expect(written.dismissed).toEqual({});
    expect(readFileSync(file, 'utf8')).toMatch(/\}$/); // no final newline, as the CLI writes it
    writeFileSync(file, JSON.stringify({ version: 2, skills: { old: {} } }));
    expect(new SkillLock('user', file).names).toEqual([]);
  });

  it('finds the key of a skill by the folder the CLI installs it in', () => {
    const file = join(tmp, 'skills-lock.json');
    cpSync(join(CLI, 'skills-lock.json'), file);
    const lock = new SkillLock('project', file);
    expect(lock.keyForFolder('braintree-automation')).toBe('Braintree Automation');
    expect(lock.keyForFolder('notes')).toBe('notes');
    expect(lock.keyForFolder('braintree')).toBeUndefined();
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
