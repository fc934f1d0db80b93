// Issue 17 in the app: the `manage:*` channels on a host opened on a temporary project and home, with a real git
// repository (file:// URL) made here: inspect (findings per agent profile, what each skill runs), install with
// progress, the installed state mapped onto library entries, a local edit, updates after a new commit, name clashes,
// removal to the trash, packing inside the roots only, and importing the package back.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcError, IpcResult } from '../../../shared/ipc.js';
import type {
  InstalledSkillView,
  InstallProgressView,
  InstallResultView,
  ManageAgentsView,
  PackResultView,
  RemoveResultView,
  SourceInspectionView,
  UpdateCheckView,
} from '../../../shared/manage-types.js';
import type { LibraryEntry } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { FIXTURES, REPO } from '../../helpers.js';

let tmp: string;
let home: string;
let project: string;
let work: string;
let remote: string;
let host: Host;

function git(args: string[], cwd: string): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

async function ok<T>(channel: string, request: unknown = {}): Promise<T> {
  const r = (await host.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}
async function err(channel: string, request: unknown = {}): Promise<IpcError> {
  const r = await host.handle(channel, request);
  if (r.ok) throw new Error(`${channel} was expected to fail`);
  return r.error;
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-host-manage-'));
  home = join(tmp, 'home');
  project = join(tmp, 'project');
  for (const d of [home, project]) mkdirSync(d, { recursive: true });
  vi.stubEnv('SKILLBENCH_HOME', home);
  vi.stubEnv('XDG_CONFIG_HOME', '');
  vi.stubEnv('XDG_STATE_HOME', '');
  vi.stubEnv('CODEX_HOME', '');
  vi.stubEnv('CLAUDE_CONFIG_DIR', '');
  vi.stubEnv('XDG_DATA_HOME', join(tmp, 'data')); // the freedesktop trash
  work = join(tmp, 'work');
  cpSync(join(FIXTURES, 'manage', 'repo'), work, { recursive: true });
  git(['init', '-q', '-b', 'main'], work);
  git(['add', '-A'], work);
  git(['commit', '-q', '-m', 'skills'], work);
  remote = pathToFileURL(work).href;
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: join(tmp, 'app-data'),
    projectRoots: [project],
    watch: false,
  });
});

