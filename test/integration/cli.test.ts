import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { FIXTURES, fixtureSkill, REPO } from '../helpers.js';

async function run(args: string[], cwd = REPO) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe('skillbench validate', () => {
  it('exits 0 on the bundled skills, which validate clean', async () => {
    const r = await run(['validate']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('7 manifests checked: 0 errors, 0 warnings, 0 info\n');
  });

  it('exits 1 when any error is found, printing file:line:column severity code message grouped per skill', async () => {
    const r = await run(['validate', 'test/fixtures/skills/Bad_Name', 'test/fixtures/skills/desc-comment']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')).toEqual([
      'Bad_Name (invalid)',
      expect.stringMatching(
        /^test\/fixtures\/skills\/Bad_Name\/SKILL\.md:2:7 error name-format `name` "Bad_Name" has uppercase/,
      ),
      '',
      'desc-comment (loaded)',
      expect.stringMatching(
        /^test\/fixtures\/skills\/desc-comment\/SKILL\.md:3:14 warning comment-in-value /,
      ),
      '',
      '2 manifests checked: 1 error, 1 warning, 0 info',
      '',
    ]);
  });

  it('exits 0 with warnings only', async () => {
    expect((await run(['validate', 'test/fixtures/skills/desc-comment'])).code).toBe(0);
  });

  it('applies --profile', async () => {
    expect((await run(['validate', 'test/fixtures/skills/unknown-keys'])).code).toBe(0);
    expect((await run(['validate', 'test/fixtures/skills/unknown-keys', '--profile', 'portable'])).code).toBe(
      1,
    );
  });

  it('prints the documented JSON, one entry per manifest found (loaded or not)', async () => {
    const r = await run([
      'validate',
      fixtureSkill('toml-skill'),
      fixtureSkill('valid-minimal'),
      '--format',
      'json',
    ]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      skills: Array<Record<string, unknown>>;
      summary: Record<string, number>;
    };
    expect(out.summary).toEqual({ skills: 3, errors: 1, warnings: 1, infos: 0 });
    expect(out.skills.map((s) => [s.id, s.name, s.format, s.status])).toEqual([
      ['toml-skill', 'toml-skill', 'skill-toml', 'invalid'],
      ['toml-skill', null, 'skill-md', 'excluded'],
      ['valid-minimal', 'valid-minimal', 'skill-md', 'loaded'],
    ]);
    expect(out.skills[0]?.path).toBe(join(fixtureSkill('toml-skill'), 'SKILL.toml'));
    const d = (out.skills[0]?.diagnostics as Array<Record<string, unknown>>)[0];
    expect(Object.keys(d ?? {}).slice(0, 8)).toEqual([
      'severity',
      'code',
      'message',
      'file',
      'line',
      'column',
      'endLine',
      'endColumn',
    ]);
  });

  it('exits 2 on bad usage', async () => {
    expect((await run(['validate', '--profile', 'nope'])).code).toBe(2);
    expect((await run(['validate', '--format', 'xml'])).code).toBe(2);
    expect((await run(['validate', '--bogus'])).code).toBe(2);
    expect((await run(['validate', 'no/such/path'])).stderr).toMatch(
      /No such file or folder: no\/such\/path/,
    );
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
    expect((await run(['--help'])).code).toBe(0);
  });

  it("shows the misused command's own help, not the whole list", async () => {
    const tools = await run(['tools']);
    expect(tools.code).toBe(2);
    expect(tools.stderr).toMatch(
      /^skillbench: tools takes one SKILL \(got 0\)\.\n\nUsage: skillbench tools \[options\]\n/,
    );
    expect(tools.stderr).toContain('  tools SKILL ');
    expect(tools.stderr).not.toContain('  validate [PATH...]');
    expect(tools.stderr).toContain('All commands: skillbench --help');

    const list = await run(['list', '--bogus']);
    expect(list.stderr).toContain('  list [PATH...]');
    expect(list.stderr).toContain('  list --installed ');
    expect(list.stderr).not.toContain('  add SOURCE');

    const add = await run(['add', '--help']);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^Usage: skillbench add \[options\]\n\n {2}add SOURCE /);
    for (const flag of ['--skill', '--agent', '--global', '--copy', '--force', '--yes'])
      expect(add.stdout).toContain(flag);
    expect(add.stdout).not.toContain('  serve [PATH...]');

    const evalUsage = await run(['eval', 'triggers']);
    expect(evalUsage.code).toBe(2);
    expect(evalUsage.stderr).toMatch(
      /^skillbench: eval needs a subcommand .*\n\nUsage:\n {2}skillbench eval triggers SKILL/,
    );
    expect(evalUsage.stderr).not.toContain('  validate [PATH...]');
  });
});

describe('skillbench list and prompt', () => {
  it('lists every SkillDefinition field in JSON, tools included', async () => {
    const r = await run(['list', fixtureSkill('tools-good'), '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { skills: Array<Record<string, unknown>> };
    const skill = out.skills[0] ?? {};
    for (const key of [
      'id',
      'name',
      'description',
      'version',
      'variables',
      'allowedTools',
      'userInvocable',
      'disableModelInvocation',
      'instructions',
      'format',
      'sourcePath',
      'metadata',
      'tools',
      'diagnostics',
      'path',
      'status',
    ]) {
      expect(skill).toHaveProperty(key);
    }
    expect((skill.tools as unknown[]).length).toBe(6);
  });

  it('lists a table in text', async () => {
    const r = await run(['list']);
    expect(r.stdout.split('\n')[0]).toMatch(/^NAME\s+STATUS\s+FORMAT\s+TOOLS\s+PATH$/);
    expect(r.stdout).toMatch(/text-toolkit\s+loaded\s+skill-md\s+5\s+skills\/text-toolkit\/SKILL\.md/);
  });

  it('prints the <available_skills> catalog, XML-escaped, without disable-model-invocation skills', async () => {
    const r = await run(['prompt', join(FIXTURES, 'library', 'catalog')]);
    expect(r.stdout).toBe(
      [
        '<available_skills>',
        '<skill>',
        '<name>plain</name>',
        '<description>Uses &lt;tags&gt; &amp; &quot;quotes&quot; in &apos;text&apos;.</description>',
        `<location>${join(FIXTURES, 'library', 'catalog', 'plain', 'SKILL.md')}</location>`,
        '</skill>',
        '</available_skills>',
        '',
      ].join('\n'),
    );
  });
});

describe('the installed command', () => {
  it('runs from bin/skillbench.js with real exit codes', () => {
    const ok = spawnSync(process.execPath, [join(REPO, 'bin', 'skillbench.js'), 'validate'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    const bad = spawnSync(
      process.execPath,
      [join(REPO, 'bin', 'skillbench.js'), 'validate', fixtureSkill('js-engine')],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/frontmatter-engine/);
  });
});

describe('--discover', () => {
  it('loads the usual places: project folders first, then the user’s', async () => {
    process.env.SKILLBENCH_HOME = join(FIXTURES, 'usual', 'home');
    try {
      const r = await run(['list', '--discover', '--format', 'json'], join(FIXTURES, 'usual', 'project'));
      const skills = (JSON.parse(r.stdout) as { skills: Array<{ id: string; status: string }> }).skills;
      expect(skills.map((s) => [s.id, s.status])).toEqual([
        ['project-claude/proj-skill', 'loaded'],
        ['user-claude/proj-skill', 'shadowed'],
        ['user-agents/home-skill', 'loaded'],
      ]);
    } finally {
      delete process.env.SKILLBENCH_HOME;
    }
  });
});
