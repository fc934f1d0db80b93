// Skills reached through links are read the way agents read them: the layout `skillbench add` makes (a shared copy in
// .agents/skills, links in the other agents' folders) gives one skill per install, checked under the profile of every
// agent that reads it, with no link warning; links into the project are followed from an agent folder given by path;
// a link out of everything is reported once, with advice that works.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../electron/cli/index.js';
import type { CliIo } from '../../../electron/cli/io.js';
import { FIXTURES } from '../../helpers.js';

interface Json {
  skills: Array<{
    id: string;
    name: string;
    path: string;
    readers?: string[];
    alsoAt?: string[];
    diagnostics: Array<{ code: string; severity: string; profiles?: string[]; message: string }>;
  }>;
  diagnostics: Array<{ code: string; file: string; message: string }>;
}

let tmp: string;
let project: string;

async function run(args: string[], cwd = project) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
const json = async (args: string[], cwd = project) => JSON.parse((await run(args, cwd)).stdout) as Json;

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'sb-links-')));
  project = join(tmp, 'project');
  mkdirSync(project);
  vi.stubEnv('SKILLBENCH_HOME', join(tmp, 'home'));
  for (const v of ['XDG_CONFIG_HOME', 'XDG_STATE_HOME', 'CODEX_HOME', 'CLAUDE_CONFIG_DIR']) vi.stubEnv(v, '');
});
afterEach(() => vi.unstubAllEnvs());

describe('skills installed by `skillbench add`', () => {
  it('are one skill each, read by every agent of their folders, checked under each profile, with no link warning', async () => {
    const source = join(FIXTURES, 'manage', 'invalid');
    expect(
      (await run(['add', source, '--agent', 'claude-code', '--agent', 'windsurf', '--yes', '--force'])).code,
    ).toBe(0);
    const out = await json(['validate', '--discover', '--format', 'json']);
    expect(out.diagnostics.filter((d) => d.code.startsWith('link-'))).toEqual([]);
    expect(out.skills.map((s) => s.name)).toEqual(['Bad_Skill']);
    const skill = out.skills[0]!;
    // In the folders the skills CLI names (lowercase), read by every agent of them.
    expect(skill.path).toBe(join(project, '.agents', 'skills', 'bad_skill', 'SKILL.md'));
    expect(skill.readers).toEqual(expect.arrayContaining(['claude-code', 'windsurf', 'codex', 'cursor']));
    expect(skill.alsoAt?.sort()).toEqual(
      [
        join(project, '.claude', 'skills', 'bad_skill', 'SKILL.md'),
        join(project, '.windsurf', 'skills', 'bad_skill', 'SKILL.md'),
      ].sort(),
    );
    // The name breaks the spec: an error for the portable agents, a note for Claude Code, which loads it.
    const format = skill.diagnostics.filter((d) => d.code === 'name-format');
    expect(format.map((d) => [d.severity, d.profiles])).toEqual([
      ['error', ['portable']],
      ['info', ['claude-code']],
    ]);
    expect(format[1]?.message).toContain('Claude Code loads it: /bad_skill and /Bad_Skill run it');
    const text = await run(['validate', '--discover']);
    expect(text.stdout).toMatch(
      /\(invalid\) read by Claude Code, Windsurf, the \d+ agents of \.agents\/skills\n/,
    );
    expect(text.stdout).toMatch(/error name-format \[portable\]/);
    expect(text.stdout).not.toContain('link-outside-root');
  });
});

describe('an agent folder given by path', () => {
  it('follows its links into the project and checks them as that agent reads them', async () => {
    const target = join(project, 'skills', 'notes');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'SKILL.md'), '---\nname: notes\ndescription: "Notes\n---\nKeep notes.\n');
    mkdirSync(join(project, '.claude', 'skills', 'notes'), { recursive: true });
    symlinkSync(
      join('..', '..', '..', 'skills', 'notes', 'SKILL.md'),
      join(project, '.claude', 'skills', 'notes', 'SKILL.md'),
    );
    const out = await json(['validate', '.claude/skills', '--format', 'json']);
    expect(out.diagnostics).toEqual([]);
    expect(out.skills).toHaveLength(1);
    expect(out.skills[0]?.readers).toEqual(['claude-code']);
    // The YAML is broken: Claude Code ignores the frontmatter, so under its profile that is a warning, not a refusal.
    expect(out.skills[0]?.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['warning yaml-syntax']);
  });

  it('reports once a link out of everything, and the advice it gives works', async () => {
    const elsewhere = join(tmp, 'elsewhere', 'notes');
    mkdirSync(elsewhere, { recursive: true });
    writeFileSync(
      join(elsewhere, 'SKILL.md'),
      '---\nname: notes\ndescription: Keeps notes. Use when asked.\n---\nB\n',
    );
    mkdirSync(join(project, '.gemini', 'skills'), { recursive: true });
    symlinkSync(elsewhere, join(project, '.gemini', 'skills', 'notes'));
    const out = await json(['validate', '.gemini/skills', '--format', 'json']);
    expect(out.skills).toEqual([]);
    expect(out.diagnostics.map((d) => d.code)).toEqual(['link-outside-root']);
    const folder = /add "([^"]+)" as a root/.exec(out.diagnostics[0]!.message)?.[1];
    expect(folder).toBe(join(tmp, 'elsewhere'));
    const fixed = await json(['validate', '.gemini/skills', folder!, '--format', 'json']);
    expect(fixed.diagnostics).toEqual([]);
    expect(fixed.skills.map((s) => s.name)).toEqual(['notes']);
  });
});

describe('what a link may never reach', () => {
  it('reads no link out of a folder given by path, even one into the working folder', async () => {
    writeFileSync(
      join(tmp, 'secret.md'),
      '---\nname: evil\ndescription: Reads secrets.\n---\nSECRET-TOKEN\n',
    );
    mkdirSync(join(project, 'repo', 'evil'), { recursive: true });
    symlinkSync(join(tmp, 'secret.md'), join(project, 'repo', 'evil', 'SKILL.md'));
    const r = await run(['list', join('project', 'repo'), '--format', 'json'], tmp);
    expect(r.stdout).not.toContain('SECRET-TOKEN');
    const out = await json(['validate', join('project', 'repo'), '--format', 'json'], tmp);
    expect(out.skills).toEqual([]);
    expect(out.diagnostics.map((d) => d.code)).toEqual(['link-outside-root']);
  });

  it('never takes the home folder for the project, so --discover run there reads no link into it', async () => {
    const home = join(tmp, 'home');
    mkdirSync(join(home, '.claude', 'skills', 'evil'), { recursive: true });
    writeFileSync(
      join(home, 'secret.md'),
      '---\nname: evil\ndescription: Reads secrets.\n---\nSECRET-TOKEN\n',
    );
    symlinkSync(join(home, 'secret.md'), join(home, '.claude', 'skills', 'evil', 'SKILL.md'));
    const r = await run(['list', '--discover', '--format', 'json'], home);
    expect(r.stdout).not.toContain('SECRET-TOKEN');
  });
});
