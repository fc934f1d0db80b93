import { describe, expect, it } from 'vitest';
import { composeToolName, fnv1a64 } from '../../../../electron/core/tools/compose-name.js';

describe('composeToolName', () => {
  it.each([
    ['a.b', 'run', 'a_b__run_1d0aa6892623ff83'],
    ['a:b', 'run', 'a_b__run_48391ffc6e29f16f'],
    ['my skill', 'do thing', 'my_skill__do_thing_4920905ab1a78dc1'],
    [
      'pr-review-toolkit:code-reviewer',
      'run.lint',
      'pr-review-toolkit_code-reviewer__run_lint_61e4e9bbfbd830fe',
    ],
    ['my_skill', 'run_lint', 'my_skill__run_lint'],
  ])('%s + %s -> %s (DESIGN.md worked examples)', (skill, tool, expected) => {
    expect(composeToolName(skill, tool)).toBe(expected);
  });

  it('keeps safe names up to 64 bytes and hashes longer ones to 64 characters', () => {
    const skill = 'a'.repeat(30);
    expect(composeToolName(skill, 'b'.repeat(32))).toBe(`${skill}__${'b'.repeat(32)}`);
    const long = composeToolName(skill, 'b'.repeat(33));
    expect(long).toHaveLength(64);
    expect(long).toMatch(/^a{30}__b{15}_[0-9a-f]{16}$/);
  });

  it('keeps distinct raw names distinct after sanitising', () => {
    expect(composeToolName('a.b', 'run')).not.toBe(composeToolName('a:b', 'run'));
    expect(composeToolName('café', 'x')).toMatch(/^caf___x_[0-9a-f]{16}$/);
  });

  it('hashes UTF-8 bytes with FNV-1a 64', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
  });
});
