// Issue 17, red-team findings on managing skills: each test reproduces one finding (H2, M1, M4, M5, L2-L8) through
// the CLI or core, on real git repositories (bare, reached through the shorthand's file:// base), folders and links
// made here, and checks that it is refused with a clear message and that nothing is written where it must not be.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { unpackArchive } from '../../electron/core/manage/source.js';

let tmp: string;
let project: string;
let remotes: string;

function git(args: string[], cwd: string): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

/** A skill folder with a SKILL.md of that name, description and body. */
function skill(dir: string, name: string, description: string, body: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n\n${body}\n`);
}

/** The working tree of `owner/name` (created on first use). */
function workTree(repo: string): string {
  const dir = join(tmp, 'work', repo);
  if (!existsSync(join(dir, '.git'))) {
    mkdirSync(dir, { recursive: true });
    git(['init', '-q', '-b', 'main'], dir);
  }
  return dir;
}

/** Commits the working tree of `owner/name` and makes the bare repository the shorthand resolves to match it. */
function publish(repo: string): void {
  const dir = workTree(repo);
  git(['add', '-A'], dir);
  git(['commit', '-q', '-m', 'publish'], dir);
  const bare = join(remotes, `${repo}.git`);
  rmSync(bare, { recursive: true, force: true });
  mkdirSync(join(bare, '..'), { recursive: true });
  git(['clone', '-q', '--bare', dir, bare], tmp);
}

async function run(args: string[], cwd = project) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd };
  const code = await runCli(args, io);
  return { code, stdout, stderr, out: stdout + stderr };
}

const lockFile = () => join(project, 'skills-lock.json');
const lock = () =>
  JSON.parse(readFileSync(lockFile(), 'utf8')) as { skills: Record<string, Record<string, string>> };
const manifest = (path: string) => readFileSync(join(project, path, 'SKILL.md'), 'utf8');

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
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-hardening-'));
  project = join(tmp, 'project');
  remotes = join(tmp, 'remotes');
  for (const d of [join(tmp, 'home'), project, remotes]) mkdirSync(d, { recursive: true });
  vi.stubEnv('SKILLBENCH_HOME', join(tmp, 'home'));
  vi.stubEnv('XDG_CONFIG_HOME', '');
  vi.stubEnv('XDG_STATE_HOME', '');
  vi.stubEnv('CODEX_HOME', '');
  vi.stubEnv('CLAUDE_CONFIG_DIR', '');
  vi.stubEnv('XDG_DATA_HOME', join(tmp, 'data')); // the freedesktop trash
  vi.stubEnv('SKILLBENCH_GIT_BASE', pathToFileURL(remotes).href);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

describe('update (H2)', () => {
  beforeEach(async () => {
    skill(join(workTree('up/a'), 'skills', 'ok'), 'ok', 'A fine skill.', 'ok body');
    publish('up/a');
    skill(join(workTree('up/b'), 'skills', 'trusted'), 'trusted', 'The vendor skill.', 'trusted body');
    publish('up/b');
    expect((await run(['add', 'up/a', '--yes'])).code).toBe(0);
    expect((await run(['add', 'up/b', '--yes'])).code).toBe(0);
  });

  it('reports a skill renamed at its source and never installs it over a skill of another source', async () => {
    skill(join(workTree('up/a'), 'skills', 'ok'), 'trusted', 'Hijacked.', 'HIJACKED');
    publish('up/a');
    const r = await run(['update']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('ok: missing');
    expect(r.stdout).toContain('up/a renamed "ok" (skills/ok/SKILL.md) to "trusted"; it was not installed');
    expect(r.stdout).toContain('trusted: up-to-date');
    expect(manifest('.agents/skills/trusted')).toContain('trusted body');
    expect(manifest('.claude/skills/trusted')).toContain('trusted body');
    expect(manifest('.agents/skills/ok')).toContain('ok body');
    expect(lock().skills.trusted?.source).toBe('up/b');
    expect(lock().skills.ok?.source).toBe('up/a');
  });

  it('keeps the blocked check: a new version with errors is not installed unless --force', async () => {
    // A name that breaks the naming rule is an error finding for Codex (portable): installed once with --force.
    skill(join(workTree('up/c'), 'skills', 'Bad_Name'), 'Bad_Name', 'Invalid name.', 'old body');
    publish('up/c');
    expect((await run(['add', 'up/c', '--yes', '--agent', 'codex'])).code).toBe(1);
    expect((await run(['add', 'up/c', '--yes', '--force', '--agent', 'codex'])).code).toBe(0);
    skill(join(workTree('up/c'), 'skills', 'Bad_Name'), 'Bad_Name', 'Invalid name.', 'new body');
    publish('up/c');
    const r = await run(['update', 'Bad_Name']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not updated: Nothing was installed:');
    expect(r.stdout).toContain('the findings include errors');
    expect(manifest('.agents/skills/bad_name')).toContain('old body'); // the CLI's folder for it
    const forced = await run(['update', 'Bad_Name', '--force']);
    expect(forced.code).toBe(0);
    expect(manifest('.agents/skills/bad_name')).toContain('new body');
  });
});

describe('a path inside a git source (M1)', () => {
  it('refuses a path that is a link, or passes through one, out of the clone', async () => {
    const outside = join(tmp, 'victim', 'private');
    skill(outside, 'private', 'Not in the repo.', 'secret');
    writeFileSync(join(outside, 'secret.txt'), 'TOPSECRET');
    const repo = workTree('own/repo');
    skill(join(repo, 'skills', 'ok'), 'ok', 'A fine skill.', 'ok body');
    symlinkSync(join(tmp, 'victim'), join(repo, 'rel'));
    publish('own/repo');
    for (const source of ['own/repo/rel', 'own/repo/rel/private']) {
      const r = await run(['add', source, '--yes']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('passes through a link (or a "..") inside the source');
    }
    const up = await run(['add', 'own/repo/skills/../..', '--yes']);
    expect(up.code).toBe(1);
    expect(tree(project)).toEqual([]);
    // A plain folder of the same repository still installs.
    expect((await run(['add', 'own/repo/skills/ok', '--yes'])).code).toBe(0);
    expect(lock().skills.ok?.skillPath).toBe('skills/ok/SKILL.md');
  });

  it('checks lockfile entries like typed sources: the type recorded, an archive that is a .zip file, no git transport but https, ssh, git and file', async () => {
    const folder = join(tmp, 'local-skill');
    skill(folder, 'local', 'A local skill.', 'body');
    writeFileSync(
      lockFile(),
      `${JSON.stringify({
        version: 1,
        skills: {
          archived: { source: folder, sourceType: 'archive', computedHash: 'x' },
          device: { source: '/dev/zero', sourceType: 'archive', computedHash: 'x' },
          fd: { source: 'fd::17', sourceType: 'git', computedHash: 'x' },
          ext: { source: 'ext::sh -c touch% pwned', sourceType: 'git', computedHash: 'x' },
          plain: { source: 'http://127.0.0.1:9/x.git', sourceType: 'git', computedHash: 'x' },
        },
      })}\n`,
    );
    const r = await run(['sync', '--format', 'json']);
    expect(r.code).toBe(1);
    const synced = (
      JSON.parse(r.stdout) as { synced: Array<{ name: string; status: string; message: string }> }
    ).synced;
    const message = (name: string) => synced.find((s) => s.name === name)?.message;
    expect(synced.every((s) => s.status === 'error')).toBe(true);
    expect(message('archived')).toContain(
      `records ${JSON.stringify(folder)} as a archive source, but it is a local`,
    );
    expect(message('device')).toContain('/dev/zero is not a folder or a .zip or .skill archive file');
    expect(message('fd')).toContain('"fd::17" is not a source Skillbench understands');
    expect(message('ext')).toContain('is not a source Skillbench understands');
    expect(message('plain')).toContain('is not a source Skillbench understands');
    expect(existsSync(join(project, 'pwned'))).toBe(false);
    expect(tree(project)).toEqual(['skills-lock.json']);
  });
});

describe('sync (M4)', () => {
  it('refuses a source that changed since it was locked, unless --force', async () => {
    skill(join(workTree('up/b'), 'skills', 'trusted'), 'trusted', 'The vendor skill.', 'good body');
    publish('up/b');
    expect((await run(['add', 'up/b', '--yes'])).code).toBe(0);
    const locked = readFileSync(lockFile(), 'utf8');
    rmSync(join(project, '.agents'), { recursive: true });
    rmSync(join(project, '.claude'), { recursive: true });
    skill(join(workTree('up/b'), 'skills', 'trusted'), 'trusted', 'The vendor skill.', 'COMPROMISED');
    publish('up/b');
    const r = await run(['sync']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('trusted: error: up/b no longer matches the lockfile');
    expect(r.stdout).toContain('skillbench update trusted --check');
    expect(tree(project)).toEqual(['skills-lock.json']);
    expect(readFileSync(lockFile(), 'utf8')).toBe(locked);
    const forced = await run(['sync', '--force']);
    expect(forced.code).toBe(0);
    expect(manifest('.agents/skills/trusted')).toContain('COMPROMISED');
  });

  it('never reads an archive that is not a regular file (a FIFO would block forever)', () => {
    const fifo = join(tmp, 'pipe.zip');
    execFileSync('mkfifo', [fifo]);
    expect(() => unpackArchive(fifo, join(tmp, 'out'))).toThrow(/is not a regular file/);
  });
});

describe('agent folders linked together (M5)', () => {
  beforeEach(() => {
    skill(join(workTree('up/a'), 'skills', 'ok'), 'ok', 'A fine skill.', 'ok body');
    publish('up/a');
  });

  it('installs once into a folder another agent folder links to, and lists it once with both agents', async () => {
    mkdirSync(join(project, '.agents', 'skills'), { recursive: true });
    mkdirSync(join(project, '.claude'));
    symlinkSync('../.agents/skills', join(project, '.claude', 'skills'));
    const r = await run(['add', 'up/a', '--yes']);
    expect(r.code).toBe(0);
    expect(tree(join(project, '.agents'))).toEqual(['skills/ok/SKILL.md']);
    expect(manifest('.agents/skills/ok')).toContain('ok body');
    const listed = await run(['list', '--installed', '--format', 'json']);
    const rows = (
      JSON.parse(listed.stdout) as { installed: Array<{ name: string; agents: string[]; paths: unknown[] }> }
    ).installed;
    expect(rows.map((x) => x.name)).toEqual(['ok']);
    expect(rows[0]?.agents).toContain('claude-code');
    expect(rows[0]?.agents).toContain('codex');
    expect(rows[0]?.paths).toHaveLength(1);
    expect((await run(['remove', 'ok'])).code).toBe(0);
    expect(readdirSync(join(project, '.agents', 'skills'))).toEqual([]);
  });

  it('refuses an agent folder that a link takes out of the project', async () => {
    const elsewhere = join(tmp, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(join(project, '.claude'));
    symlinkSync(elsewhere, join(project, '.claude', 'skills'));
    const r = await run(['add', 'up/a', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `Claude Code's skills folder ${join(project, '.claude', 'skills')} is a link to ${elsewhere}, outside the project`,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(existsSync(join(project, '.agents'))).toBe(false);
  });
});

