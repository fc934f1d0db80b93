// Issue 17: the lockfiles are read and written in the `skills` CLI's formats (project skills-lock.json, user
// .skill-lock.json version 3), keep what they do not know, and are never overwritten when unreadable.
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
    writeFileSync(file, '<<<<<<< HEAD\n{}\n');
    expect(() => new SkillLock('project', file)).toThrow(/is not valid JSON[\s\S]*it was not changed/);
    expect(readFileSync(file, 'utf8')).toBe('<<<<<<< HEAD\n{}\n');
  });
});
