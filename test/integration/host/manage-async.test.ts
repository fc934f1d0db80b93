// Issue 17, the host side of async fetch and install: a clone held by a slow `git` (first on PATH, it waits until
// the test lets it go) shows that progress arrives before the request completes, that other requests are answered
// while the clone runs, and that `runs:cancel` stops git, removes its temporary folder and writes nothing. Also:
// a killed install's leftovers reach the app as `manage:notice`, and the target project can be any open project.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../../shared/ipc.js';
import type {
  InstalledSkillView,
  InstallProgressView,
  InstallResultView,
  ManageAgentsView,
  SourceInspectionView,
} from '../../../shared/manage-types.js';
import type { LibraryEntry } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { computeSkillFolderHash } from '../../../electron/core/manage/skill-hash.js';
import { FIXTURES, REPO } from '../../helpers.js';
import { agentHomeEnv, fixtureRepo } from '../manage-fixtures.js';
import { alive, makeSlowGit, type SlowGit } from '../slow-git.js';

let tmp: string;
let temp: string;
let home: string;
let project: string;
let other: string;
let remote: string;
let slow: SlowGit;
let host: Host;

async function ok<T>(channel: string, request: unknown = {}): Promise<T> {
  const r = (await host.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-host-manage-async-'));
  home = join(tmp, 'home');
  project = join(tmp, 'project');
  other = join(tmp, 'other-project');
  // The fetch's temporary folders go here, so the test sees every one (the machine's own temp is shared).
  temp = join(tmp, 'temp');
  for (const d of [home, project, other, temp]) mkdirSync(d, { recursive: true });
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
  remote = fixtureRepo(join(tmp, 'work'));
  slow = makeSlowGit(join(tmp, 'slow-git'));
  vi.stubEnv('PATH', `${slow.bin}:${process.env.PATH ?? ''}`);
  vi.stubEnv('TMPDIR', temp);
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: join(tmp, 'app-data'),
    projectRoots: [project, other],
    watch: false,
  });
});

afterEach(async () => {
  slow.release();
  await host.close();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

const sourceFolders = () => readdirSync(temp).filter((n) => n.startsWith('skillbench-source-'));

describe('manage:inspect while git clones', () => {
  it('tells each step before it answers, and answers other requests while the clone runs', async () => {
    const log: string[] = [];
    const off = host.on('manage:progress', (p) => {
      if (p.runId === 'look-1') log.push(p.step);
    });
    const pending = host.handle('manage:inspect', {
      source: remote,
      agents: ['claude-code'],
      runId: 'look-1',
    }) as Promise<IpcResult<SourceInspectionView>>;
    let settled = false;
    void pending.then(() => {
      settled = true;
      log.push('answered');
    });
    await slow.started();
    // The clone is held: the request has not answered, yet its first step was told.
    expect(settled).toBe(false);
    expect(log).toEqual(['fetching']);
    // The host is not blocked by the clone: the library and the agent table are answered meanwhile.
    const { entries } = await ok<{ entries: LibraryEntry[] }>('skills:list');
    expect(entries.length).toBeGreaterThan(0);
    expect((await ok<ManageAgentsView>('manage:agents')).projects).toEqual([project, other]);
    expect(settled).toBe(false);

    slow.release();
    const r = await pending;
    off();
    expect(r.ok).toBe(true);
    const skills = r.ok ? r.value.skills.map((s) => s.name) : [];
    expect(skills.sort()).toEqual(['notes', 'pdf-tools']);
    // Every step came before the answer: fetching, the skills found, each checked.
    expect(log[0]).toBe('fetching');
    expect(log[1]).toBe('found');
    expect(log.filter((s) => s === 'validating')).toHaveLength(2);
    expect(log.at(-1)).toBe('answered');
  });

  it('stops on runs:cancel: git is killed, its temporary folder removed, nothing written', async () => {
    const pending = host.handle('manage:inspect', {
      source: remote,
      agents: ['claude-code'],
      runId: 'look-2',
    });
    const pid = await slow.started();
    expect(sourceFolders()).toHaveLength(1); // the clone's folder exists while it runs
    expect(await ok<{ cancelled: boolean }>('runs:cancel', { runId: 'look-2' })).toEqual({
      cancelled: true,
    });
    const r = await pending;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('Cancelled');
    expect(r.error.message).toBe(`Fetching ${remote} was cancelled; nothing was written.`);
    expect(alive(pid)).toBe(false);
    expect(sourceFolders()).toEqual([]);
    expect(readdirSync(project)).toEqual([]);
    // A run that is over is not cancelled again.
    expect(await ok<{ cancelled: boolean }>('runs:cancel', { runId: 'look-2' })).toEqual({
      cancelled: false,
    });
  });
});

describe('checking and applying updates', () => {
  it('stops a check on runs:cancel: git is killed, its folder removed, the install left as it was', async () => {
    // notes, installed from the git source (as an install writes it), for Claude Code.
    const notes = join(project, '.agents', 'skills', 'notes');
    cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), notes, { recursive: true });
    const lock = `${JSON.stringify(
      {
        version: 1,
        skills: {
          notes: {
            source: remote,
            sourceType: 'git',
            skillPath: 'skills/notes/SKILL.md',
            agents: ['agents'],
            computedHash: computeSkillFolderHash(notes),
          },
        },
      },
      null,
      2,
    )}\n`;
    writeFileSync(join(project, 'skills-lock.json'), lock);
    const pending = host.handle('manage:check-updates', { scope: 'project', runId: 'check-1' });
    const pid = await slow.started();
    expect(await ok<{ cancelled: boolean }>('runs:cancel', { runId: 'check-1' })).toEqual({
      cancelled: true,
    });
    const r = await pending;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('Cancelled');
    expect(alive(pid)).toBe(false);
    expect(sourceFolders()).toEqual([]);
    expect(readFileSync(join(project, 'skills-lock.json'), 'utf8')).toBe(lock);
    // The same for an update being applied.
    rmSync(join(tmp, 'slow-git', 'started')); // so started() waits for this run's clone
    const applying = host.handle('manage:update', { scope: 'project', runId: 'update-1' });
    await slow.started();
    expect(await ok<{ cancelled: boolean }>('runs:cancel', { runId: 'update-1' })).toEqual({
      cancelled: true,
    });
    const u = await applying;
    expect(u.ok).toBe(false);
    if (!u.ok) expect(u.error.code).toBe('Cancelled');
    expect(readFileSync(join(project, 'skills-lock.json'), 'utf8')).toBe(lock);
  });
});

