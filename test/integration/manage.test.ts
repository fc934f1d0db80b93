// Issue 17: add, update, remove, sync, pack and list --installed through the CLI, on a temporary home and project,
// with real git repositories (bare, reached through file:// URLs and the shorthand's configurable base), zips made
// here, and the `skills` CLI's lockfile formats.
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { AGENTS, agentContext, agentFolder, installFolder } from '../../electron/core/agents/folders.js';
import { computeSkillFolderHash, skillHashStats } from '../../electron/core/manage/skill-hash.js';
import { FIXTURES, REPO } from '../helpers.js';

const MANAGE = join(FIXTURES, 'manage');

/** The agents given plus every agent reading a project's .agents/skills (and the shared row), in the table's order. */
const withShared = (...ids: string[]) =>
  AGENTS.filter((a) => ids.includes(a.id) || a.projectDir === '.agents/skills').map((a) => a.id);

let tmp: string;
let home: string;
let project: string;
let remotes: string;
let work: string;

function git(args: string[], cwd: string): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

/** A working repo holding the fixture skills, pushed to the bare repo remotes/owner/repo.git. */
function makeRemote(): void {
  work = join(tmp, 'work');
  cpSync(join(MANAGE, 'repo'), work, { recursive: true });
  git(['init', '-q', '-b', 'main'], work);
  git(['add', '-A'], work);
  git(['commit', '-q', '-m', 'skills'], work);
  git(['tag', 'v1'], work);
  mkdirSync(join(remotes, 'owner'), { recursive: true });
  git(['clone', '-q', '--bare', work, join(remotes, 'owner', 'repo.git')], tmp);
  git(['remote', 'add', 'origin', join(remotes, 'owner', 'repo.git')], work);
}

function pushChange(file: string, text: string): void {
  writeFileSync(join(work, file), text);
  git(['add', '-A'], work);
  git(['commit', '-q', '-m', 'change'], work);
  git(['push', '-q', 'origin', 'main'], work);
}

async function run(args: string[], cwd = project) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

