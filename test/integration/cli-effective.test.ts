// Issue 11, the effective view: `list --format json` shows each key as the profile's runtime reads it, and `prompt`
// builds the catalog per profile (when_to_use included, hidden skills left out).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/index.js';
import type { CliIo } from '../../electron/cli/io.js';
import { fixtureSkill, REPO } from '../helpers.js';

async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: REPO };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

type Listed = {
  skills: Array<{ name: string; effective: Record<string, { value: unknown; source: string }> }>;
};

describe('skillbench prompt --profile', () => {
  it('lists when_to_use with the description and leaves out what Claude Code hides', async () => {
    const r = await run([
      'prompt',
      '--profile',
      'claude-code',
      fixtureSkill('runtime/cc-keys'),
      fixtureSkill('runtime/cc-yaml11'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '<description>Reviews pull requests. When the user asks for a review of a diff or a pull request.</description>',
    );
    expect(r.stdout).not.toContain('cc-yaml11'); // disable-model-invocation: on
  });

  it('portable lists the description alone', async () => {
    const r = await run(['prompt', '--profile', 'portable', fixtureSkill('runtime/cc-keys')]);
    expect(r.stdout).toContain('<description>Reviews pull requests.</description>');
  });
});

describe('skillbench list --format json: effective values', () => {
  it('shows per-profile defaults and what was written', async () => {
    const clawft = JSON.parse(
      (
        await run([
          'list',
          '--format',
          'json',
          '--profile',
          'clawft',
          fixtureSkill('runtime/clawft-defaults'),
        ])
      ).stdout,
    ) as Listed;
    expect(clawft.skills[0]?.effective['user-invocable']).toEqual({ value: false, source: 'default' });
    const cc = JSON.parse(
      (
        await run([
          'list',
          '--format',
          'json',
          '--profile',
          'claude-code',
          fixtureSkill('runtime/clawft-defaults'),
        ])
      ).stdout,
    ) as Listed;
    expect(cc.skills[0]?.effective['user-invocable']).toEqual({ value: true, source: 'default' });
    const yaml11 = JSON.parse(
      (await run(['list', '--format', 'json', '--profile', 'claude-code', fixtureSkill('runtime/cc-yaml11')]))
        .stdout,
    ) as Listed;
    expect(yaml11.skills[0]?.effective['disable-model-invocation']).toEqual({
      value: true,
      source: 'written',
    });
    const keys = JSON.parse(
      (await run(['list', '--format', 'json', '--profile', 'portable', fixtureSkill('runtime/cc-keys')]))
        .stdout,
    ) as Listed;
    expect(keys.skills[0]?.effective.when_to_use?.source).toBe('ignored');
  });
});
