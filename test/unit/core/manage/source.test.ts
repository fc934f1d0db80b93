// Issue 17: what `skillbench add SOURCE` understands.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSource, removeStaleSourceFolders } from '../../../../electron/core/manage/source.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'skillbench-source-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

describe('parseSource', () => {
  it('reads owner/repo shorthand with a path and a ref against the base URL', () => {
    expect(parseSource('owner/repo', { cwd })).toEqual({
      type: 'github',
      source: 'owner/repo',
      url: 'https://github.com/owner/repo.git',
    });
    expect(parseSource('owner/repo/skills/pdf#v2', { cwd, gitBase: 'file:///srv/git/' })).toEqual({
      type: 'github',
      source: 'owner/repo',
      url: 'file:///srv/git/owner/repo.git',
      ref: 'v2',
      subpath: 'skills/pdf',
    });
  });

  it('reads git URLs, GitHub tree URLs, local folders and archives', () => {
    expect(parseSource('https://example.com/x.git#main', { cwd })).toEqual({
      type: 'git',
      source: 'https://example.com/x.git',
      url: 'https://example.com/x.git',
      ref: 'main',
    });
    expect(parseSource('git@example.com:team/skills.git', { cwd }).type).toBe('git');
    expect(parseSource('https://github.com/o/r/tree/dev/skills/a', { cwd })).toEqual({
      type: 'github',
      source: 'o/r',
      url: 'https://github.com/o/r.git',
      ref: 'dev',
      subpath: 'skills/a',
    });
    expect(parseSource('.', { cwd })).toEqual({ type: 'local', source: cwd, url: cwd });
    writeFileSync(join(cwd, 'a.skill'), '');
    expect(parseSource('a.skill', { cwd }).type).toBe('archive');
  });

  it('says what is wrong with a missing path, a plain file or nonsense', () => {
    expect(() => parseSource('./missing', { cwd })).toThrow(/No such folder or file: \.\/missing/);
    expect(() => parseSource('gone.zip', { cwd })).toThrow(/No such folder or file/);
    writeFileSync(join(cwd, 'notes.txt'), '');
    expect(() => parseSource('./notes.txt', { cwd })).toThrow(/not a folder or a \.zip or \.skill archive/);
    expect(() => parseSource('notes.txt', { cwd })).toThrow(/write \.\/notes\.txt/);
    expect(() => parseSource('just words', { cwd })).toThrow(/not a source Skillbench understands/);
  });
});

describe('removeStaleSourceFolders', () => {
  it('removes the temporary clones of runs that are gone, and nothing else', () => {
    const temp = mkdtempSync(join(tmpdir(), 'skillbench-temp-'));
    vi.stubEnv('TMPDIR', temp);
    try {
      // A process that has exited: its pid no longer runs.
      const gone = spawnSync(process.execPath, ['-e', '0']).pid;
      const dead = join(temp, `skillbench-source-${gone}-AbC123`);
      const live = join(temp, `skillbench-source-${process.ppid}-XyZ789`); // the parent still runs
      const mine = join(temp, `skillbench-source-${process.pid}-Mine00`);
      const other = join(temp, 'skillbench-source-notapid');
      for (const d of [dead, live, mine, other]) mkdirSync(join(d, 'repo'), { recursive: true });
      expect(removeStaleSourceFolders()).toEqual([dead]);
      expect(readdirSync(temp).sort()).toEqual([live, mine, other].map((d) => basename(d)).sort());
    } finally {
      vi.unstubAllEnvs();
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
