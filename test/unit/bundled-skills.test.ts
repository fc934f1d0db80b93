import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledSkillsDir } from '../../electron/core/paths.js';
import { loadLibrary, RULES } from '../../electron/core/skills/index.js';
import { REPO } from '../helpers.js';

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

describe('README rule reference', () => {
  it('documents every diagnostic code the validator can emit', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const ruleCodes = RULES.flatMap((r) => [r.id, ...(r.codes ?? [])]);
    const sources = [
      'parse-skill-md.ts',
      'manifest-text.ts',
      'parse-toml.ts',
      'parse-legacy-json.ts',
      'library.ts',
    ]
      .map((f) => readFileSync(join(REPO, 'electron', 'core', 'skills', f), 'utf8'))
      .concat(readFileSync(join(REPO, 'electron', 'core', 'workspace.ts'), 'utf8'))
      .join('\n');
    const parseCodes = [
      ...sources.matchAll(/(?:'(?:error|warning|info)',\s*|fail\(path,\s*|code: )'([a-z-]+)'/g),
    ].map((m) => m[1]);
    for (const code of new Set([...ruleCodes, ...parseCodes])) expect(readme, code).toContain(`\`${code}\``);
  });
});
