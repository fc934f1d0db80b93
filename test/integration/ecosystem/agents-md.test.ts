// AGENTS.md for agents without native skills, held to openskills itself (the pinned devDependency): Skillbench's block
// is the one openskills writes and finds (either tool updates the other's in place, the rest of the file untouched),
// a second sync changes nothing, and `skillbench read` prints a skill exactly as `openskills read` does.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../electron/cli/index.js';
import type { CliIo } from '../../../electron/cli/io.js';
import { FIXTURES, REPO } from '../../helpers.js';

const OPENSKILLS = join(REPO, 'node_modules', 'openskills', 'dist', 'cli.js');

let tmp: string;
let project: string;
let home: string;

async function skillbench(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: project };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
const openskills = (args: string[]) =>
  execFileSync(process.execPath, [OPENSKILLS, ...args], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1' },
    encoding: 'utf8',
  });
const agentsMd = () => readFileSync(join(project, 'AGENTS.md'), 'utf8');
const names = (text: string) => [...text.matchAll(/<skill>\s*<name>([^<]+)<\/name>/g)].map((m) => m[1]);

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'sb-agents-md-')));
  project = join(tmp, 'project');
  home = join(tmp, 'home');
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(home);
  cpSync(join(FIXTURES, 'ecosystem', 'agents-md', 'skills'), join(project, '.claude', 'skills'), {
    recursive: true,
  });
  vi.stubEnv('SKILLBENCH_HOME', home);
  for (const v of ['XDG_CONFIG_HOME', 'XDG_STATE_HOME', 'CODEX_HOME', 'CLAUDE_CONFIG_DIR']) vi.stubEnv(v, '');
});
afterEach(() => vi.unstubAllEnvs());

describe('sync --agents-md', () => {
  it('adds the block after what the file holds, and a second run changes nothing', async () => {
    writeFileSync(join(project, 'AGENTS.md'), '# Project rules\n\nRun the tests before you commit.\n');
    const first = await skillbench(['sync', '--agents-md']);
    expect(first).toMatchObject({
      code: 0,
      stdout: 'Updated AGENTS.md: 2 skills (csv-report, pdf-extract)\n',
    });
    const text = agentsMd();
    expect(
      text.startsWith('# Project rules\n\nRun the tests before you commit.\n\n<skills_system priority="1">'),
    ).toBe(true);
    expect(names(text)).toEqual(['csv-report', 'pdf-extract']);
    expect(text).toContain('<location>project</location>');
    const mtime = statSync(join(project, 'AGENTS.md')).mtimeMs;
    const again = await skillbench(['sync', '--agents-md']);
    expect(again.stdout).toBe('Already up to date: AGENTS.md: 2 skills (csv-report, pdf-extract)\n');
    expect(agentsMd()).toBe(text);
    expect(statSync(join(project, 'AGENTS.md')).mtimeMs).toBe(mtime);
  });

  it("is openskills' block: each tool updates the other's in place and lists the same skills", async () => {
    writeFileSync(join(project, 'AGENTS.md'), '# Rules\n\nBefore.\n');
    await skillbench(['sync', '--agents-md']);
    const ours = agentsMd();
    openskills(['sync', '-y']);
    const theirs = agentsMd();
    // Only the lines naming the command that reads a skill differ, and openskills does not escape `&` and `<`.
    const unescaped = ours.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const differing = theirs.split('\n').filter((line, i) => line !== unescaped.split('\n')[i]);
    expect(differing).toEqual([
      '- Invoke: `npx openskills read <skill-name>` (run in your shell)',
      '  - For multiple: `npx openskills read skill-one,skill-two`',
    ]);
    expect(names(theirs)).toEqual(names(ours));
    expect(theirs.startsWith('# Rules\n\nBefore.\n\n<skills_system')).toBe(true);
    writeFileSync(join(project, 'AGENTS.md'), `${theirs}\nAfter.\n`);
    await skillbench(['sync', '--agents-md']);
    expect(agentsMd()).toBe(`${ours}\nAfter.\n`);
  });

  it("updates between openskills' comment markers when the file has only those", async () => {
    writeFileSync(
      join(project, 'AGENTS.md'),
      '# Rules\n\n<!-- SKILLS_TABLE_START -->\nold list\n<!-- SKILLS_TABLE_END -->\n\nAfter.\n',
    );
    await skillbench(['sync', '--agents-md']);
    const text = agentsMd();
    expect(text).not.toContain('old list');
    expect(text).not.toContain('<skills_system');
    expect(names(text)).toEqual(['csv-report', 'pdf-extract']);
    expect(text.endsWith('<!-- SKILLS_TABLE_END -->\n\nAfter.\n')).toBe(true);
  });

  it('writes through a linked AGENTS.md to the file it leads to, and leaves the link a link', async () => {
    writeFileSync(join(project, 'CLAUDE.md'), '# Project\n\nHouse rules.\n');
    symlinkSync('CLAUDE.md', join(project, 'AGENTS.md'));
    expect((await skillbench(['sync', '--agents-md'])).code).toBe(0);
    expect(lstatSync(join(project, 'AGENTS.md')).isSymbolicLink()).toBe(true);
    const text = readFileSync(join(project, 'CLAUDE.md'), 'utf8');
    expect(text.startsWith('# Project\n\nHouse rules.\n')).toBe(true);
    expect(names(text)).toEqual(['csv-report', 'pdf-extract']);
  });

  it('creates the file when it is missing, and refuses a file that is not Markdown', async () => {
    const r = await skillbench(['sync', '--agents-md', 'docs/AGENTS.md']);
    expect(r.stdout).toBe('Created docs/AGENTS.md: 2 skills (csv-report, pdf-extract)\n');
    expect(
      readFileSync(join(project, 'docs', 'AGENTS.md'), 'utf8').startsWith('# AGENTS\n\n<skills_system'),
    ).toBe(true);
    expect((await skillbench(['sync', '--agents-md', 'AGENTS.txt'])).code).toBe(2);
  });
});

describe('read', () => {
  it('prints a skill exactly as openskills read does, one or several', async () => {
    for (const name of ['csv-report', 'csv-report,pdf-extract']) {
      const ours = await skillbench(['read', name]);
      expect(ours.code).toBe(0);
      expect(ours.stdout).toBe(openskills(['read', name]));
    }
    const missing = await skillbench(['read', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /No skill named "nope" in the agents' folders .* Install it \(skillbench add\)/,
    );
  });
});
