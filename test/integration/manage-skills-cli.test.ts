// Skillbench and Vercel's real `skills` CLI (skills@1.7.4, run on Node 22) managing the same folders, both ways and
// in both scopes: what one installs, the other lists, checks, updates (without reinstalling what is current) and
// removes, leaving nothing behind. The source is a bare git repository reached as https://git.example.test/… through
// git's `url.<base>.insteadOf` (both tools run the system git), so nothing touches the network; the agents include
// some the old table lacked (Trae, Continue, Eve) and a skill whose name is not a slug.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { computeSkillFolderHash } from '../../electron/core/manage/skill-hash.js';
import { FIXTURES } from '../helpers.js';
import { agentHomeEnv } from './manage-fixtures.js';
import { NO_NODE22_REASON, skills } from './skills-cli.js';

const SOURCE = 'https://git.example.test/owner/repo.git';
const BRAINTREE = 'Braintree Automation';

let tmp: string;
let home: string;
let project: string;
let work: string;
let gitConfig: string;

function git(args: string[], cwd: string): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-skills-cli-'));
  home = join(tmp, 'home');
  project = join(tmp, 'project');
  work = join(tmp, 'work');
  for (const d of [home, project, join(tmp, 'remotes', 'owner')]) mkdirSync(d, { recursive: true });
  cpSync(join(FIXTURES, 'manage', 'skills-cli-world', 'repo'), work, { recursive: true });
  git(['init', '-q', '-b', 'main'], work);
  git(['add', '-A'], work);
  git(['commit', '-q', '-m', 'skills'], work);
  git(['clone', '-q', '--bare', work, join(tmp, 'remotes', 'owner', 'repo.git')], tmp);
  git(['remote', 'add', 'origin', join(tmp, 'remotes', 'owner', 'repo.git')], work);
  gitConfig = join(tmp, 'gitconfig');
  writeFileSync(
    gitConfig,
    `[url "${pathToFileURL(join(tmp, 'remotes')).href}/"]\n\tinsteadOf = https://git.example.test/\n`,
  );
  for (const [key, value] of Object.entries(agentHomeEnv(tmp))) vi.stubEnv(key, value);
  vi.stubEnv('GIT_CONFIG_GLOBAL', gitConfig);
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

const cli = (...args: string[]) => skills(args, { cwd: project, home, gitConfig });

async function skillbench(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: project };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

async function skillbenchJson<T>(...args: string[]): Promise<T> {
  const r = await skillbench(...args, '--format', 'json');
  if (r.code !== 0) throw new Error(`skillbench ${args.join(' ')}: exit ${r.code}: ${r.stderr}${r.stdout}`);
  return JSON.parse(r.stdout) as T;
}

interface Row {
  name: string;
  scope: string;
  agents: string[];
  state: string;
  hashState: string;
  paths: Array<{ path: string; link: boolean }>;
}
const installed = async (...scope: string[]) =>
  (await skillbenchJson<{ installed: Row[] }>('list', '--installed', ...scope)).installed;

interface Check {
  name: string;
  status: string;
  modified: boolean;
  changes?: { added: string[]; removed: string[]; changed: string[] };
}
const checks = async (...scope: string[]) =>
  (await skillbenchJson<{ updates: Check[] }>('update', '--check', ...scope)).updates;

/** The CLI's `skills list --json`: names with the agents it sees. */
function cliList(...scope: string[]): Array<{ name: string; agents: string[] }> {
  const r = cli('list', '--json', ...scope);
  expect(r.code, r.output).toBe(0);
  return (JSON.parse(r.output) as Array<{ name: string; agents: string[] }>).map(({ name, agents }) => ({
    name,
    agents: [...agents].sort(),
  }));
}

type Lock = { skills: Record<string, Record<string, unknown>> };
const projectLock = () => JSON.parse(readFileSync(join(project, 'skills-lock.json'), 'utf8')) as Lock;
const userLock = () => JSON.parse(readFileSync(join(home, '.agents', '.skill-lock.json'), 'utf8')) as Lock;

/** Every entry of an agent folder, links included (a dangling link still counts). */
const entries = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

/** A new version of `notes` at the source. */
function publishNotes(text: string): void {
  writeFileSync(join(work, 'skills', 'notes', 'SKILL.md'), text);
  git(['commit', '-q', '-am', 'notes: new version'], work);
  git(['push', '-q', 'origin', 'main'], work);
}
const notesV2 = () =>
  `${readFileSync(join(work, 'skills', 'notes', 'SKILL.md'), 'utf8')}\nVersion 2: one line per action item.\n`;

