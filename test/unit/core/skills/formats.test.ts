import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import { splitAllowedTools, toJsonValue } from '../../../../electron/core/skills/normalize.js';
import { byCode, covered, fixtureSkill } from '../../../helpers.js';

describe('manifest formats', () => {
  it('prefers SKILL.toml over SKILL.md in one folder and reports the loser', () => {
    const lib = loadLibrary([{ path: fixtureSkill('toml-skill') }]);
    expect(lib.entries.map((e) => [e.format, e.status])).toEqual([
      ['skill-toml', 'invalid'],
      ['skill-md', 'excluded'],
    ]);
    const loser = lib.entries[1];
    expect(loser?.reason).toMatch(/SKILL.toml in the same folder takes precedence/);
    expect(loser?.diagnostics[0]?.code).toBe('manifest-overridden');
  });

  it('reads ZeroClaw-style TOML: [skill] table, prompts, [[tools]] with snake_case keys, and positions', () => {
    const entry = loadLibrary([{ path: fixtureSkill('toml-skill') }]).entries[0];
    expect(entry?.skill).toMatchObject({
      name: 'toml-skill',
      description: 'A skill written in TOML.',
      version: '0.2.0',
      instructions: 'Use the tools below.\n\nBe brief.',
      format: 'skill-toml',
    });
    expect(entry?.skill?.tools).toEqual([
      {
        name: 'greet',
        description: 'Greets.',
        kind: 'shell',
        command: 'echo hi {{who}}',
        args: { who: 'Who to greet' },
        timeoutSecs: 5,
      },
    ]);
    const d = byCode(entry?.diagnostics ?? [], 'tool-kind-unknown');
    expect(d.line).toBe(19);
    expect(covered(d)).toBe('"bogus"');
  });

  it('reports TOML syntax errors with the parser line and column', () => {
    const entry = loadLibrary([{ path: fixtureSkill('toml-broken') }]).entries[0];
    expect(entry?.format).toBe('manifest-toml');
    const d = byCode(entry?.diagnostics ?? [], 'toml-syntax');
    expect([d.line, d.column]).toEqual([2, 20]);
  });

  it('reads legacy skill.json with prompt.md as the instructions, positions in each file', () => {
    const entry = loadLibrary([{ path: fixtureSkill('legacy') }]).entries[0];
    expect(entry?.skill).toMatchObject({
      name: 'legacy',
      version: '3',
      instructions: 'Follow [the guide](guide.md).\n',
      format: 'legacy-json',
    });
    const link = byCode(entry?.diagnostics ?? [], 'link-missing');
    expect(link.file).toBe(join(fixtureSkill('legacy'), 'prompt.md'));
    expect(covered(link)).toBe('guide.md');
    const version = byCode(entry?.diagnostics ?? [], 'version-type');
    expect(covered(version)).toBe('3');
  });

  it('reports JSON syntax errors with positions', () => {
    const entry = loadLibrary([{ path: fixtureSkill('legacy-broken') }]).entries[0];
    const d = byCode(entry?.diagnostics ?? [], 'json-syntax');
    expect([d.line, d.column]).toEqual([4, 1]);
  });
});

describe('normalising values', () => {
  it('splits allowed-tools strings on commas and spaces, never inside parentheses', () => {
    expect(splitAllowedTools('Read, Grep  Bash(git add:*),Write')).toEqual([
      'Read',
      'Grep',
      'Bash(git add:*)',
      'Write',
    ]);
    expect(splitAllowedTools('  ')).toEqual([]);
  });

  it('turns parser values into JSON: dates as ISO strings, non-finite numbers by name', () => {
    expect(toJsonValue({ d: new Date('2020-01-02T03:04:05Z'), n: Infinity, m: new Map([[1, 'a']]) })).toEqual(
      {
        d: '2020-01-02T03:04:05.000Z',
        n: 'Infinity',
        m: { 1: 'a' },
      },
    );
  });
});
