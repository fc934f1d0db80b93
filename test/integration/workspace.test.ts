// Issue 10: one workspace assembles core, so the library, the editor (through the host) and the runner agree, and a
// change re-reads only the skills it touches while leaving the library exactly as a full rescan would.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../shared/ipc.js';
import type { Diagnostic, LibraryEntry } from '../../shared/types.js';
import { loadLibrary, type RootSpec } from '../../electron/core/skills/index.js';
import { Workspace } from '../../electron/core/workspace.js';
import { Host } from '../../electron/host/host.js';
import { writeAdversarial } from '../adversarial-cases.js';
import { codes, copyFixtures, FIXTURES, REPO } from '../helpers.js';

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), `skillbench-${prefix}-`));

/** `count` small skills under `dir` in groups, some sharing a name (shadowing) and some calling MCP tools. */
function generateSkills(dir: string, count: number, { clashes = false } = {}): void {
  for (let i = 0; i < count; i++) {
    const name = clashes && i % 7 === 3 ? `skill-${i - 1}` : `skill-${i}`;
    const folder = join(dir, `group-${i % 10}`, `skill-${i}`);
    mkdirSync(folder, { recursive: true });
    const tools =
      i % 5 === 0
        ? `tools:\n  - name: add\n    kind: mcp\n    target: ${i % 10 === 0 ? 'demo' : 'nowhere'}__add\n`
        : '';
    writeFileSync(
      join(folder, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Generated skill ${i}; use it when the user asks for number ${i}.\n${tools}---\n\n# Skill ${i}\n\nSee [the notes](notes.md).\n`,
    );
    if (i % 2 === 0) writeFileSync(join(folder, 'notes.md'), '# Notes\n');
  }
}

async function value<T>(p: Promise<IpcResult<unknown>>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

describe('the editor and the library agree', () => {
  let host: Host;
  let entries: LibraryEntry[];

  beforeAll(async () => {
    const generated = tmp('generated');
    generateSkills(generated, 120, { clashes: true });
    const adversarial = tmp('adversarial');
    writeAdversarial(adversarial);
    host = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: tmp('agree-data'),
      projectRoots: [copyFixtures(''), generated, adversarial],
      watch: false,
    });
    entries = (await value<{ entries: LibraryEntry[] }>(host.handle('skills:list', {}))).entries;
  });
  afterAll(() => host.close());

  it('covers fixtures, generated and adversarial skills with shadowing, MCP and manifest-name findings', () => {
    const all = codes(entries.flatMap((e) => e.diagnostics));
    for (const code of ['name-shadowed', 'tool-mcp-server-unknown', 'manifest-filename', 'yaml-syntax'])
      expect(all).toContain(code);
    expect(entries.length).toBeGreaterThan(200);
  });

  it('gives the editor, for every manifest it can open, exactly the diagnostics the library reports', async () => {
    let compared = 0;
    for (const entry of entries) {
      const read = await host.handle('skills:read-file', { path: entry.path });
      if (!read.ok) continue; // binary, oversized or not UTF-8: the editor cannot open it either
      const { path, text, bom } = read.value as { path: string; text: string; bom: boolean };
      // The editor sends its buffer with the byte order mark the file has.
      const full = bom ? `\uFEFF${text}` : text;
      const got = await value<Diagnostic[]>(host.handle('skills:validate-text', { path, text: full }));
      expect({ path: entry.path, diagnostics: got }).toEqual({
        path: entry.path,
        diagnostics: entry.diagnostics,
      });
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('reports what a save would make of unsaved text: a name taken by a skill of higher precedence', async () => {
    const winner = entries.find((e) => e.id.endsWith('/group-2/skill-2'));
    const other = entries.find((e) => e.id.endsWith('/group-5/skill-5'));
    if (!winner?.skill || !other) throw new Error('generated skills missing');
    const text = readFileSync(other.path, 'utf8').replace('name: skill-5', `name: ${winner.skill.name}`);
    const got = await value<Diagnostic[]>(host.handle('skills:validate-text', { path: other.path, text }));
    expect(got.find((d) => d.code === 'name-shadowed')?.message).toContain(winner.path);
  });
});

describe('MCP servers configured for the library', () => {
  it("checks MCP targets against the servers in the library's .skillbench/mcp.json, in the library and the editor", () => {
    const root = tmp('mcp-lib');
    cpSync(join(REPO, 'skills'), root, { recursive: true });
    const manifest = join(root, 'mcp-everything', 'SKILL.md');
    const text = readFileSync(manifest, 'utf8').replace('target: demo__add', 'target: nosuch__add');
    writeFileSync(manifest, text);
    const workspace = Workspace.open({ roots: [{ path: root }] });
    const entry = workspace.entries.find((e) => e.id.endsWith('mcp-everything'));
    const d = entry?.diagnostics.find((x) => x.code === 'tool-mcp-server-unknown');
    expect(d).toMatchObject({ severity: 'warning', line: 12 });
    expect(d?.message).toMatch(/no MCP server "nosuch".*configured: demo/);
    expect(workspace.validate(manifest, text)).toEqual(entry?.diagnostics);
    writeFileSync(join(root, '.skillbench', 'mcp.json'), '{ "mcpServers": [] }');
    expect(codes(Workspace.open({ roots: [{ path: root }] }).diagnostics)).toEqual(['mcp-config-invalid']);
  });

  it('counts the servers kept in the settings as configured (their names win over nothing)', () => {
    const root = tmp('mcp-settings');
    cpSync(join(FIXTURES, 'skills', 'tools-good'), join(root, 'tools-good'), { recursive: true });
    const unknown = (servers: Record<string, unknown>) =>
      Workspace.open({
        roots: [{ path: root }],
        ...(Object.keys(servers).length
          ? { settingsServers: { servers: servers as never, file: 'settings.json', baseDir: root } }
          : {}),
      })
        .entries.flatMap((e) => e.diagnostics)
        .filter((d) => d.code === 'tool-mcp-server-unknown').length;
    expect(unknown({})).toBe(0); // nothing configured anywhere: no target can be called unknown
    expect(unknown({ other: { command: 'node' } })).toBe(1); // everything__echo names no configured server
    expect(unknown({ everything: { command: 'node' } })).toBe(0);
  });
});

describe('incremental updates', () => {
  /** Rescans the same roots from scratch: what every incremental state must equal. */
  const fresh = (specs: RootSpec[]) => loadLibrary(specs);

  it('leaves the library exactly as a full rescan would, change after change', () => {
    const root = tmp('incremental');
    generateSkills(root, 40, { clashes: true });
    const other = tmp('incremental-other');
    generateSkills(other, 10);
    const specs: RootSpec[] = [{ path: root }, { path: other, kind: 'user' }];
    const library = loadLibrary(specs);
    const skill = (i: number) => join(root, `group-${i % 10}`, `skill-${i}`);
    const steps: Array<[string, () => string[]]> = [
      [
        'edit a body',
        () => (
          writeFileSync(join(skill(1), 'SKILL.md'), '---\nname: skill-1\ndescription: d\n---\nnew\n'),
          [join(skill(1), 'SKILL.md')]
        ),
      ],
      [
        'take a name held later (the later one becomes shadowed)',
        () => (
          writeFileSync(join(skill(0), 'SKILL.md'), '---\nname: skill-9\ndescription: d\n---\n'),
          [join(skill(0), 'SKILL.md')]
        ),
      ],
      [
        'give the name back (the other one is no longer shadowed)',
        () => (
          writeFileSync(join(skill(0), 'SKILL.md'), '---\nname: skill-0\ndescription: d\n---\n'),
          [join(skill(0), 'SKILL.md')]
        ),
      ],
      [
        'add a skill folder',
        () => (
          mkdirSync(join(root, 'group-3', 'new-one')),
          writeFileSync(
            join(root, 'group-3', 'new-one', 'SKILL.md'),
            '---\nname: skill-4\ndescription: d\n---\n',
          ),
          [join(root, 'group-3', 'new-one')]
        ),
      ],
      [
        'add a manifest above skills (they become its resources)',
        () => (
          writeFileSync(join(root, 'group-4', 'SKILL.md'), '---\nname: group-4\ndescription: d\n---\n'),
          [join(root, 'group-4', 'SKILL.md')]
        ),
      ],
      [
        'remove it again',
        () => (rmSync(join(root, 'group-4', 'SKILL.md')), [join(root, 'group-4', 'SKILL.md')]),
      ],
      [
        'add a second manifest (an overridden one)',
        () => (
          writeFileSync(join(skill(2), 'SKILL.toml'), 'name = "skill-2"\ndescription = "toml"\n'),
          [join(skill(2), 'SKILL.toml')]
        ),
      ],
      [
        'create a missing link target',
        () => (writeFileSync(join(skill(1), 'notes.md'), '# now here\n'), [join(skill(1), 'notes.md')]),
      ],
      [
        'rename a folder',
        () => (
          renameSync(skill(5), join(root, 'group-5', 'renamed')),
          [skill(5), join(root, 'group-5', 'renamed')]
        ),
      ],
      [
        'delete a whole group',
        () => (rmSync(join(root, 'group-6'), { recursive: true }), [join(root, 'group-6')]),
      ],
      [
        'change a skill in the lower root that shadows nothing',
        () => (
          writeFileSync(
            join(other, 'group-1', 'skill-1', 'SKILL.md'),
            '---\nname: skill-1\ndescription: changed\n---\n',
          ),
          [join(other, 'group-1', 'skill-1', 'SKILL.md')]
        ),
      ],
      [
        'ignore a hidden folder',
        () => (
          mkdirSync(join(root, '.hidden', 'x'), { recursive: true }),
          writeFileSync(join(root, '.hidden', 'x', 'SKILL.md'), '---\nname: x\ndescription: d\n---\n'),
          [join(root, '.hidden', 'x', 'SKILL.md')]
        ),
      ],
    ];
    for (const [what, step] of steps) {
      const before = new Map(library.entries.map((e) => [e.path, e]));
      const delta = library.update(step());
      const expected = fresh(specs).entries;
      expect({ what, entries: library.entries }).toEqual({ what, entries: expected });
      // The delta names exactly what differs from before.
      const changed = expected.filter((e) => JSON.stringify(before.get(e.path)) !== JSON.stringify(e));
      expect({ what, changed: delta.entries.map((e) => e.path).sort() }).toEqual({
        what,
        changed: changed.map((e) => e.path).sort(),
      });
      const paths = new Set(expected.map((e) => e.path));
      expect({ what, removed: delta.removed.sort() }).toEqual({
        what,
        removed: [...before.keys()].filter((p) => !paths.has(p)).sort(),
      });
    }
  });

  it('re-validates one skill when one file of a 10,000-skill library is saved through the host', async () => {
    const root = tmp('large');
    generateSkills(root, 10_000);
    const host = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: tmp('large-data'),
      projectRoots: [root],
      watch: false,
    });
    const stats = host.workspace.library.stats;
    const path = join(root, 'group-7', 'skill-4567', 'SKILL.md');
    const file = await value<{ text: string; hash: string }>(host.handle('skills:read-file', { path }));
    const events: Array<{ ids: string[]; reset: boolean }> = [];
    host.on('skills:changed', (e) => events.push(e));
    const before = { ...stats };
    await value(
      host.handle('skills:save-file', {
        path,
        text: file.text.replace('# Skill', '# Saved'),
        expectedHash: file.hash,
      }),
    );
    expect({
      validated: stats.validated - before.validated,
      read: stats.manifestsRead - before.manifestsRead,
    }).toEqual({
      validated: 1,
      read: 1,
    });
    expect(stats.foldersRead - before.foldersRead).toBe(1);
    expect(events).toEqual([
      expect.objectContaining({ ids: [expect.stringMatching(/skill-4567$/)], reset: false }),
    ]);
    await host.close();
  }, 60_000);
});
