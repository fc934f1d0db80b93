// Issue 11, the effective view: `list --format json` shows each key as the profile's runtime reads it, and `prompt`
// builds the catalog per profile (when_to_use included, hidden skills left out).
import { describe, expect, it } from 'vitest';
import { runCaptured } from './run-cli.js';
import { fixtureSkill } from '../helpers.js';

const run = runCaptured;

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
      '<description>Reviews pull requests. - When the user asks for a review of a diff or a pull request.</description>',
    );
    expect(r.stdout).not.toContain('cc-yaml11'); // disable-model-invocation: on
  });

  it('portable lists the description alone', async () => {
    const r = await run(['prompt', '--profile', 'portable', fixtureSkill('runtime/cc-keys')]);
    expect(r.stdout).toContain('<description>Reviews pull requests.</description>');
  });
});

/** The effective values `list --format json` prints for one fixture skill under a profile. */
async function effectiveOf(profile: string, fixture: string) {
  const listed = JSON.parse(
    (await run(['list', '--format', 'json', '--profile', profile, fixtureSkill(fixture)])).stdout,
  ) as Listed;
  return listed.skills[0]?.effective ?? {};
}

describe('skillbench list --format json: effective values', () => {
  it('shows per-profile defaults and what was written', async () => {
    expect((await effectiveOf('clawft', 'runtime/clawft-defaults'))['user-invocable']).toEqual({
      value: false,
      source: 'default',
    });
    expect((await effectiveOf('claude-code', 'runtime/clawft-defaults'))['user-invocable']).toEqual({
      value: true,
      source: 'default',
    });
    expect((await effectiveOf('claude-code', 'runtime/cc-yaml11'))['disable-model-invocation']).toEqual({
      value: true,
      source: 'written',
    });
    expect((await effectiveOf('portable', 'runtime/cc-keys')).when_to_use?.source).toBe('ignored');
  });
});