describe.skipIf(!!NO_NODE22_REASON)(
  `Skillbench and the skills CLI in one project${NO_NODE22_REASON ? ` (skipped: ${NO_NODE22_REASON})` : ''}`,
  () => {
    it('lists, checks, updates and removes what the CLI installed for Trae, Continue and Eve, a non-slug name too', async () => {
      const add = cli(
        'add',
        SOURCE,
        '--skill',
        'notes',
        '--skill',
        BRAINTREE,
        '--agent',
        'claude-code',
        'trae',
        'continue',
        'eve',
        '-y',
      );
      expect(add.code, add.output).toBe(0);
      // The CLI's layout: the folder named by its sanitised name, the lock keyed by the name as written, Eve's copy.
      expect(lstatSync(join(project, '.trae', 'skills', 'braintree-automation')).isSymbolicLink()).toBe(true);
      expect(lstatSync(join(project, 'agent', 'skills', 'notes')).isDirectory()).toBe(true);
      expect(Object.keys(projectLock().skills)).toEqual([BRAINTREE, 'notes']);

      // Validated as the agents read them: one skill per install, no link warning, under each reader's profile.
      const validated = await skillbench('validate', '--discover', '--format', 'json');
      const report = JSON.parse(validated.stdout) as {
        skills: Array<{
          name: string;
          readers?: string[];
          diagnostics: Array<{ code: string; severity: string }>;
        }>;
        diagnostics: Array<{ code: string }>;
      };
      expect(report.diagnostics.filter((d) => d.code.startsWith('link-'))).toEqual([]);
      const braintree = report.skills.find((x) => x.name === BRAINTREE);
      expect(braintree?.readers).toEqual(expect.arrayContaining(['claude-code', 'trae', 'continue']));
      // A name Claude Code loads, which the portable agents' checks refuse.
      expect(
        braintree?.diagnostics
          .filter((d) => d.code === 'name-format')
          .map((d) => d.severity)
          .sort(),
      ).toEqual(['error', 'info']);

      // Listed under the lock's names, clean (Eve's rewritten copy included), with the agents of the new table.
      const rows = await installed();
      expect(rows.map((r) => [r.name, r.state])).toEqual([
        [BRAINTREE, 'clean'],
        ['notes', 'clean'],
      ]);
      for (const r of rows)
        expect(r.agents).toEqual(expect.arrayContaining(['claude-code', 'trae', 'continue', 'eve']));

      // Nothing to update, and no update claimed with nothing changed.
      expect((await checks()).map((c) => [c.name, c.status, c.modified])).toEqual([
        [BRAINTREE, 'up-to-date', false],
        ['notes', 'up-to-date', false],
      ]);
      publishNotes(notesV2());
      const notes = (await checks()).find((c) => c.name === 'notes');
      expect(notes).toMatchObject({
        status: 'update-available',
        changes: { changed: ['SKILL.md'], added: [], removed: [] },
      });

      // Updated in place for every agent; the lock keeps the CLI's sourceUrl and records what it now holds.
      const update = await skillbench('update');
      expect(update.code, update.stderr + update.stdout).toBe(0);
      for (const folder of [
        '.agents/skills',
        '.claude/skills',
        '.trae/skills',
        '.continue/skills',
        'agent/skills',
      ])
        expect(readFileSync(join(project, folder, 'notes', 'SKILL.md'), 'utf8'), folder).toContain(
          'Version 2',
        );
      expect(projectLock().skills.notes).toMatchObject({
        source: SOURCE,
        sourceUrl: SOURCE,
        sourceType: 'git',
        computedHash: computeSkillFolderHash(join(work, 'skills', 'notes')),
      });
      expect(projectLock().skills[BRAINTREE]).toMatchObject({ sourceUrl: SOURCE });
      // The CLI finds nothing to do after it.
      const cliUpdate = cli('update', '-p', '-y');
      expect(cliUpdate.code, cliUpdate.output).toBe(0);
      expect(cliUpdate.output).toContain('All project skills are up to date');

      // Removed from every agent's folder: no link left in Trae's or Continue's, no copy in Eve's.
      const removed = await skillbench('remove', 'notes', BRAINTREE);
      expect(removed.code, removed.stderr).toBe(0);
      for (const folder of [
        '.agents/skills',
        '.claude/skills',
        '.trae/skills',
        '.continue/skills',
        'agent/skills',
      ])
        expect(entries(join(project, folder)), folder).toEqual([]);
      expect(projectLock().skills).toEqual({});
      expect(cliList()).toEqual([]);
    });

    it('installs what the CLI lists, does not reinstall on `skills update`, and lets it remove', async () => {
      const add = await skillbench(
        'add',
        SOURCE,
        '--agent',
        'claude-code',
        '--agent',
        'trae',
        '--agent',
        'eve',
        '--yes',
        '--force',
      );
      expect(add.code, add.stderr).toBe(0);
      expect(cliList()).toEqual([
        { name: BRAINTREE, agents: ['Claude Code', 'Eve', 'Trae'] },
        { name: 'notes', agents: ['Claude Code', 'Eve', 'Trae'] },
      ]);
      const lockBefore = readFileSync(join(project, 'skills-lock.json'), 'utf8');
      const copy = join(project, '.agents', 'skills', 'notes', 'SKILL.md');
      const before = statSync(copy);
      const update = cli('update', '-p', '-y');
      expect(update.code, update.output).toBe(0);
      expect(update.output).toContain('All project skills are up to date');
      expect(update.output).not.toMatch(/^Updating (?!for:)/m); // "Updating notes…" is a reinstall
      expect(statSync(copy).ino).toBe(before.ino);
      expect(readFileSync(join(project, 'skills-lock.json'), 'utf8')).toBe(lockBefore);

      for (const name of ['notes', BRAINTREE]) {
        const r = cli('remove', name, '-y');
        expect(r.code, r.output).toBe(0);
      }
      expect(await installed()).toEqual([]);
      expect(projectLock().skills).toEqual({});
    });
  },
);