describe('smaller findings', () => {
  it('L2: refuses two skills of one name in a source, naming both paths; one is added by its path', async () => {
    skill(join(project, 'dup', 'a', 'x'), 'x', 'The first.', 'FIRST');
    skill(join(project, 'dup', 'b', 'x'), 'x', 'The second.', 'SECOND');
    const preview = await run(['add', './dup']);
    expect(preview.code).toBe(1);
    expect(preview.stdout).toContain(
      'Not installable: the source holds 2 skills named "x" (a/x/SKILL.md, b/x/SKILL.md)',
    );
    const r = await run(['add', './dup', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the source holds 2 skills named "x" (a/x/SKILL.md, b/x/SKILL.md)');
    expect(existsSync(join(project, '.agents'))).toBe(false);
    expect((await run(['add', './dup/b/x', '--yes'])).code).toBe(0);
    expect(manifest('.agents/skills/x')).toContain('SECOND');
  });

  it('L3: owner/repo is the git source even when a folder of that name is in the working directory', async () => {
    skill(join(workTree('up/b'), 'skills', 't'), 't', 'The vendor skill.', 'REAL');
    publish('up/b');
    skill(join(project, 'up', 'b', 'skills', 't'), 't', 'An impostor.', 'IMPOSTOR');
    const r = await run(['add', 'up/b', '--yes']);
    expect(r.code).toBe(0);
    expect(manifest('.agents/skills/t')).toContain('REAL');
    expect(lock().skills.t?.sourceType).toBe('github');
    expect((await run(['add', './up/b', '--yes', '--force'])).code).toBe(0);
    expect(manifest('.agents/skills/t')).toContain('IMPOSTOR');
    expect(lock().skills.t?.sourceType).toBe('local');
  });

  it('L4: pack refuses a name that is not a folder name, even with --force', async () => {
    const work = join(tmp, 'p4', 'w');
    skill(join(work, 'sk'), '../../escaped', 'Escapes.', 'body');
    const r = await run(['pack', './sk', '--force'], work);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('The skill name "../../escaped"');
    expect(r.stderr).toContain('cannot be packed, even with --force');
    expect(tree(tmp).filter((p) => p.endsWith('.zip'))).toEqual([]);
  });

  it('L5: lockfile names are own keys only (constructor, __proto__)', async () => {
    skill(join(workTree('up/a'), 'skills', 'ok'), 'ok', 'A fine skill.', 'ok body');
    publish('up/a');
    expect((await run(['add', 'up/a', '--yes'])).code).toBe(0);
    const before = readFileSync(lockFile(), 'utf8');
    const removed = await run(['remove', 'constructor']);
    expect(removed.code).not.toBe(0);
    expect(removed.stderr).toContain('No skill "constructor" is installed in the project scope.');
    const updated = await run(['update', '__proto__']);
    expect(updated.code).not.toBe(0);
    expect(updated.stderr).toContain('"__proto__" is not in the project lockfile');
    expect(readFileSync(lockFile(), 'utf8')).toBe(before);
  });

  it('L8: refuses to install a skill into its own folder (`add .` inside the skill)', async () => {
    const own = join(tmp, 'own-skill');
    skill(own, 'own', 'Its own folder.', 'body');
    const r = await run(['add', '.', '--yes'], own);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `is inside the skill's own folder ${own}, so installing would copy the skill into itself`,
    );
    expect(tree(own)).toEqual(['SKILL.md']);
  });
});
