// Every reader of a file a user or a cloned repository controls, fuzzed over nesting depth, size and byte content:
// it gives a value or findings (a manifest, the settings), or refuses with a SkillError that says why (a case, a
// lockfile); never a RangeError, a TypeError or any other throw that would stop a load, a watcher or a start.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { evaluateText } from '../helpers.js';
import { describe, expect, it } from 'vitest';
import { readCase } from '../../electron/core/cases/cases.js';
import { SkillLock } from '../../electron/core/manage/lock.js';
import { SettingsStore } from '../../electron/core/settings/store.js';
import { SkillError } from '../../shared/errors.js';

/** Nesting past every depth cap (a few hundred), or well within it. */
const depth = fc.oneof(fc.nat({ max: 40 }), fc.constantFrom(500, 3000));
const deep = (open: string, close: string, inner = '1') =>
  depth.map((d) => `${open.repeat(d)}${inner}${close.repeat(d)}`);

/** Text of every shape the readers meet: bytes, JSON, deep nesting in each syntax, frontmatter around it. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 5 }),
  deep('[', ']'),
  deep('{"a":', '}'),
  depth.map((d) => Array.from({ length: Math.min(d, 400) }, (_, i) => `${' '.repeat(i)}a:`).join('\n')),
  depth.map((d) => `x = ${'['.repeat(d)}${']'.repeat(d)}`),
  fc
    .tuple(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }))
    .map(([a, b]) => `---\n${a}\n---\n${b}`),
  deep('[', ']').map((nest) => `---\nname: x\ndescription: ${nest}\n---\nBody.`),
  fc.constantFrom(10, 2_000_000).map((n) => `---\nname: x\ndescription: ${'y'.repeat(n)}\n---\n`),
);

const folder = () => mkdtempSync(join(tmpdir(), 'skillbench-readers-'));
const refusedClearly = (error: unknown) => error instanceof SkillError && error.message.length > 10;

describe('readers of files a user or a repository controls', () => {
  it('a manifest in every format gives findings, never a throw', () => {
    const dir = folder();
    fc.assert(
      fc.property(text, fc.constantFrom('SKILL.md', 'skill.json', 'SKILL.toml'), (t, name) => {
        const result = evaluateText(join(dir, 'x', name), t);
        expect(Array.isArray(result.diagnostics)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('settings.json gives settings (the defaults for what it cannot read), never a throw', () => {
    fc.assert(
      fc.property(text, (t) => {
        const dir = folder();
        writeFileSync(join(dir, 'settings.json'), t);
        expect(Array.isArray(new SettingsStore(dir).get().roots)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a lockfile and a saved case give a value or a SkillError that says why', () => {
    fc.assert(
      fc.property(text, (t) => {
        const dir = folder();
        writeFileSync(join(dir, 'skills-lock.json'), t);
        writeFileSync(join(dir, 'a.case.json'), t);
        for (const read of [
          () => new SkillLock('project', join(dir, 'skills-lock.json')).names,
          () => readCase(join(dir, 'a.case.json')),
        ])
          try {
            read();
          } catch (error) {
            expect(refusedClearly(error), String(error)).toBe(true);
          }
      }),
      { numRuns: 40 },
    );
  });
});