afterEach(async () => {
  await host.close();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

async function inspect(agents = ['claude-code', 'windsurf']): Promise<SourceInspectionView> {
  return ok<SourceInspectionView>('manage:inspect', { source: remote, agents });
}

async function install(
  inspection: SourceInspectionView,
  extra: Record<string, unknown> = {},
): Promise<InstallResultView[]> {
  return ok<InstallResultView[]>('manage:install', {
    runId: 'run-1',
    inspectionId: inspection.id,
    skills: ['notes', 'pdf-tools'],
    agents: ['claude-code', 'windsurf'],
    scope: 'project',
    ...extra,
  });
}

describe('manage channels', () => {
  it('lists the agent table with the folders of the open project and the home folder', async () => {
    const view = await ok<ManageAgentsView>('manage:agents');
    expect(view.projects).toEqual([project]);
    expect(view.agents.find((a) => a.id === 'claude-code')).toMatchObject({
      projectFolder: join(project, '.claude', 'skills'),
      userFolder: join(home, '.claude', 'skills'),
      profile: 'claude-code',
    });
  });

  it('inspects a git source: skills, findings per target profile with source paths, and what each runs', async () => {
    const view = await inspect();
    expect(view.source).toMatchObject({ type: 'git', source: remote });
    expect(view.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(view.profiles).toEqual(['claude-code', 'portable']);
    const pdf = view.skills.find((s) => s.name === 'pdf-tools');
    expect(pdf).toMatchObject({
      skillPath: 'skills/pdf-tools/SKILL.md',
      tools: [{ name: 'extract', kind: 'shell', runs: 'pdftotext {{file}} -' }],
      commands: ['pwd'],
    });
    // The portable profile (Windsurf) rejects the `tools` key; files are named as in the source, not the clone.
    const portable = pdf?.findings.portable ?? [];
    expect(portable.length).toBeGreaterThan(0);
    expect(portable.every((d) => d.file === 'skills/pdf-tools/SKILL.md')).toBe(true);
    expect(Object.keys(pdf?.findings ?? {}).sort()).toEqual(['claude-code', 'portable']);
  });

  it('installs with progress, shows the install on the library entries, and sees a local edit', async () => {
    const view = await inspect();
    const progress: InstallProgressView[] = [];
    const off = host.on('manage:progress', (p) => progress.push(p));
    const results = await install(view, { force: true });
    off();
    expect(results.map((r) => r.name)).toEqual(['notes', 'pdf-tools']);
    expect(lstatSync(join(project, '.claude', 'skills', 'notes')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(project, '.windsurf', 'skills', 'notes')).isSymbolicLink()).toBe(true);
    // Every placement staged then placed, in order, for this run; then the lockfile is written.
    const steps = progress.flatMap((p) => (p.step === 'staged' || p.step === 'placed' ? [p] : []));
    expect(steps.map((p) => [p.runId, p.step, p.done])).toEqual(
      Array.from({ length: 12 }, (_, i) => ['run-1', i < 6 ? 'staged' : 'placed', i + 1]),
    );
    expect(steps.every((p) => p.total === 12)).toBe(true);
    expect(progress.map((p) => p.step)).toEqual([...steps.map((p) => p.step), 'lockfile']);
    expect(progress.at(-1)).toMatchObject({ runId: 'run-1', path: join(project, 'skills-lock.json') });
    // The source was let go once installed.
    expect(
      await err('manage:install', {
        runId: 'run-2',
        inspectionId: view.id,
        skills: ['notes'],
        agents: ['codex'],
        scope: 'project',
      }),
    ).toMatchObject({ code: 'NotFound' });

    // The agents' folders are now roots: the library holds the installed skills, and the badges map onto them.
    const { entries } = await ok<{ entries: LibraryEntry[] }>('skills:list');
    const installed = await ok<InstalledSkillView[]>('manage:installed');
    const notes = installed.find((i) => i.name === 'notes');
    expect(notes).toMatchObject({ scope: 'project', source: remote, state: 'clean' });
    expect(notes?.agents).toEqual(expect.arrayContaining(['claude-code', 'windsurf', 'codex']));
    const shared = entries.find((e) => e.path === join(project, '.agents', 'skills', 'notes', 'SKILL.md'));
    expect(shared).toBeDefined();
    expect(notes?.entryIds).toContain(shared?.id);

    writeFileSync(
      join(project, '.agents', 'skills', 'notes', 'SKILL.md'),
      '---\nname: notes\ndescription: mine\n---\n',
    );
    const after = await ok<InstalledSkillView[]>('manage:installed');
    expect(after.find((i) => i.name === 'notes')?.state).toBe('modified');
  });

  it('never replaces a different skill of the same name unless forced, and then keeps it in the trash', async () => {
    const other = join(project, '.agents', 'skills', 'notes');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'SKILL.md'), '---\nname: notes\ndescription: someone else\n---\n');
    const view = await inspect();
    // Said when looking inside, before Install is pressed.
    expect(view.skills.find((s) => s.name === 'notes')?.clashes).toEqual([
      { path: other, state: 'different' },
    ]);
    expect(view.skills.find((s) => s.name === 'pdf-tools')?.clashes).toEqual([]);
    const refused = await err('manage:install', {
      runId: 'r',
      inspectionId: view.id,
      skills: ['notes'],
      agents: ['claude-code'],
      scope: 'project',
    });
    expect(refused.code).toBe('Conflict');
    expect(refused.details).toMatchObject({
      conflicts: [{ skill: 'notes', path: other, state: 'different' }],
    });
    expect(readFileSync(join(other, 'SKILL.md'), 'utf8')).toContain('someone else');
    // The refused source stays open for the user's answer.
    const results = await ok<InstallResultView[]>('manage:install', {
      runId: 'r2',
      inspectionId: view.id,
      skills: ['notes'],
      agents: ['claude-code'],
      scope: 'project',
      force: true,
    });
    expect(results[0]?.trashed).toEqual([other]);
    expect(readFileSync(join(other, 'SKILL.md'), 'utf8')).toContain('Keep short meeting notes');
  });

  it('blocks a skill whose findings have errors unless forced', async () => {
    const view = await inspect(['windsurf']);
    const refused = await err('manage:install', {
      runId: 'r',
      inspectionId: view.id,
      skills: ['pdf-tools'],
      agents: ['windsurf'],
      scope: 'project',
    });
    expect(refused).toMatchObject({
      code: 'Conflict',
      details: { conflicts: [{ skill: 'pdf-tools', state: 'blocked' }] },
    });
    expect(existsSync(join(project, '.windsurf', 'skills', 'pdf-tools'))).toBe(false);
  });

  it('checks an install with the profiles of the agents it is for, not those of the look inside', async () => {
    // Looked at for Claude Code alone, as copies (so no other agent reads it): pdf-tools passes that profile.
    const view = await ok<SourceInspectionView>('manage:inspect', {
      source: remote,
      agents: ['claude-code'],
      copy: true,
    });
    expect(view.profiles).toEqual(['claude-code']);
    expect(view.readers).toEqual([]);
    expect(view.skills.find((s) => s.name === 'pdf-tools')?.blocked).toBe(false);
    // Windsurf is ticked afterwards: its profile rejects the `tools` key, so the install is refused, naming it.
    const refused = await err('manage:install', {
      runId: 'r1',
      inspectionId: view.id,
      skills: ['pdf-tools'],
      agents: ['claude-code', 'windsurf'],
      scope: 'project',
      copy: true,
    });
    expect(refused.code).toBe('Conflict');
    expect(refused.message).toMatch(
      /pdf-tools: the findings include errors for Windsurf \(portable profile\): SKILL\.md:\d+:\d+ unknown-key /,
    );
    expect(existsSync(join(project, '.claude'))).toBe(false);
    expect(existsSync(join(project, '.windsurf'))).toBe(false);
    // Forced, it installs for both.
    await ok('manage:install', {
      runId: 'r2',
      inspectionId: view.id,
      skills: ['pdf-tools'],
      agents: ['claude-code', 'windsurf'],
      scope: 'project',
      copy: true,
      force: true,
    });
    expect(existsSync(join(project, '.windsurf', 'skills', 'pdf-tools', 'SKILL.md'))).toBe(true);
  });

  it('checks the shared copy with the profiles of the agents that read it, without blocking on them', async () => {
    const view = await ok<SourceInspectionView>('manage:inspect', {
      source: remote,
      agents: ['claude-code'],
    });
    expect(view.profiles).toEqual(['claude-code', 'portable']);
    expect(view.required).toEqual(['claude-code']);
    // The agents the skills CLI names for .agents/skills; it hides a few more that read it (Replit, Antigravity…).
    expect(view.readers).toEqual([
      'Amp',
      'Cline',
      'Codex',
      'Cursor',
      'Droid',
      'fx',
      'Gemini CLI',
      'GitHub Copilot',
      'Kilo Code',
      'Kimi Code CLI',
      'OpenCode',
      'Pi',
      'Warp',
      'Zed',
    ]);
    const pdf = view.skills.find((s) => s.name === 'pdf-tools');
    expect(pdf?.findings.portable?.some((d) => d.severity === 'error')).toBe(true);
    expect(pdf?.blocked).toBe(false);
  });

  it('checks and applies an update after a new commit, with the SKILL.md diff and the changed files', async () => {
    await install(await inspect(), { force: true });
    writeFileSync(join(work, 'skills', 'notes', 'references', 'layout.md'), 'A new layout.\n');
    writeFileSync(
      join(work, 'skills', 'notes', 'SKILL.md'),
      readFileSync(join(work, 'skills', 'notes', 'SKILL.md'), 'utf8').replace(
        'one line per decision',
        'one line per decision and owner',
      ),
    );
    git(['commit', '-q', '-am', 'change'], work);
    const checks = await ok<UpdateCheckView[]>('manage:check-updates', { scope: 'project' });
    const notes = checks.find((c) => c.name === 'notes');
    expect(notes).toMatchObject({
      status: 'update-available',
      changes: { changed: ['references/layout.md', 'SKILL.md'], added: [], removed: [] },
    });
    expect(notes?.diff).toContain('+Write the date, the people, then one line per decision and owner.');
    expect(checks.find((c) => c.name === 'pdf-tools')?.status).toBe('up-to-date');
    const applied = await ok<UpdateCheckView[]>('manage:update', { scope: 'project', names: ['notes'] });
    expect(applied[0]).toMatchObject({ applied: true });
    expect(readFileSync(join(project, '.claude', 'skills', 'notes', 'references', 'layout.md'), 'utf8')).toBe(
      'A new layout.\n',
    );
    expect(
      (await ok<UpdateCheckView[]>('manage:check-updates', { scope: 'project', names: ['notes'] }))[0]
        ?.status,
    ).toBe('up-to-date');
  });

  it('removes from all agents: links deleted, the real folder to the trash, the lockfile entry gone', async () => {
    await install(await inspect(), { force: true });
    const removed = await ok<RemoveResultView[]>('manage:remove', { scope: 'project', names: ['notes'] });
    expect(removed[0]).toMatchObject({ name: 'notes', unlocked: true });
    expect(removed[0]?.trashed.map((t) => t.from)).toEqual([join(project, '.agents', 'skills', 'notes')]);
    expect(existsSync(join(project, '.claude', 'skills', 'notes'))).toBe(false);
    const left = await ok<InstalledSkillView[]>('manage:installed');
    expect(left.map((i) => i.name)).toEqual(['pdf-tools']);
  });

  it('lists the skills installed in every project it was given, not only the first', async () => {
    await host.close();
    const second = join(tmp, 'second');
    cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), join(project, '.claude', 'skills', 'notes'), {
      recursive: true,
    });
    cpSync(
      join(FIXTURES, 'manage', 'repo', 'skills', 'pdf-tools'),
      join(second, '.claude', 'skills', 'pdf-tools'),
      {
        recursive: true,
      },
    );
    host = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: join(tmp, 'app-data'),
      projectRoots: [project, second],
      watch: false,
    });
    const rows = await ok<InstalledSkillView[]>('manage:installed');
    expect(rows.map((r) => [r.name, r.scope, r.folder])).toEqual([
      ['notes', 'project', join(project, '.claude', 'skills', 'notes')],
      ['pdf-tools', 'project', join(second, '.claude', 'skills', 'pdf-tools')],
    ]);
    // Naming one project still lists only that one (and the user scope).
    const one = await ok<InstalledSkillView[]>('manage:installed', { project: second });
    expect(one.map((r) => r.name)).toEqual(['pdf-tools']);
  });

  it('writes only into the project folders it was given', async () => {
    const view = await inspect();
    const outside = join(tmp, 'elsewhere');
    mkdirSync(outside);
    expect(
      await err('manage:install', {
        runId: 'r',
        inspectionId: view.id,
        skills: ['notes'],
        agents: ['claude-code'],
        scope: 'project',
        project: outside,
      }),
    ).toMatchObject({ code: 'PermissionDenied' });
    expect(existsSync(join(outside, '.claude'))).toBe(false);
    expect(await err('manage:inspect', { source: remote, agents: ['nobody'] })).toMatchObject({
      code: 'InvalidArgs',
      message: expect.stringContaining('Unknown agent "nobody"') as string,
    });
  });

  it('packs a library skill inside the roots only, and the package imports back through inspect', async () => {
    await install(await inspect(), { force: true });
    const { entries } = await ok<{ entries: LibraryEntry[] }>('skills:list');
    const notes = entries.find((e) => e.path === join(project, '.agents', 'skills', 'notes', 'SKILL.md'));
    const file = join(project, 'notes.skill');
    const packed = await ok<PackResultView>('manage:pack', { id: notes?.id, file });
    expect(packed).toMatchObject({ name: 'notes', files: ['references/layout.md', 'SKILL.md'] });
    expect(await err('manage:pack', { id: notes?.id, file: join(tmp, 'notes.zip') })).toMatchObject({
      code: 'PermissionDenied',
    });
    expect(await err('manage:pack', { id: notes?.id, file: join(project, 'notes.tar') })).toMatchObject({
      code: 'InvalidArgs',
    });
    const bundled = entries.find((e) => e.rootId === 'bundled');
    expect(await err('manage:pack', { id: bundled?.id, file: join(REPO, 'skills', 'x.zip') })).toMatchObject({
      code: 'PermissionDenied',
    });
    const imported = await ok<SourceInspectionView>('manage:inspect', {
      source: file,
      agents: ['claude-code'],
    });
    expect(imported.source.type).toBe('archive');
    expect(imported.skills.map((s) => [s.name, s.skillPath])).toEqual([['notes', 'notes/SKILL.md']]);
  });
});