describe.skipIf(!!NO_NODE22_REASON)(
  `Skillbench and the skills CLI in the home folder${NO_NODE22_REASON ? ` (skipped: ${NO_NODE22_REASON})` : ''}`,
  () => {
    it("lists the CLI's user install as clean, updates it without blanking its folder hash, and removes it", async () => {
      const add = cli(
        'add',
        SOURCE,
        '--skill',
        'notes',
        '--skill',
        BRAINTREE,
        '--agent',
        'claude-code',
        'trae',
        'codex',
        '-g',
        '-y',
      );
      expect(add.code, add.output).toBe(0);
      expect(userLock().skills.notes).toMatchObject({
        skillFolderHash: computeSkillFolderHash(join(work, 'skills', 'notes')),
      });
      expect(userLock().skills.notes?.computedHash).toBeUndefined();

      const rows = await installed('--global');
      expect(rows.map((r) => [r.name, r.scope, r.state])).toEqual([
        [BRAINTREE, 'user', 'clean'],
        ['notes', 'user', 'clean'],
      ]);
      // Codex reads the shared ~/.agents/skills, where the CLI put the copy.
      expect(rows[1]?.agents).toEqual(expect.arrayContaining(['claude-code', 'codex', 'trae']));
      expect((await checks('--global')).map((c) => [c.name, c.status])).toEqual([
        [BRAINTREE, 'up-to-date'],
        ['notes', 'up-to-date'],
      ]);

      publishNotes(notesV2());
      expect((await checks('--global')).find((c) => c.name === 'notes')).toMatchObject({
        status: 'update-available',
        changes: { changed: ['SKILL.md'] },
      });
      const update = await skillbench('update', '--global');
      expect(update.code, update.stderr + update.stdout).toBe(0);
      const newHash = computeSkillFolderHash(join(work, 'skills', 'notes'));
      // The content hash the CLI compares for a git source, never blank; its other fields kept.
      expect(userLock().skills.notes).toMatchObject({
        source: SOURCE,
        sourceType: 'git',
        sourceUrl: SOURCE,
        skillPath: 'skills/notes/SKILL.md',
        skillFolderHash: newHash,
      });
      expect(readFileSync(join(home, '.trae', 'skills', 'notes', 'SKILL.md'), 'utf8')).toContain('Version 2');
      const cliUpdate = cli('update', '-g', '-y');
      expect(cliUpdate.code, cliUpdate.output).toBe(0);
      expect(cliUpdate.output).toContain('All global skills are up to date');

      const removed = await skillbench('remove', 'notes', '--global');
      expect(removed.code, removed.stderr).toBe(0);
      for (const folder of ['.agents/skills', '.claude/skills', '.trae/skills'])
        expect(entries(join(home, folder)), folder).toEqual(['braintree-automation']);
      expect(cliList('-g').map((s) => s.name)).toEqual([BRAINTREE]);
      expect(Object.keys(userLock().skills)).toEqual([BRAINTREE]);
    });

    it('installs in the home folder so that `skills update -g` leaves it alone, and `skills remove -g` takes it away', async () => {
      const add = await skillbench(
        'add',
        SOURCE,
        '--global',
        '--agent',
        'claude-code',
        '--agent',
        'trae',
        '--yes',
        '--force',
      );
      expect(add.code, add.stderr).toBe(0);
      expect(cliList('-g')).toEqual([
        { name: BRAINTREE, agents: ['Claude Code', 'Trae'] },
        { name: 'notes', agents: ['Claude Code', 'Trae'] },
      ]);
      const lockBefore = readFileSync(join(home, '.agents', '.skill-lock.json'), 'utf8');
      const update = cli('update', '-g', '-y');
      expect(update.code, update.output).toBe(0);
      expect(update.output).toContain('All global skills are up to date');
      expect(update.output).not.toMatch(/^Updating (?!for:)/m); // "Updating notes…" is a reinstall
      expect(readFileSync(join(home, '.agents', '.skill-lock.json'), 'utf8')).toBe(lockBefore);

      const r = cli('remove', 'notes', '-g', '-y');
      expect(r.code, r.output).toBe(0);
      expect((await installed('--global')).map((i) => i.name)).toEqual([BRAINTREE]);
      for (const folder of ['.agents/skills', '.claude/skills', '.trae/skills'])
        expect(entries(join(home, folder)), folder).toEqual(['braintree-automation']);
    });
  },
);
