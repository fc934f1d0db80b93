// Loading a library of clean SKILL.md files never builds a `yaml` Document (issue 14): js-yaml's plain data is
// enough, and the same parse records where each top-level entry is written, so a diagnostic on a top-level key or
// value (a shadowed skill's name among them) needs no Document either; a deeper path builds it.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import type * as YamlSource from '../../../../electron/core/skills/yaml-source.js';
import { fixtureSkill, REPO } from '../../../helpers.js';

const built = vi.hoisted(() => ({ sources: [] as string[] }));
vi.mock('../../../../electron/core/skills/yaml-source.js', async (load) => {
  const real = await load<typeof YamlSource>();
  return {
    ...real,
    parseYaml: (source: string) => (built.sources.push(source), real.parseYaml(source)),
  };
});

/** A root holding copies of bundled examples whose frontmatter is plain (no `&`, `*` or `!`). */
function rootOf(...skills: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-lazy-doc-'));
  for (const s of skills) cpSync(join(REPO, 'skills', s), join(root, s), { recursive: true });
  return root;
}
const CLEAN = ['commit-messages', 'release-notes', 'word-stats', 'text-toolkit'];

describe('the yaml Document at load', () => {
  it('is not built for clean skills', () => {
    built.sources.length = 0;
    const lib = loadLibrary([{ path: rootOf(...CLEAN), kind: 'user' }]);
    expect(lib.entries.map((e) => [e.status, e.diagnostics])).toEqual(CLEAN.map(() => ['loaded', []]));
    expect(built.sources).toEqual([]);
  });

  it('is not built for a shadowed skill, whose diagnostic points at its name', () => {
    const project = rootOf('commit-messages');
    const user = rootOf(...CLEAN);
    built.sources.length = 0;
    const lib = loadLibrary([
      { path: project, kind: 'project' },
      { path: user, kind: 'user' },
    ]);
    const losers = lib.entries.filter((e) => e.status === 'shadowed');
    expect(losers.map((e) => e.path)).toEqual([join(user, 'commit-messages', 'SKILL.md')]);
    expect(losers[0]?.diagnostics.find((d) => d.code === 'name-shadowed')).toMatchObject({ line: 2 });
    expect(built.sources).toEqual([]);
  });

  it('is built once for a skill whose diagnostics point below the top level', () => {
    built.sources.length = 0;
    const lib = loadLibrary([{ path: fixtureSkill('variables') }]);
    // `variables: [topic, unused]`: the unused entry is at ['variables', 1].
    expect(lib.entries[0]?.diagnostics.find((d) => d.code === 'variable-unused')).toMatchObject({
      line: 4,
      column: 20,
    });
    expect(built.sources).toHaveLength(1);
  });
});
