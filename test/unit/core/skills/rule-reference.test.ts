// The table of findings is the one home of every code, its severities per profile and their sources; docs/rules.md
// is written from it, and every code any rule reports is in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { FINDINGS, findingOf } from '../../../../electron/core/skills/findings.js';
import { loadLibrary } from '../../../../electron/core/skills/library.js';
import { applyProfile } from '../../../../electron/core/skills/profiles.js';
import { renderRuleReference } from '../../../../electron/core/skills/rule-reference.js';
import { RULES } from '../../../../electron/core/skills/rules/index.js';
import { SOURCES } from '../../../../shared/runtime-table.js';
import { VALIDATION_PROFILES, type Diagnostic } from '../../../../shared/types.js';
import { FIXTURES, REPO } from '../../../helpers.js';

describe('the rule reference', () => {
  it('is docs/rules.md, as `npm run docs` writes it', async () => {
    const expected = await format(renderRuleReference(), { parser: 'markdown', printWidth: 110 });
    const actual = readFileSync(join(REPO, 'docs', 'rules.md'), 'utf8');
    expect(actual, 'docs/rules.md is stale: run `npm run docs`').toBe(expected);
  });

  it('lists every rule with its summary', () => {
    const reference = renderRuleReference();
    for (const rule of RULES) {
      expect(rule.summary.trim()).not.toBe('');
      expect(reference).toContain(`| \`${rule.id}\` | ${rule.summary.replace(/\|/g, '\\|')} |`);
    }
  });

  it('holds every code a rule declares, once', () => {
    const codes = FINDINGS.map((f) => f.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of RULES)
      for (const code of [rule.id, ...(rule.codes ?? [])]) expect(codes).toContain(code);
  });

  it('holds every code the validator and the library can report', () => {
    const folder = join(REPO, 'electron', 'core', 'skills');
    const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(folder, f), 'utf8'))
      .concat(readFileSync(join(REPO, 'electron', 'core', 'workspace.ts'), 'utf8'))
      .join('\n');
    const written = [
      ...sources.matchAll(/(?:'(?:error|warning|info)',\s*|fail\(path,\s*|code: )'([a-z0-9-]+)'/g),
    ].map((m) => m[1]!);
    expect(written.length).toBeGreaterThan(50);
    expect([...new Set(written)].filter((code) => !findingOf(code))).toEqual([]);
  });

  it('holds every code reported for the fixtures, under every profile', () => {
    const seen = new Set<string>();
    for (const profile of VALIDATION_PROFILES) {
      const library = loadLibrary(
        [
          { path: join(FIXTURES, 'skills') },
          { path: join(FIXTURES, 'library') },
          { path: join(FIXTURES, 'yaml') },
          { path: join(FIXTURES, 'ecosystem') },
        ],
        { profile },
      );
      for (const d of [...library.diagnostics, ...library.entries.flatMap((e) => e.diagnostics)])
        seen.add(d.code);
    }
    const unknown = [...seen].filter((code) => !findingOf(code));
    expect(unknown).toEqual([]);
    expect(seen.size).toBeGreaterThan(60);
  });

  it('reports every code at the severity the table gives it, under the default profile', () => {
    const library = loadLibrary(
      ['skills', 'library', 'yaml', 'ecosystem'].map((sub) => ({ path: join(FIXTURES, sub) })),
      { profile: 'skillbench' },
    );
    const off = new Map<string, Set<string>>();
    // Skills with readers (a plugin's, read by Claude Code) are checked under their profiles instead.
    const unread = library.entries.filter((e) => !e.readers?.length);
    for (const d of [...library.diagnostics, ...unread.flatMap((e) => e.diagnostics)]) {
      if (d.severity === findingOf(d.code)?.severity) continue;
      off.set(d.code, (off.get(d.code) ?? new Set()).add(d.severity));
    }
    // The table's one documented exception: a shadowed name is info across roots and a warning within one.
    expect(Object.fromEntries([...off].map(([code, s]) => [code, [...s]]))).toEqual({
      'name-shadowed': ['warning'],
    });
  });

  it('cites a known source for every ruling, and says what the runtime does', () => {
    for (const f of FINDINGS)
      for (const ruling of Object.values(f.rulings ?? {})) {
        expect(Object.keys(SOURCES)).toContain(ruling.source);
        const does = typeof ruling.does === 'string' ? ruling.does : ruling.does({ folder: 'f', name: 'n' });
        expect(does).toMatch(/\.$/);
      }
  });

  it("ends a finding's message with what the profile's runtime does, and changes its severity", () => {
    const d: Diagnostic = {
      severity: 'error',
      code: 'name-folder-mismatch',
      message: '`name` "other-name" differs from its folder "name-differs".',
      file: 'x/SKILL.md',
      line: 2,
      column: 7,
    };
    const [cc] = applyProfile('claude-code', [d], { folder: 'name-differs', name: 'other-name' });
    expect(cc?.severity).toBe('info');
    expect(cc?.message).toBe(
      '`name` "other-name" differs from its folder "name-differs". Claude Code lists it as "name-differs (other-name)": /name-differs and /other-name both run it.',
    );
    expect(applyProfile('skillbench', [d])).toEqual([d]);
    expect(applyProfile('portable', [d])).toEqual([d]);
  });
});
