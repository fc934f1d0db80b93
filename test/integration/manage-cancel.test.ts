// Issue 17: cancelling an install (the app's Cancel, the CLI's Ctrl-C) at any step leaves the previous state exactly:
// the installed copy, the links and the lockfile as they were, no staging folder. The core install is driven directly
// with an AbortSignal aborted from its own progress (at a known step, never a timer). And the CLI: Ctrl-C (SIGINT)
// during a clone stops git, removes its temporary folder, writes nothing and exits 130.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageStep } from '../../shared/manage-types.js';
import { agentContext, agentsByIds } from '../../electron/core/agents/folders.js';
import { fetchAndInspect } from '../../electron/core/manage/inspect.js';
import { installSkills } from '../../electron/core/manage/install.js';
import type { ManageBase } from '../../electron/core/manage/base.js';
import { parseSource } from '../../electron/core/manage/source.js';
import { FIXTURES, REPO } from '../helpers.js';
import { agentHomeEnv, fixtureRepo } from './manage-fixtures.js';
import { alive, makeSlowGit } from './slow-git.js';

let tmp: string;
let project: string;
let source: string;
let base: ManageBase;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-manage-cancel-'));
  project = join(tmp, 'project');
  const home = join(tmp, 'home');
  for (const d of [project, home]) mkdirSync(d, { recursive: true });
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
  source = join(tmp, 'src', 'notes');
  cpSync(join(FIXTURES, 'manage', 'repo', 'skills', 'notes'), source, { recursive: true });
  base = { project, ctx: agentContext(), audience: 'cli' };
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

/** Every entry under `dir`: a file's text, a link's target, a folder's name. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string, rel: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      const key = rel ? `${rel}/${name}` : name;
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) out[key] = `-> ${readlinkSync(path)}`;
      else if (stat.isDirectory()) {
        out[key] = '/';
        walk(path, key);
      } else out[key] = readFileSync(path, 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

async function install(opts: { signal?: AbortSignal; onProgress?: (s: ManageStep) => void } = {}) {
  const { fetched, inspection } = await fetchAndInspect(
    parseSource(source, { cwd: tmp }),
    ['claude-code', 'portable'],
    'cli',
  );
  try {
    return await installSkills(base, fetched, inspection.skills, {
      agents: agentsByIds(['claude-code', 'cursor']),
      scope: 'project',
      ...opts,
    });
  } finally {
    fetched.dispose();
  }
}

describe('cancelling an install', () => {
  it.each([
    ['after the first item is staged', (s: ManageStep, n: number) => s.step === 'staged' && n === 1],
    ['after the first item is placed', (s: ManageStep) => s.step === 'placed' && s.done === s.total / 2 + 1],
    ['after the last item is placed', (s: ManageStep) => s.step === 'placed' && s.done === s.total],
  ])('%s leaves the previous install exactly as it was', async (_when, stopAt) => {
    await install();
    const before = snapshot(project);
    expect(before['.claude/skills/notes']).toBe('-> ../../.agents/skills/notes');
    writeFileSync(
      join(source, 'SKILL.md'),
      `${readFileSync(join(source, 'SKILL.md'), 'utf8')}\nVersion 2.\n`,
    );

    const controller = new AbortController();
    const steps: string[] = [];
    let staged = 0;
    const error = await install({
      signal: controller.signal,
      onProgress: (s) => {
        steps.push(s.step);
        if (s.step === 'staged') staged++;
        if (stopAt(s, staged)) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'Cancelled',
      message: 'The install was cancelled; nothing was written.',
    });
    expect(steps).not.toContain('lockfile');
    // The previous copy, its links and the lockfile as they were; no staging folder left beside the agent folders.
    expect(snapshot(project)).toEqual(before);
    expect(Object.keys(before).some((k) => k.includes('.skillbench-staging-'))).toBe(false);
  });

  it('before it starts writes nothing at all', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(install({ signal: controller.signal })).rejects.toMatchObject({ code: 'Cancelled' });
    expect(readdirSync(project)).toEqual([]);
  });
});

describe('Ctrl-C in the CLI', () => {
  it('stops a clone: git killed, its temporary folder removed, nothing written, exit 130', async () => {
    const remote = fixtureRepo(join(tmp, 'work'));
    const slow = makeSlowGit(join(tmp, 'slow-git'));
    const temp = join(tmp, 'temp');
    mkdirSync(temp);
    const child = spawn(process.execPath, [join(REPO, 'bin', 'skillbench.js'), 'add', remote, '--yes'], {
      cwd: project,
      env: { ...process.env, PATH: `${slow.bin}:${process.env.PATH ?? ''}`, TMPDIR: temp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const pid = await slow.started();
      expect(readdirSync(temp).filter((n) => n.startsWith('skillbench-source-'))).toHaveLength(1);
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toBe(`skillbench: Fetching ${remote} was cancelled; nothing was written.\n`);
      expect(alive(pid)).toBe(false);
      expect(readdirSync(temp)).toEqual([]);
      expect(readdirSync(project)).toEqual([]);
      expect(existsSync(join(project, 'skills-lock.json'))).toBe(false);
    } finally {
      slow.release();
      child.kill('SIGKILL');
    }
  }, 60_000);
});
