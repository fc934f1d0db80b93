// Issue 11: a fixture per key of the runtime table (test/fixtures/skills/runtime-keys/rk-KEY), read under every
// profile. The expectations are written by hand from each runtime's documentation, not derived from
// shared/runtime-table.ts, so a wrong row in the table fails here.
import { describe, expect, it } from 'vitest';
import { effectiveValues, listedDescription } from '../../../../shared/effective.js';
import { RUNTIME_TABLE } from '../../../../shared/runtime-table.js';
import type { JsonValue, ValidationProfile } from '../../../../shared/types.js';
import { loadFixture } from '../../../helpers.js';

const PROFILES: readonly ValidationProfile[] = [
  'portable',
  'claude-code',
  'clawft',
  'zeroclaw',
  'skillbench',
];
const ALL = PROFILES;
const CC: readonly ValidationProfile[] = ['claude-code', 'skillbench'];

interface Row {
  key: string;
  /** The value the fixture writes, as the data model reads it. */
  value: JsonValue;
  /** The profiles whose runtimes read the key. */
  readIn: readonly ValidationProfile[];
  /** Lines of the keys a profile that does not read them reports (rk-agent also writes `context`). */
  lines?: number[];
}

const GRID: Row[] = [
  { key: 'name', value: 'rk-name', readIn: ALL },
  { key: 'description', value: 'Explains what a file does, line by line.', readIn: ALL },
  { key: 'license', value: 'Apache-2.0', readIn: ALL }, // a spec key: every profile includes the spec
  { key: 'compatibility', value: 'Requires git and Python 3.10 or newer.', readIn: ALL },
  { key: 'metadata', value: { owner: 'docs-team', reviewed: '2026-11-30' }, readIn: ALL },
  { key: 'allowed-tools', value: ['Read', 'Grep'], readIn: ALL },
  { key: 'when_to_use', value: 'When the user asks what a file does.', readIn: CC },
  { key: 'argument-hint', value: '[file]', readIn: ['claude-code', 'clawft', 'skillbench'] },
  { key: 'arguments', value: ['file', 'mode'], readIn: CC },
  { key: 'disable-model-invocation', value: true, readIn: ['claude-code', 'clawft', 'skillbench'] },
  { key: 'user-invocable', value: false, readIn: ['claude-code', 'clawft', 'skillbench'] },
  { key: 'model', value: 'claude-sonnet-4-5', readIn: CC },
  { key: 'effort', value: 'high', readIn: CC },
  { key: 'context', value: 'fork', readIn: CC },
  { key: 'agent', value: 'Explore', readIn: CC, lines: [4, 5] },
  {
    key: 'hooks',
    value: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/check.sh' }] }] },
    readIn: CC,
  },
  { key: 'paths', value: ['src/**/*.ts', 'docs/**'], readIn: CC },
  { key: 'shell', value: 'bash', readIn: CC },
  { key: 'version', value: '1.2.0', readIn: ['clawft', 'zeroclaw', 'skillbench'] },
  { key: 'variables', value: ['topic'], readIn: ['clawft', 'skillbench'] },
  { key: 'tools', value: ['clock'], readIn: ['zeroclaw', 'skillbench'] },
  { key: 'author', value: 'Ada Lovelace', readIn: ['zeroclaw', 'skillbench'] },
  { key: 'category', value: 'docs', readIn: ['zeroclaw', 'skillbench'] }, // zeroclaw's SkillFrontmatter reads it
  { key: 'tags', value: ['docs', 'review'], readIn: ['zeroclaw', 'skillbench'] },
];

/** What each runtime uses for the keys a minimal skill leaves out. */
const DEFAULTS: Record<ValidationProfile, Record<string, JsonValue>> = {
  portable: { 'allowed-tools': [] },
  'claude-code': { 'allowed-tools': [], 'disable-model-invocation': false, 'user-invocable': true },
  clawft: { 'allowed-tools': [], 'disable-model-invocation': false, 'user-invocable': false },
  zeroclaw: { 'allowed-tools': [] },
  skillbench: { 'allowed-tools': [], 'disable-model-invocation': false, 'user-invocable': true },
};

const fixture = (key: string) => `runtime-keys/rk-${key.replace(/_/g, '-')}`;

describe('the runtime grid: every key under every profile', () => {
  it('covers every key of the runtime table', () => {
    expect(GRID.map((r) => r.key).sort()).toEqual(RUNTIME_TABLE.map((k) => k.key).sort());
  });

  for (const row of GRID) {
    describe(row.key, () => {
      for (const profile of PROFILES) {
        const read = row.readIn.includes(profile);
        it(`${profile}: ${read ? 'read as written, no findings' : 'ignored, an unknown key'}`, () => {
          const entry = loadFixture(fixture(row.key), profile);
          const effective = effectiveValues(entry.skill!, profile);
          expect(effective[row.key]).toEqual({ value: row.value, source: read ? 'written' : 'ignored' });
          const findings = entry.diagnostics.map((d) => [d.code, d.severity, d.line]);
          // The spec forbids keys it does not define; the other runtimes skip them (a warning: a typo or a key
          // for another runtime).
          const severity = profile === 'portable' ? 'error' : 'warning';
          expect(findings).toEqual(
            read ? [] : (row.lines ?? [4]).map((line) => ['unknown-key', severity, line]),
          );
          // A written key never shows as its default, and no other key appears as written.
          for (const [key, v] of Object.entries(effective)) {
            if (key === row.key || key === 'name' || key === 'description' || key === 'context') continue;
            expect(v.source, key).toBe('default');
          }
        });
      }
    });
  }

  for (const profile of PROFILES) {
    it(`${profile}: a minimal skill gets exactly its runtime's defaults`, () => {
      const entry = loadFixture(fixture('name'), profile);
      const defaults = Object.fromEntries(
        Object.entries(DEFAULTS[profile]).map(([k, value]) => [k, { value, source: 'default' }]),
      );
      expect(effectiveValues(entry.skill!, profile)).toEqual({
        name: { value: 'rk-name', source: 'written' },
        description: { value: 'Explains what a file does.', source: 'written' },
        ...defaults,
      });
    });
  }

  it('lists when_to_use after the description only where Claude Code reads it', () => {
    const listed = Object.fromEntries(
      PROFILES.map((p) => [p, listedDescription(loadFixture(fixture('when_to_use'), p).skill!, p)]),
    );
    // Joined as Claude Code 2.1.332 lists them (test/integration/ecosystem/claude-code.test.ts).
    const both = 'Explains what a file does. - When the user asks what a file does.';
    expect(listed).toEqual({
      portable: 'Explains what a file does.',
      'claude-code': both,
      clawft: 'Explains what a file does.',
      zeroclaw: 'Explains what a file does.',
      skillbench: both,
    });
  });
});
