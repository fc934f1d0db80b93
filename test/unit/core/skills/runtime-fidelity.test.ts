// Issue 11: values are read the way each runtime reads them, per profile, with the effective value asserted.
import { describe, expect, it } from 'vitest';
import { byCode, codes, loadFixture } from '../../../helpers.js';

describe("Claude Code's keys (runtime table)", () => {
  it('knows when_to_use, effort, paths (a list) and shell in claude-code and skillbench, not in portable', () => {
    expect(loadFixture('runtime/cc-keys', 'claude-code').diagnostics).toEqual([]);
    expect(loadFixture('runtime/cc-keys').diagnostics).toEqual([]);
    const portable = loadFixture('runtime/cc-keys', 'portable').diagnostics;
    expect(portable.filter((d) => d.code === 'unknown-key').map((d) => d.line)).toEqual([4, 5, 6, 9]);
    expect(portable.every((d) => !/not a key any known runtime reads/.test(d.message))).toBe(true);
    expect(loadFixture('runtime/cc-keys').skill?.metadata).toMatchObject({
      when_to_use: 'When the user asks for a review of a diff or a pull request.',
      paths: ['src/**/*.ts', 'test/**'],
    });
  });
});

describe('YAML 1.1 booleans', () => {
  it('are a hint (never an error) and take the value Claude Code reads', () => {
    for (const profile of ['claude-code', 'skillbench'] as const) {
      const entry = loadFixture('runtime/cc-yaml11', profile);
      expect(entry.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
        ['yaml11-boolean', 'info', 4],
        ['yaml11-boolean', 'info', 5],
      ]);
      expect(byCode(entry.diagnostics, 'yaml11-boolean').fix?.edits[0]?.newText).toBe('true');
      expect(entry.skill?.userInvocable).toBe(true);
      expect(entry.skill?.disableModelInvocation).toBe(true);
    }
  });
});

describe('argument-hint written as a YAML list', () => {
  it('is a warning with a quote fix, and reads as the text Claude Code shows', () => {
    const entry = loadFixture('runtime/cc-argument-hint', 'claude-code');
    const d = byCode(entry.diagnostics, 'argument-hint-list');
    expect(d.severity).toBe('warning');
    expect(d.fix?.edits[0]?.newText).toBe('"[file or directory]"');
    expect(codes(entry.diagnostics)).not.toContain('field-type');
    expect(entry.skill?.argumentHint).toBe('[file or directory]');
  });
});

describe('description length per profile', () => {
  it('accepts 1,097 characters in claude-code (cap 1,536 with when_to_use) but not in portable', () => {
    expect(loadFixture('runtime/cc-long-description', 'claude-code').diagnostics).toEqual([]);
    expect(
      byCode(loadFixture('runtime/cc-long-description', 'portable').diagnostics, 'description-too-long')
        .severity,
    ).toBe('error');
  });

  it('warns in claude-code past 1,536 combined characters, showing what would be cut', () => {
    const d = byCode(loadFixture('runtime/cc-truncated', 'claude-code').diagnostics, 'description-truncated');
    expect(d.severity).toBe('warning');
    expect(d.message).toMatch(/1653 characters/);
    expect(d.message).toMatch(/cuts 117/);
    expect(d.message).toMatch(/one they write in/);
  });
});

describe('case-sensitive keys', () => {
  it('reads `name`, not `Name`, when both are written; `Name` is an unknown key without a rename', () => {
    const entry = loadFixture('runtime/case-both');
    expect(entry.skill?.name).toBe('case-both');
    expect(codes(entry.diagnostics)).not.toContain('key-alias-duplicate');
    const d = byCode(entry.diagnostics, 'unknown-key');
    expect(d.line).toBe(2);
    expect(d.fix).toBeUndefined();
  });

  it('offers the rename when only `Name` is written', () => {
    const entry = loadFixture('runtime/case-only');
    const d = byCode(entry.diagnostics, 'unknown-key');
    expect(d.message).toMatch(/case-sensitive/);
    expect(d.fix?.edits[0]?.newText).toBe('name');
    expect(codes(entry.diagnostics)).toContain('name-missing');
  });
});

describe("clawft's skill.json (serde spelling)", () => {
  it('is accepted without findings in the clawft profile, and its keys still read as aliases elsewhere', () => {
    const entry = loadFixture('runtime/clawft-serde', 'clawft');
    expect(entry.diagnostics).toEqual([]);
    expect(entry.skill).toMatchObject({ argumentHint: '[path]', allowedTools: ['read_file'] });
    expect(codes(loadFixture('runtime/clawft-serde').diagnostics)).toContain('key-alias');
  });

  it('defaults user_invocable to false in clawft, true in claude-code and skillbench', () => {
    expect(loadFixture('runtime/clawft-defaults', 'clawft').skill?.userInvocable).toBe(false);
    expect(loadFixture('runtime/clawft-defaults', 'claude-code').skill?.userInvocable).toBe(true);
    expect(loadFixture('runtime/clawft-defaults').skill?.userInvocable).toBe(true);
    expect(loadFixture('runtime/clawft-defaults', 'clawft').skill?.disableModelInvocation).toBe(false);
  });
});

describe('zeroclaw/clawft tool checks', () => {
  it('requires string locked values (with a quote fix) and a description, in zeroclaw and clawft only', () => {
    for (const profile of ['zeroclaw', 'clawft'] as const) {
      const diags = loadFixture('runtime/zeroclaw-tools', profile).diagnostics;
      const locked = byCode(diags, 'tool-locked-arg-not-string');
      expect([locked.severity, locked.line]).toEqual(['error', 13]);
      expect(locked.fix?.edits[0]?.newText).toBe('"10"');
      expect(byCode(diags, 'tool-description-missing').line).toBe(14);
    }
    expect(loadFixture('runtime/zeroclaw-tools').diagnostics).toEqual([]);
  });

  it('names the final composed name when it had to be hashed, and warns about raw shells', () => {
    const diags = loadFixture('runtime/raw-shell').diagnostics;
    expect(byCode(diags, 'tool-name-hashed').message).toContain('"raw-shell__run_lint_');
    expect(diags.filter((d) => d.code === 'tool-raw-shell').map((d) => [d.severity, d.line])).toEqual([
      ['warning', 5],
      ['warning', 6],
    ]);
    expect(byCode(diags, 'tool-raw-shell').message).toContain('"raw-shell__shell"');
  });
});