async function runJson<T>(args: string[]): Promise<T> {
  const r = await run([...args, '--format', 'json']);
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}${r.stdout}`);
  return JSON.parse(r.stdout) as T;
}

const lock = () =>
  JSON.parse(readFileSync(join(project, 'skills-lock.json'), 'utf8')) as {
    version: number;
    skills: Record<string, Record<string, string>>;
  };

/** Everything below a folder, as relative paths (links shown as `path -> target`). */
function tree(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return [`${prefix}${name} -> ${readlinkSync(path)}`];
      return stat.isDirectory() ? tree(path, `${prefix}${name}/`) : [`${prefix}${name}`];
    });
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-manage-'));
  home = join(tmp, 'home');
  project = join(tmp, 'project');
  remotes = join(tmp, 'remotes');
  for (const d of [home, project, remotes]) mkdirSync(d, { recursive: true });
  vi.stubEnv('SKILLBENCH_HOME', home);
  vi.stubEnv('XDG_CONFIG_HOME', '');
  vi.stubEnv('XDG_STATE_HOME', '');
  vi.stubEnv('CODEX_HOME', '');
  vi.stubEnv('CLAUDE_CONFIG_DIR', '');
  vi.stubEnv('XDG_DATA_HOME', join(tmp, 'data')); // the freedesktop trash
  vi.stubEnv('SKILLBENCH_GIT_BASE', pathToFileURL(remotes).href);
  makeRemote();
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('skillbench add', () => {
  it('shows the skills, their findings and what they run, and writes nothing without --yes', async () => {
    const r = await run(['add', 'owner/repo']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Skills found: 2');
    expect(r.stdout).toMatch(/pdf-tools {2}\(skills\/pdf-tools\/SKILL\.md\)/);
    expect(r.stdout).toContain('tool extract (shell): pdftotext {{file}} -');
    expect(r.stdout).toContain('command run before the prompt: pwd');
    expect(r.stdout).toContain('findings (claude-code profile): 0 errors');
    expect(r.stdout).toContain('notes  (skills/notes/SKILL.md)');
    expect(r.stdout).toContain('Nothing was written. Run again with --yes to install.');
    expect(tree(project)).toEqual([]);
  });

  it('checks the shared copy with the profiles of the agents that read it too, and says they do not block', async () => {
    const r = await run(['add', 'owner/repo', '--skill', 'pdf-tools']);
    expect(r.code).toBe(0);
    // The agents the skills CLI names for .agents/skills (not the ones it hides, such as Replit or Antigravity).
    const readers =
      'Amp, Cline, Codex, Cursor, Droid, fx, Gemini CLI, GitHub Copilot, Kilo Code, Kimi Code CLI, OpenCode, Pi, Warp, Zed';
    expect(r.stdout).toContain(
      `The shared copy in .agents/skills is also read by ${readers}: checked with their profiles too`,
    );
    expect(r.stdout).toContain(
      `findings (portable profile; for ${readers}, which read the shared copy: not blocking): 1 errors`,
    );
    expect(r.stdout).not.toContain('BLOCKED');
    // As copies nothing lands in the shared folder: only Claude Code's profile is checked.
    const copies = await run(['add', 'owner/repo', '--skill', 'pdf-tools', '--copy']);
    expect(copies.stdout).not.toContain('portable profile');
    expect(copies.stdout).not.toContain('also read by');
    // An agent asked for whose profile has errors blocks, naming the agent, the profile and the finding.
    const windsurf = await run(['add', 'owner/repo', '--skill', 'pdf-tools', '--agent', 'windsurf', '--yes']);
    expect(windsurf.code).toBe(1);
    expect(windsurf.stderr).toMatch(
      /pdf-tools: the findings include errors for Windsurf \(portable profile\): SKILL\.md:\d+:\d+ unknown-key /,
    );
  });

  it('installs from owner/repo shorthand for two agents: one shared copy, a link, and the lockfile', async () => {
    const r = await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'claude-code',
      '--agent',
      'windsurf',
      '--yes',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(tree(project)).toEqual([
      '.agents/skills/notes/SKILL.md',
      '.agents/skills/notes/references/layout.md',
      '.claude/skills/notes -> ../../.agents/skills/notes',
      '.windsurf/skills/notes -> ../../.agents/skills/notes',
      'skills-lock.json',
    ]);
    expect(lock()).toEqual({
      version: 1,
      skills: {
        notes: {
          source: 'owner/repo',
          sourceType: 'github',
          skillPath: 'skills/notes/SKILL.md',
          computedHash: computeSkillFolderHash(join(MANAGE, 'repo', 'skills', 'notes')),
          agents: ['claude-code', 'windsurf'],
        },
      },
    });
    // The file ends with a newline and keeps the skills CLI's key order.
    expect(readFileSync(join(project, 'skills-lock.json'), 'utf8')).toMatch(
      /"computedHash": "[0-9a-f]{64}"\n {4}}\n {2}}\n}\n$/,
    );
  });

  it('copies into each agent folder with --copy, and into the user scope with --global', async () => {
    expect(
      (
        await run([
          'add',
          'owner/repo',
          '--skill',
          'notes',
          '--agent',
          'goose',
          '--copy',
          '--global',
          '--yes',
        ])
      ).code,
    ).toBe(0);
    const goose = agentFolder(
      AGENTS.find((a) => a.id === 'goose')!,
      'user',
      { project, ctx: agentContext() },
    );
    expect(goose).toBe(join(home, '.config', 'goose', 'skills'));
    expect(tree(goose!)).toEqual(['notes/SKILL.md', 'notes/references/layout.md']);
    expect(tree(join(home, '.agents', 'skills'))).toEqual([]);
    const userLock = JSON.parse(readFileSync(join(home, '.agents', '.skill-lock.json'), 'utf8')) as {
      version: number;
      skills: Record<string, Record<string, string>>;
    };
    expect(userLock.version).toBe(3);
    expect(userLock.skills.notes).toMatchObject({
      source: 'owner/repo',
      sourceType: 'github',
      sourceUrl: `${pathToFileURL(remotes).href}/owner/repo.git`,
      skillPath: 'skills/notes/SKILL.md',
      // the git tree hash of the folder, as GitHub's Trees API gives it to the skills CLI
      skillFolderHash: git(['rev-parse', 'HEAD:skills/notes'], work).trim(),
    });
    expect(tree(project)).toEqual([]);
  });

  it('installs from a file:// URL at a tag, and from a subfolder path', async () => {
    pushChange(
      'skills/notes/SKILL.md',
      readFileSync(join(work, 'skills/notes/SKILL.md'), 'utf8') + '\nNew line.\n',
    );
    const url = `${pathToFileURL(join(remotes, 'owner', 'repo.git')).href}#v1`;
    expect((await run(['add', url, '--skill', 'notes', '--yes'])).code).toBe(0);
    expect(readFileSync(join(project, '.agents/skills/notes/SKILL.md'), 'utf8')).not.toContain('New line.');
    expect(lock().skills.notes).toMatchObject({ sourceType: 'git', ref: 'v1' });
    const sub = await runJson<{ skills: Array<{ name: string }> }>(['add', 'owner/repo/skills/pdf-tools']);
    expect(sub.skills.map((s) => s.name)).toEqual(['pdf-tools']);
  });

  it('installs from a local folder and from a .skill zip made here', async () => {
    expect((await run(['add', join(MANAGE, 'repo', 'skills', 'notes'), '--yes'])).code).toBe(0);
    // As the skills CLI records a local source: relative to the project, and with no path inside it.
    expect(lock().skills.notes).toEqual({
      source: relative(project, join(MANAGE, 'repo', 'skills', 'notes'))
        .split(sep)
        .join('/'),
      sourceType: 'local',
      agents: ['claude-code'],
      computedHash: computeSkillFolderHash(join(MANAGE, 'repo', 'skills', 'notes')),
    });
    const zip = join(tmp, 'pdf-tools.skill');
    writeFileSync(
      zip,
      zipSync({ 'pdf-tools/SKILL.md': readFileSync(join(MANAGE, 'repo/skills/pdf-tools/SKILL.md')) }),
    );
    expect((await run(['add', zip, '--yes'])).code).toBe(0);
    expect(tree(join(project, '.agents/skills/pdf-tools'))).toEqual(['SKILL.md']);
    expect(lock().skills['pdf-tools']).toMatchObject({ source: zip, sourceType: 'archive' });
    expect(lock().skills['pdf-tools']?.skillPath).toBeUndefined();
  });

  it('refuses a zip entry that escapes the archive', async () => {
    const zip = join(tmp, 'evil.zip');
    writeFileSync(zip, zipSync({ '../evil/SKILL.md': new TextEncoder().encode('---\nname: evil\n---\n') }));
    const r = await run(['add', zip, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a path outside the archive');
    expect(existsSync(join(tmp, 'evil'))).toBe(false);
  });

  it('blocks a source with a skill the target agent refuses unless --force', async () => {
    // `Bad_Skill` breaks the spec's naming rule: an error for Codex (portable).
    const r = await run(['add', join(MANAGE, 'invalid'), '--yes', '--agent', 'codex']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Bad_Skill: the findings include errors');
    expect(tree(project)).toEqual([]);
    const preview = await run(['add', join(MANAGE, 'invalid'), '--agent', 'codex']);
    expect(preview.code).toBe(1);
    expect(preview.stdout).toMatch(/^ {4}Bad_Skill\/SKILL\.md:2:7 error name-format /m);
    expect((await run(['add', join(MANAGE, 'invalid'), '--yes', '--force', '--agent', 'codex'])).code).toBe(
      0,
    );
    // In the folder the skills CLI gives it (lowercase), locked by its name as written.
    expect(existsSync(join(project, '.agents/skills/bad_skill/SKILL.md'))).toBe(true);
    expect(Object.keys(lock().skills)).toEqual(['Bad_Skill']);
  });

  it('installs for Claude Code a skill it loads, with the finding as the info it is there', async () => {
    const preview = await run(['add', join(MANAGE, 'invalid')]);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('findings (claude-code profile): 0 errors, 0 warnings, 1 info');
    expect((await run(['add', join(MANAGE, 'invalid'), '--yes'])).code).toBe(0);
    expect(existsSync(join(project, '.claude/skills/bad_skill/SKILL.md'))).toBe(true);
  });

  it('never overwrites a different skill of the same name without --force, which sends it to the trash', async () => {
    mkdirSync(join(project, '.claude/skills/notes'), { recursive: true });
    writeFileSync(
      join(project, '.claude/skills/notes/SKILL.md'),
      '---\nname: notes\ndescription: mine\n---\n',
    );
    // The preview already says what --yes would refuse, and where.
    const preview = await run(['add', 'owner/repo', '--skill', 'notes']);
    expect(preview.code).toBe(1);
    expect(preview.stdout).toMatch(
      /Would install notes: .*\.claude\/skills\/notes \(link, replacing what is there\)/,
    );
    expect(preview.stdout).toMatch(
      /Not installable: notes: .*\.claude\/skills\/notes holds a different skill of that name; pass --force/,
    );
    const r = await run(['add', 'owner/repo', '--skill', 'notes', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('holds a different skill of that name');
    expect(tree(project)).toEqual(['.claude/skills/notes/SKILL.md']);
    expect(existsSync(join(project, 'skills-lock.json'))).toBe(false);
    expect((await run(['add', 'owner/repo', '--skill', 'notes', '--yes', '--force'])).code).toBe(0);
    expect(lstatSync(join(project, '.claude/skills/notes')).isSymbolicLink()).toBe(true);
    // Trashed under its own name, restorable to where it was (not the install's staging folder).
    expect(readdirSync(join(tmp, 'data', 'Trash', 'files'))).toEqual(['notes']);
    expect(readFileSync(join(tmp, 'data', 'Trash', 'files', 'notes', 'SKILL.md'), 'utf8')).toContain('mine');
    expect(readFileSync(join(tmp, 'data', 'Trash', 'info', 'notes.trashinfo'), 'utf8')).toContain(
      `Path=${encodeURI(join(project, '.claude', 'skills', 'notes'))}\n`,
    );
  });

  it('undoes a failed install: nothing new is left when the lockfile cannot be written', async () => {
    // The user lock goes to $XDG_STATE_HOME/skills/; a file named like that folder makes the last step fail.
    writeFileSync(join(tmp, 'state'), 'not a folder');
    vi.stubEnv('XDG_STATE_HOME', join(tmp, 'state'));
    const r = await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'claude-code',
      '--global',
      '--yes',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The install failed and was undone');
    expect(tree(home)).toEqual([]);
    expect(readdirSync(home)).toEqual([]);
  });

  it('says clearly when git is missing', async () => {
    vi.stubEnv('PATH', join(tmp, 'no-bin'));
    const r = await run(['add', 'owner/repo']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('git is not installed (or not on PATH)');
  });

  it('leaves nothing in any agent folder when killed mid-install, and the next run clears the staging', async () => {
    // Killed at a known step (everything staged, nothing placed yet) through the install's fault injection point,
    // so the test never races a timer against the copy.
    const child = spawn(
      process.execPath,
      [join(REPO, 'bin', 'skillbench.js'), 'add', join(MANAGE, 'repo', 'skills', 'notes'), '--yes'],
      {
        cwd: project,
        env: { ...process.env, SKILLBENCH_FAULT: 'install-after-staging' },
        stdio: 'ignore',
      },
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => resolve(sig)),
    );
    expect(signal).toBe('SIGKILL');
    const staging = () =>
      readdirSync(join(project, '.agents')).filter((n) => n.startsWith('.skillbench-staging-'));
    // It was killed mid-way: the staged copy and link are there, no agent folder holds the skill, no lockfile.
    expect(staging()).toHaveLength(1);
    expect(tree(join(project, '.agents', staging()[0] ?? ''))).toEqual([
      '0-notes/SKILL.md',
      '0-notes/references/layout.md',
      'created-folders.json',
    ]);
    expect(tree(join(project, '.agents', 'skills'))).toEqual([]);
    expect(tree(join(project, '.claude', 'skills'))).toEqual([]);
    expect(existsSync(join(project, 'skills-lock.json'))).toBe(false);
    await run(['list', '--installed']);
    // The next run clears the staging and the agent folders the killed install had made: the project is as before,
    // so sync does not take an empty .claude for an agent in use.
    expect(readdirSync(project)).toEqual([]);
  }, 60_000);
});

describe('the cleanup of a killed install', () => {
  it('removes only empty agent folders it made, never a folder its record names elsewhere', async () => {
    // A staging folder as a killed install leaves it (its process id no longer runs), as a cloned project could
    // carry one: its record names an agent folder it made and a folder outside the project.
    const outside = join(tmp, 'outside-empty');
    mkdirSync(outside);
    mkdirSync(join(project, '.claude', 'skills'), { recursive: true });
    const staging = join(project, '.agents', '.skillbench-staging-2147483646-0badf00d');
    mkdirSync(staging, { recursive: true });
    writeFileSync(
      join(staging, 'created-folders.json'),
      JSON.stringify([join(project, '.claude'), join(project, '.claude', 'skills'), outside, project]),
    );
    await run(['list', '--installed']);
    expect(existsSync(staging)).toBe(false);
    expect(existsSync(join(project, '.claude'))).toBe(false);
    expect(existsSync(outside)).toBe(true);
    expect(existsSync(project)).toBe(true);
  });

  it('trashes a copy it had moved aside whose place was taken since, under its own name and path', async () => {
    const staging = join(project, '.agents', '.skillbench-staging-2147483646-0badf00d');
    const aside = join(staging, '0-notes.previous');
    mkdirSync(aside, { recursive: true });
    writeFileSync(join(aside, 'SKILL.md'), '---\nname: notes\ndescription: the earlier one\n---\n');
    const now = join(project, '.agents', 'skills', 'notes');
    mkdirSync(now, { recursive: true });
    writeFileSync(join(now, 'SKILL.md'), '---\nname: notes\ndescription: the one there now\n---\n');
    const r = await run(['list', '--installed']);
    expect(r.stderr).toContain(
      'An interrupted install had replaced notes; the previous copy is in the trash',
    );
    expect(readFileSync(join(now, 'SKILL.md'), 'utf8')).toContain('the one there now');
    expect(readFileSync(join(tmp, 'data', 'Trash', 'files', 'notes', 'SKILL.md'), 'utf8')).toContain(
      'earlier',
    );
    expect(readFileSync(join(tmp, 'data', 'Trash', 'info', 'notes.trashinfo'), 'utf8')).toContain(
      `Path=${encodeURI(now)}\n`,
    );
    expect(existsSync(staging)).toBe(false);
  });
});

describe('an install killed between moving the old skill aside and placing the new one', () => {
  it('puts the old skill back on the next run, and loses nothing', async () => {
    const source = join(MANAGE, 'repo', 'skills', 'notes');
    expect((await run(['add', source, '--yes'])).code).toBe(0);
    const installed = join(project, '.agents', 'skills', 'notes');
    const before = readFileSync(join(installed, 'SKILL.md'), 'utf8');
    const changed = join(tmp, 'changed', 'notes');
    cpSync(source, changed, { recursive: true });
    writeFileSync(join(changed, 'SKILL.md'), `${before}\nA changed line.\n`);
    const child = spawn(
      process.execPath,
      [join(REPO, 'bin', 'skillbench.js'), 'add', changed, '--yes', '--force'],
      { cwd: project, env: { ...process.env, SKILLBENCH_FAULT: 'install-between-renames' }, stdio: 'ignore' },
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => resolve(sig)),
    );
    expect(signal).toBe('SIGKILL');
    // Killed with the old skill moved aside into the staging folder and nothing in its place.
    expect(existsSync(installed)).toBe(false);
    const next = await run(['list', '--installed']);
    expect(next.stderr).toContain(
      `An interrupted install had moved ${installed} aside; it is back in its place.`,
    );
    expect(readFileSync(join(installed, 'SKILL.md'), 'utf8')).toBe(before);
    expect(readdirSync(join(project, '.agents')).filter((n) => n.startsWith('.skillbench-staging-'))).toEqual(
      [],
    );
  }, 60_000);
});

describe('every agent of the table', () => {
  it('gets the skill where the skills CLI puts it, in the project and in the user scope, and is listed with it', async () => {
    const all = AGENTS.flatMap((a) => ['--agent', a.id]);
    expect((await run(['add', 'owner/repo', '--skill', 'notes', ...all, '--yes'])).code).toBe(0);
    // Eve and PromptScript read skills only from a project: named for --global, they are refused, saying so.
    const refused = await run(['add', 'owner/repo', '--skill', 'notes', ...all, '--global', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Eve reads skills only from a project (agent/skills)');
    const withHome = AGENTS.filter((a) => a.userDir);
    const global = withHome.flatMap((a) => ['--agent', a.id]);
    const r = await run(['add', 'owner/repo', '--skill', 'notes', ...global, '--global', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const base = { project, ctx: agentContext(), audience: 'cli' as const };
    for (const [scope, agents] of [
      ['project', AGENTS],
      ['user', withHome],
    ] as const)
      for (const agent of agents)
        expect(
          readFileSync(join(installFolder(agent, scope, base), 'notes', 'SKILL.md'), 'utf8'),
          `${agent.id} (${scope})`,
        ).toContain('name: notes');
    const rows = (
      await runJson<{ installed: Array<{ scope: string; agents: string[] }> }>(['list', '--installed'])
    ).installed;
    expect(rows.map((r) => [r.scope, [...r.agents].sort()])).toEqual([
      ['project', AGENTS.map((a) => a.id).sort()],
      ['user', withHome.map((a) => a.id).sort()],
    ]);
  });
});

describe('skillbench list --installed', () => {
  it('lists each skill with its agents, scope, source and state; an edit shows as modified', async () => {
    expect((await run(['add', 'owner/repo', '--agent', 'claude-code', '--yes'])).code).toBe(0);
    const rows = (await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed']))
      .installed;
    expect(rows.map((r) => [r.name, r.scope, r.agents, r.source, r.state])).toEqual([
      ['notes', 'project', withShared('claude-code'), 'owner/repo', 'clean'],
      ['pdf-tools', 'project', withShared('claude-code'), 'owner/repo', 'clean'],
    ]);
    writeFileSync(join(project, '.claude/skills/notes/SKILL.md'), 'edited\n');
    const before = skillHashStats.computed;
    const after = (await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed']))
      .installed;
    expect(after.find((r) => r.name === 'notes')?.state).toBe('modified');
    // Only the edited skill was hashed again; pdf-tools came from the cache.
    expect(skillHashStats.computed - before).toBe(1);
    const text = await run(['list', '--installed']);
    expect(skillHashStats.computed - before).toBe(1);
    expect(text.stdout).toMatch(
      /^notes +project +claude-code,\.agents\/skills\(24\) +owner\/repo +modified$/m,
    );
  });

  it('reads a lockfile the skills CLI wrote, and shows update available with --check', async () => {
    cpSync(join(MANAGE, 'skills-cli', 'skills-lock.json'), join(project, 'skills-lock.json'));
    cpSync(join(MANAGE, 'repo', 'skills', 'notes'), join(project, '.agents', 'skills', 'notes'), {
      recursive: true,
    });
    let rows = (await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed']))
      .installed;
    expect(rows.map((r) => [r.name, r.source, r.state])).toEqual([['notes', 'owner/repo', 'clean']]);
    pushChange(
      'skills/notes/SKILL.md',
      '---\nname: notes\ndescription: Notes, second edition.\n---\n\n# Notes\n',
    );
    rows = (await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed', '--check']))
      .installed;
    expect(rows.map((r) => r.state)).toEqual(['clean, update available']);
    expect(rows.map((r) => r.updateAvailable)).toEqual([true]);
  });

  it('says a check failed when the source cannot be reached, and exits 1', async () => {
    expect(
      (await run(['add', 'owner/repo', '--skill', 'notes', '--agent', 'claude-code', '--yes'])).code,
    ).toBe(0);
    rmSync(join(remotes, 'owner', 'repo.git'), { recursive: true, force: true });
    const json = await run(['list', '--installed', '--check', '--format', 'json']);
    expect(json.code).toBe(1);
    const [row] = (JSON.parse(json.stdout) as { installed: Array<Record<string, unknown>> }).installed;
    expect(row).toMatchObject({ name: 'notes', state: 'clean, check failed', hashState: 'clean' });
    expect(row?.updateAvailable).toBe(false);
    expect(String(row?.checkError)).toMatch(/repo\.git|could not|fetch|clone/i);
    const text = await run(['list', '--installed', '--check']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^notes +project +claude-code\S* +owner\/repo +clean, check failed$/m);
    expect(text.stderr).toMatch(/^notes \(project\): update check failed: /m);
    // Without --check nothing is fetched: the list stays a local answer, exit 0, updateAvailable unknown.
    const local = await run(['list', '--installed', '--format', 'json']);
    expect(local.code).toBe(0);
    expect(
      (JSON.parse(local.stdout) as { installed: Array<Record<string, unknown>> }).installed[0],
    ).toMatchObject({
      state: 'clean',
      updateAvailable: null,
    });
  });

  it('tells a copy the skills CLI made (without metadata.json, __pycache__, links) from an edited one', async () => {
    // What the real `skills` CLI 1.4.9 wrote (test/fixtures/manage/skills-cli-extras/README.md).
    const fixture = join(MANAGE, 'skills-cli-extras');
    // Inside the project: a project's lockfile names local sources there only.
    const src = join(project, 'vendor');
    cpSync(join(fixture, 'source'), src, { recursive: true });
    mkdirSync(join(src, 'extras', '__pycache__'));
    writeFileSync(join(src, 'extras', '__pycache__', 'x.cpython-312.pyc'), 'cache\n');
    symlinkSync('notes.md', join(src, 'extras', 'latest.md'));
    cpSync(join(fixture, 'installed'), project, { recursive: true });
    const lockFile = join(project, 'skills-lock.json');
    writeFileSync(lockFile, readFileSync(lockFile, 'utf8').replace('SOURCE', src));
    // The CLI locked the hash of the source, which its copy can never match.
    expect(computeSkillFolderHash(join(src, 'extras'))).toBe(lock().skills.extras?.computedHash);
    const state = async () =>
      (await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed'])).installed.map(
        (r) => [r.name, r.state],
      );
    expect(await state()).toEqual([['extras', 'unknown']]); // not "modified"
    const check = async () =>
      (await runJson<{ updates: Array<Record<string, unknown>> }>(['update', '--check'])).updates.map((u) => [
        u.name,
        u.status,
        u.modified,
      ]);
    // Against the source it came from: exactly what the CLI copies, so not modified; an edit is.
    expect(await check()).toEqual([['extras', 'up-to-date', false]]);
    writeFileSync(join(project, '.claude', 'skills', 'extras', 'notes.md'), 'edited\n');
    expect(await check()).toEqual([['extras', 'up-to-date', true]]);
  });

  it('reads the skills CLI user lock (version 3) and keeps its other keys when it writes', async () => {
    mkdirSync(join(home, '.agents'), { recursive: true });
    cpSync(join(MANAGE, 'skills-cli', '.skill-lock.json'), join(home, '.agents', '.skill-lock.json'));
    cpSync(join(MANAGE, 'repo', 'skills', 'notes'), join(home, '.agents', 'skills', 'notes'), {
      recursive: true,
    });
    const rows = (
      await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed', '--global'])
    ).installed;
    expect(rows.map((r) => [r.name, r.scope, r.source, r.state])).toEqual([
      ['notes', 'user', 'owner/repo', 'unknown'],
    ]);
    expect((await run(['add', 'owner/repo', '--skill', 'pdf-tools', '--global', '--yes'])).code).toBe(0);
    const written = JSON.parse(readFileSync(join(home, '.agents', '.skill-lock.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(written.dismissed).toEqual({ findSkillsPrompt: true });
    expect(written.lastSelectedAgents).toEqual(['claude-code', 'cursor']);
    expect(Object.keys(written.skills as object).sort()).toEqual(['notes', 'pdf-tools']);
  });

  it('compares a GitHub install of the CLI by its git tree SHA: clean, up to date, then updated to the new SHA', async () => {
    // What the CLI records for a GitHub source when it reaches GitHub's API: the folder's tree SHA, no content hash.
    const tree = () => git(['rev-parse', 'HEAD:skills/notes'], work).trim();
    mkdirSync(join(home, '.agents'), { recursive: true });
    const entry = {
      source: 'owner/repo',
      sourceType: 'github',
      sourceUrl: 'https://github.com/owner/repo.git',
      skillPath: 'skills/notes/SKILL.md',
      skillFolderHash: tree(),
      installedAt: '2026-10-01T10:00:00.000Z',
      updatedAt: '2026-10-01T10:00:00.000Z',
    };
    writeFileSync(
      join(home, '.agents', '.skill-lock.json'),
      JSON.stringify({ version: 3, skills: { notes: entry }, dismissed: {} }, null, 2),
    );
    cpSync(join(MANAGE, 'repo', 'skills', 'notes'), join(home, '.agents', 'skills', 'notes'), {
      recursive: true,
    });
    const state = async () =>
      (
        await runJson<{ installed: Array<{ name: string; state: string }> }>([
          'list',
          '--installed',
          '--global',
        ])
      ).installed;
    const check = async () =>
      (
        await runJson<{ updates: Array<{ name: string; status: string; changes?: { changed: string[] } }> }>([
          'update',
          '--check',
          '--global',
        ])
      ).updates.map((u) => [u.name, u.status, u.changes?.changed ?? []]);
    expect(await state()).toEqual([expect.objectContaining({ name: 'notes', state: 'clean' })]);
    expect(await check()).toEqual([['notes', 'up-to-date', []]]);
    writeFileSync(join(home, '.agents', 'skills', 'notes', 'SKILL.md'), 'edited\n');
    expect(await state()).toEqual([expect.objectContaining({ name: 'notes', state: 'unknown' })]);
    expect(await check()).toEqual([['notes', 'up-to-date', []]]); // the source is still the locked tree
    cpSync(join(MANAGE, 'repo', 'skills', 'notes'), join(home, '.agents', 'skills', 'notes'), {
      recursive: true,
    });

    pushChange(
      'skills/notes/SKILL.md',
      '---\nname: notes\ndescription: Notes, second edition.\n---\n\n# Notes\n',
    );
    expect(await check()).toEqual([['notes', 'update-available', ['SKILL.md']]]);
    expect((await run(['update', '--global'])).code).toBe(0);
    const after = JSON.parse(readFileSync(join(home, '.agents', '.skill-lock.json'), 'utf8')) as {
      skills: Record<string, Record<string, unknown>>;
    };
    // The SHA `skills update -g` compares for a GitHub source, never a blank one; the CLI's fields kept.
    expect(after.skills.notes).toMatchObject({
      skillFolderHash: tree(),
      skillPath: 'skills/notes/SKILL.md',
      installedAt: '2026-10-01T10:00:00.000Z',
    });
    expect(await check()).toEqual([['notes', 'up-to-date', []]]);
  });
});

describe('an install and other skills of the same name', () => {
  const mine =
    '---\nname: notes\ndescription: My own notes skill, not the one from owner/repo.\n---\n\nMine.\n';

  it('lists a skill of the same name in another agent folder as its own, and update and remove leave it alone', async () => {
    mkdirSync(join(project, '.windsurf', 'skills', 'notes'), { recursive: true });
    writeFileSync(join(project, '.windsurf', 'skills', 'notes', 'SKILL.md'), mine);
    expect((await run(['add', 'owner/repo', '--skill', 'notes', '--yes'])).code).toBe(0);
    const rows = (await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed']))
      .installed;
    expect(rows.map((r) => [r.name, r.source, r.state, (r.agents as string[]).includes('windsurf')])).toEqual(
      [
        ['notes', 'owner/repo', 'clean', false],
        ['notes', null, 'untracked', true],
      ],
    );
    pushChange(
      'skills/notes/SKILL.md',
      '---\nname: notes\ndescription: Notes, second edition.\n---\n\n# Notes\n',
    );
    const update = await run(['update', 'notes', '--force']);
    expect(update.code, update.stderr).toBe(0);
    expect(readFileSync(join(project, '.agents', 'skills', 'notes', 'SKILL.md'), 'utf8')).toContain(
      'second edition',
    );
    expect(readFileSync(join(project, '.windsurf', 'skills', 'notes', 'SKILL.md'), 'utf8')).toBe(mine);
    expect(existsSync(join(tmp, 'data', 'Trash'))).toBe(false);
    expect((await run(['remove', 'notes'])).code).toBe(0);
    expect(existsSync(join(project, '.agents', 'skills', 'notes'))).toBe(false);
    expect(readFileSync(join(project, '.windsurf', 'skills', 'notes', 'SKILL.md'), 'utf8')).toBe(mine);
  });

  it('hashes every copy of an install: an edit to any copy shows as modified, naming it', async () => {
    expect(
      (
        await run([
          'add',
          'owner/repo',
          '--skill',
          'notes',
          '--agent',
          'claude-code',
          '--agent',
          'windsurf',
          '--copy',
          '--yes',
        ])
      ).code,
    ).toBe(0);
    writeFileSync(join(project, '.claude', 'skills', 'notes', 'SKILL.md'), mine);
    const [row, ...rest] = (
      await runJson<{ installed: Array<Record<string, unknown>> }>(['list', '--installed'])
    ).installed;
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ name: 'notes', state: 'modified', agents: ['claude-code', 'windsurf'] });
    expect(row?.modifiedPaths).toEqual([realpathSync(join(project, '.claude', 'skills', 'notes'))]);
    // Update will not overwrite the edit without --force.
    pushChange(
      'skills/notes/SKILL.md',
      '---\nname: notes\ndescription: Notes, second edition.\n---\n\n# Notes\n',
    );
    expect((await run(['update', 'notes'])).stdout).toContain('not updated');
    expect(readFileSync(join(project, '.claude', 'skills', 'notes', 'SKILL.md'), 'utf8')).toBe(mine);
  });
});

describe('skillbench update', () => {
  it('checks (SKILL.md diff, changed files) and applies a new commit; a local edit is never overwritten silently', async () => {
    await run(['add', 'owner/repo', '--skill', 'notes', '--agent', 'claude-code', '--yes']);
    let r = await run(['update', '--check']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('notes: up-to-date\n');
    pushChange(
      'skills/notes/SKILL.md',
      readFileSync(join(work, 'skills/notes/SKILL.md'), 'utf8') + 'Keep it short.\n',
    );
    writeFileSync(join(work, 'skills/notes/references/extra.md'), 'extra\n');
    git(['add', '-A'], work);
    git(['commit', '-q', '-m', 'extra'], work);
    git(['push', '-q', 'origin', 'main'], work);
    r = await run(['update', '--check']);
    expect(r.stdout).toContain('notes: update-available');
    expect(r.stdout).toContain('files: 1 changed (SKILL.md), 1 added (references/extra.md), 0 removed');
    expect(r.stdout).toContain('+Keep it short.');
    expect(readFileSync(join(project, '.claude/skills/notes/SKILL.md'), 'utf8')).not.toContain(
      'Keep it short.',
    );

    writeFileSync(join(project, '.agents/skills/notes/references/layout.md'), 'my own layout\n');
    r = await run(['update']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not updated: modified locally');
    expect(readFileSync(join(project, '.agents/skills/notes/references/layout.md'), 'utf8')).toBe(
      'my own layout\n',
    );

    r = await run(['update', 'notes', '--force']);
    expect(r.code).toBe(0);
    expect(readFileSync(join(project, '.claude/skills/notes/SKILL.md'), 'utf8')).toContain('Keep it short.');
    expect(lstatSync(join(project, '.claude/skills/notes')).isSymbolicLink()).toBe(true);
    expect(lock().skills.notes?.computedHash).toBe(computeSkillFolderHash(join(work, 'skills/notes')));
    expect((await run(['update', '--check'])).stdout).toBe('notes: up-to-date\n');
  });
});

describe('skillbench remove', () => {
  it('removes from one agent, then from all: links deleted, the copy to the trash, the lock entry gone', async () => {
    await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'claude-code',
      '--agent',
      'windsurf',
      '--yes',
    ]);
    let r = await run(['remove', 'notes', '--agent', 'windsurf']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(project, '.windsurf/skills/notes'))).toBe(false);
    expect(existsSync(join(project, '.claude/skills/notes/SKILL.md'))).toBe(true);
    expect(lock().skills.notes).toBeDefined();

    r = await run(['remove', 'notes', '--agent', 'codex']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is also read by');

    r = await run(['remove', 'notes']);
    expect(r.code).toBe(0);
    expect(tree(join(project, '.agents'))).toEqual([]);
    expect(existsSync(join(project, '.claude/skills/notes'))).toBe(false);
    expect(lock().skills).toEqual({});
    expect(readdirSync(join(tmp, 'data', 'Trash', 'files'))).toEqual(['notes']);
  });

  it('deletes every link to what it removes, under any name and in either scope, and the copy made for Eve', async () => {
    const add = await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'eve',
      '--agent',
      'continue',
      '--yes',
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(lstatSync(join(project, 'agent', 'skills', 'notes')).isDirectory()).toBe(true); // Eve does not follow links
    // Links someone made by hand: another name in Trae's project folder, Trae's folder in the home folder.
    mkdirSync(join(project, '.trae', 'skills'), { recursive: true });
    symlinkSync('../../.agents/skills/notes', join(project, '.trae', 'skills', 'my-notes'));
    mkdirSync(join(home, '.trae', 'skills'), { recursive: true });
    symlinkSync(join(project, '.agents', 'skills', 'notes'), join(home, '.trae', 'skills', 'notes'));
    const r = await run(['remove', 'notes']);
    expect(r.code, r.stderr).toBe(0);
    for (const folder of [
      join(project, '.agents', 'skills'),
      join(project, '.continue', 'skills'),
      join(project, 'agent', 'skills'),
      join(project, '.trae', 'skills'),
      join(home, '.trae', 'skills'),
    ])
      expect(readdirSync(folder), folder).toEqual([]);
    expect(r.stdout).toContain(`notes: removed the link ${join(home, '.trae', 'skills', 'notes')}`);
    expect(readdirSync(join(tmp, 'data', 'Trash', 'files')).sort()).toEqual(['notes', 'notes.2']);
  });

  it('refuses an unknown name', async () => {
    const r = await run(['remove', 'nothing-here']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('No skill "nothing-here" is installed in the project scope.');
  });
});

describe('skillbench sync', () => {
  it('installs what the lockfile lists after a clone, for the agents the project uses', async () => {
    await run(['add', 'owner/repo', '--skill', 'notes', '--agent', 'claude-code', '--yes']);
    const locked = readFileSync(join(project, 'skills-lock.json'), 'utf8');
    rmSync(join(project, '.agents'), { recursive: true });
    rmSync(join(project, '.claude', 'skills'), { recursive: true }); // `.claude` stays: the project uses Claude Code
    mkdirSync(join(project, '.trae')); // and Trae (Trae CN reads its folder too)
    // Folders of common names say nothing about OpenClaw (`skills`), AstrBot (`data/skills`) or Eve (`agent/skills`).
    for (const folder of ['skills', 'data', 'agent']) mkdirSync(join(project, folder));
    const r = await run(['sync']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('notes: installed (agents, claude-code, trae, trae-cn)\n');
    expect(tree(project)).toContain('.claude/skills/notes -> ../../.agents/skills/notes');
    expect(tree(project)).toContain('.trae/skills/notes -> ../../.agents/skills/notes');
    for (const folder of ['skills', 'data', 'agent']) expect(readdirSync(join(project, folder))).toEqual([]);
    // The same skill as locked, now recorded for the agents it was placed for.
    const { agents, ...rest } = lock().skills.notes ?? {};
    const { agents: _before, ...lockedRest } =
      (JSON.parse(locked) as ReturnType<typeof lock>).skills.notes ?? {};
    expect(rest).toEqual(lockedRest);
    expect(agents).toEqual(['claude-code', 'trae', 'trae-cn']);
    expect((await run(['sync'])).stdout).toBe(
      `notes: ok (${withShared('claude-code', 'trae', 'trae-cn').join(', ')})\n`,
    );
  });

  it('reads a relative local source from the project and writes it back as the skills CLI does', async () => {
    cpSync(join(MANAGE, 'repo', 'skills', 'notes'), join(project, 'vendor', 'notes'), { recursive: true });
    writeFileSync(
      join(project, 'skills-lock.json'),
      `${JSON.stringify(
        {
          version: 1,
          skills: {
            notes: {
              source: 'vendor/notes',
              sourceType: 'local',
              computedHash: computeSkillFolderHash(join(project, 'vendor', 'notes')),
            },
          },
        },
        null,
        2,
      )}\n`,
    );
    const r = await run(['sync']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^notes: installed /);
    expect(lock().skills.notes?.source).toBe('./vendor/notes');
  });

  it('puts back a placement the lock records that was deleted, in the mode the install has', async () => {
    await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'claude-code',
      '--agent',
      'goose',
      '--yes',
    ]);
    const before = tree(project);
    expect(before).toContain('.goose/skills/notes -> ../../.agents/skills/notes');
    rmSync(join(project, '.goose', 'skills', 'notes'));
    const r = await run(['sync']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('notes: restored (goose)\n');
    expect(tree(project)).toEqual(before);
    // As copies: the deleted copy comes back as a copy.
    rmSync(join(project, '.agents'), { recursive: true });
    rmSync(join(project, '.claude'), { recursive: true });
    rmSync(join(project, '.goose'), { recursive: true });
    rmSync(join(project, 'skills-lock.json'));
    await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'claude-code',
      '--agent',
      'goose',
      '--copy',
      '--yes',
    ]);
    rmSync(join(project, '.goose', 'skills', 'notes'), { recursive: true });
    expect((await run(['sync'])).stdout).toBe('notes: restored (goose)\n');
    expect(lstatSync(join(project, '.goose', 'skills', 'notes')).isDirectory()).toBe(true);
    expect(existsSync(join(project, '.agents', 'skills', 'notes'))).toBe(false);
  });
});

describe('skillbench pack', () => {
  it('zips one folder named after the skill, leaving junk out', async () => {
    const src = join(tmp, 'notes');
    cpSync(join(MANAGE, 'repo', 'skills', 'notes'), src, { recursive: true });
    writeFileSync(join(src, '.DS_Store'), 'junk');
    mkdirSync(join(src, '__pycache__'));
    writeFileSync(join(src, '__pycache__', 'x.pyc'), 'junk');
    const r = await run(['pack', src, '-o', 'out.skill']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Left out: __pycache__/x.pyc, .DS_Store');
    const entries = unzipSync(readFileSync(join(project, 'out.skill')));
    expect(Object.keys(entries).sort()).toEqual(['notes/SKILL.md', 'notes/references/layout.md']);
  });

  it('refuses a skill the portable profile rejects unless --force', async () => {
    const r = await run(['pack', join(MANAGE, 'repo', 'skills', 'pdf-tools')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown-key');
    expect(existsSync(join(project, 'pdf-tools.zip'))).toBe(false);
    expect((await run(['pack', join(MANAGE, 'repo', 'skills', 'pdf-tools'), '--force'])).code).toBe(0);
    expect(existsSync(join(project, 'pdf-tools.zip'))).toBe(true);
  });
});

describe('skillbench agents and --discover', () => {
  it('prints the agent table: all of them, with the folders the skills CLI uses', async () => {
    const r = await runJson<{
      agents: Array<{ id: string; project: string; user: string | null; readsShared: boolean }>;
    }>(['agents']);
    expect(r.agents).toHaveLength(80);
    expect(r.agents.find((a) => a.id === 'codex')).toMatchObject({
      project: '.agents/skills',
      user: join(home, '.agents', 'skills'),
      readsShared: true,
    });
    expect(r.agents.find((a) => a.id === 'trae')).toMatchObject({
      project: '.trae/skills',
      user: join(home, '.trae', 'skills'),
      readsShared: false,
    });
    expect(r.agents.find((a) => a.id === 'eve')).toMatchObject({ project: 'agent/skills', user: null });
    const text = await run(['agents']);
    expect(text.stdout).toMatch(
      /^continue +Continue +\.continue\/skills +\S+\.continue\/skills +no +yes +portable$/m,
    );
    expect(text.stdout).toMatch(
      /^eve +Eve +agent\/skills +- \(project only\) +no +no \(copies\) +portable$/m,
    );
  });

  it('--discover reads every agent folder of the table and names the agents of each skill', async () => {
    await run([
      'add',
      'owner/repo',
      '--skill',
      'notes',
      '--agent',
      'claude-code',
      '--agent',
      'windsurf',
      '--yes',
    ]);
    const r = await runJson<{
      roots: Array<{ id: string }>;
      skills: Array<{ id: string; agents: string[] }>;
    }>(['list', '--discover']);
    expect(r.roots.map((x) => x.id)).toEqual(['project-claude', 'project-agents', 'project-windsurf']);
    // The links resolve to the shared copy: one skill, read by every agent whose folder holds it.
    expect(r.skills.map((s) => s.id)).toEqual(['project-agents/notes']);
    const notes = r.skills[0];
    // The agents that read it (not Skillbench's own name for the shared folder), as `validate` names its readers.
    const readers = [...withShared('claude-code'), 'windsurf'].filter((id) => id !== 'agents');
    expect([...(notes?.agents ?? [])].sort()).toEqual(readers.sort());
    const text = await run(['list', '--discover']);
    expect(text.stdout).toMatch(
      /^notes +loaded +skill-md +0 +claude-code,windsurf,\.agents\/skills\(24\) +\.agents\/skills\/notes\/SKILL\.md$/m,
    );
  });
});
