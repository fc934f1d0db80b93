import { describe, expect, it } from 'vitest';
import { bundledSkillsDir } from '../../electron/core/paths.js';
import { loadLibrary } from '../../electron/core/skills/index.js';

describe('bundled skills', () => {
  const lib = loadLibrary([{ path: bundledSkillsDir(), kind: 'bundled' }]);

  it('validate clean in the default profile', () => {
    expect(lib.entries.length).toBeGreaterThanOrEqual(6);
    expect(lib.entries.flatMap((e) => e.diagnostics)).toEqual([]);
    expect(lib.diagnostics).toEqual([]);
  });

  it('cover plain instructions, every tool kind and a locked-args elevation', () => {
    const skills = lib.entries.map((e) => e.skill!);
    expect(skills.some((s) => s.tools.length === 0)).toBe(true);
    const kinds = new Set(skills.flatMap((s) => s.tools.map((t) => t.kind)));
    expect([...kinds].sort()).toEqual(['builtin', 'http', 'mcp', 'script', 'shell']);
    expect(skills.some((s) => s.tools.some((t) => t.kind === 'builtin' && t.lockedArgs))).toBe(true);
    expect(skills.some((s) => s.tools.some((t) => t.kind === 'shell' && t.args))).toBe(true);
  });
});