describe('a killed install’s leftovers', () => {
  it('are put back, and the app hears what was done as manage:notice', async () => {
    // What an install killed between its two renames leaves: the skill it replaced moved aside into its staging
    // folder (named by a process id that no longer runs), and nothing in the skill's place.
    const staging = join(project, '.agents', '.skillbench-staging-2147483646-deadbeef');
    const aside = join(staging, '0-notes.previous');
    mkdirSync(aside, { recursive: true });
    writeFileSync(join(aside, 'SKILL.md'), '---\nname: notes\ndescription: mine\n---\n');
    mkdirSync(join(project, '.agents', 'skills'), { recursive: true });
    const notices: string[] = [];
    const off = host.on('manage:notice', (n) => notices.push(n.message));
    await ok<InstalledSkillView[]>('manage:installed');
    off();
    const placed = join(project, '.agents', 'skills', 'notes');
    expect(notices).toEqual([`An interrupted install had moved ${placed} aside; it is back in its place.`]);
    expect(readFileSync(join(placed, 'SKILL.md'), 'utf8')).toContain('description: mine');
    expect(existsSync(staging)).toBe(false);
  });
});

describe('the target project', () => {
  it('is the one asked for: its agent folders, its relative paths, its lockfile; the other is untouched', async () => {
    const agents = await ok<ManageAgentsView>('manage:agents', { project: other });
    expect(agents.agents.find((a) => a.id === 'claude-code')?.projectFolder).toBe(
      join(other, '.claude', 'skills'),
    );
    // A relative source is read from the project chosen.
    cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), join(other, 'vendor', 'notes'), {
      recursive: true,
    });
    const view = await ok<SourceInspectionView>('manage:inspect', {
      source: './vendor/notes',
      agents: ['claude-code'],
      project: other,
    });
    expect(view.skills.map((s) => s.name)).toEqual(['notes']);
    const progress: InstallProgressView[] = [];
    const off = host.on('manage:progress', (p) => progress.push(p));
    const results = await ok<InstallResultView[]>('manage:install', {
      runId: 'install-other',
      inspectionId: view.id,
      skills: ['notes'],
      agents: ['claude-code'],
      scope: 'project',
      project: other,
    });
    off();
    expect(results[0]?.lockFile).toBe(join(other, 'skills-lock.json'));
    expect(existsSync(join(other, '.claude', 'skills', 'notes', 'SKILL.md'))).toBe(true);
    expect(progress.at(-1)).toMatchObject({ step: 'lockfile', path: join(other, 'skills-lock.json') });
    expect(readdirSync(project)).toEqual([]);
    // The agents' folders of every open project are library roots: the install is seen, with its agents.
    const { entries } = await ok<{ entries: LibraryEntry[] }>('skills:list');
    const shared = entries.find((e) => e.path === join(other, '.agents', 'skills', 'notes', 'SKILL.md'));
    expect(shared?.id).toBe('project2-agents/notes');
    const installed = await ok<InstalledSkillView[]>('manage:installed');
    expect(installed.find((i) => i.name === 'notes')?.entryIds).toContain('project2-agents/notes');
  });
});
