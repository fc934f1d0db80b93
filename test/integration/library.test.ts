import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../electron/core/skills/index.js';
import { codes, copyFixtures, FIXTURES } from '../helpers.js';

const lib = (sub: string) => join(FIXTURES, 'library', sub);

describe('loading a library', () => {
  it('walks nested folders, skips .git and node_modules, and treats a skill folder’s subfolders as resources', () => {
    const result = loadLibrary([{ path: lib('project') }]);
    expect(result.entries.map((e) => e.id)).toEqual([
      'project/alpha',
      'project/broken',
      'project/group/beta',
    ]);
    expect(result.roots).toEqual([{ id: 'project', path: lib('project'), kind: 'project', trusted: false }]);
  });

  it('keeps going past a broken manifest and reports every manifest with its status', () => {
    const result = loadLibrary([{ path: lib('project') }]);
    expect(result.entries.map((e) => e.status)).toEqual(['loaded', 'invalid', 'loaded']);
    expect(result.entries[1]?.diagnostics.map((d) => d.code)).toEqual(['yaml-syntax']);
  });

  it('shadows by name in root precedence order (project over user by default) and keeps the loser', () => {
    const result = loadLibrary([
      { path: lib('user'), kind: 'user' },
      { path: lib('project'), kind: 'project' },
    ]);
    const alpha = result.entries.filter((e) => e.skill?.name === 'alpha');
    expect(alpha.map((e) => [e.id, e.status])).toEqual([
      ['project/alpha', 'loaded'],
      ['user/alpha', 'shadowed'],
    ]);
    expect(alpha[1]?.skill?.shadowedBy).toBe('project/alpha');
    expect(alpha[1]?.reason).toBe('shadowed by project/alpha');
    const d = alpha[1]?.diagnostics.find((x) => x.code === 'name-shadowed');
    expect(d).toMatchObject({ severity: 'info', line: 2, column: 7 });

    const userFirst = loadLibrary(
      [
        { path: lib('user'), kind: 'user' },
        { path: lib('project'), kind: 'project' },
      ],
      { precedence: 'user' },
    );
    expect(userFirst.entries.find((e) => e.id === 'user/alpha')?.status).toBe('loaded');
    expect(userFirst.entries.find((e) => e.id === 'project/alpha')?.status).toBe('shadowed');
  });

  it('warns when two skills of one root share a name', () => {
    const result = loadLibrary([{ path: lib('user'), kind: 'user' }]);
    const dupe = result.entries.find((e) => e.id === 'user/gamma');
    expect(dupe?.status).toBe('shadowed');
    expect(dupe?.diagnostics.find((d) => d.code === 'name-shadowed')?.severity).toBe('warning');
  });

  it('bounds the walk by depth and by count, and says so', () => {
    const shallow = loadLibrary([{ path: lib('deep') }], { maxDepth: 3 });
    expect(shallow.entries).toEqual([]);
    expect(codes(shallow.diagnostics)).toEqual(['scan-depth-limit']);
    expect(loadLibrary([{ path: lib('deep') }]).entries.map((e) => e.skill?.name)).toEqual(['deep-skill']);
    const few = loadLibrary([{ path: lib('project') }], { maxSkills: 1 });
    expect(few.entries).toHaveLength(1);
    expect(codes(few.diagnostics)).toEqual(['scan-skill-limit']);
    const folders = loadLibrary([{ path: lib('project') }], { maxFolders: 2 });
    expect(codes(folders.diagnostics)).toContain('scan-folder-limit');
  });

  it('never follows a link out of its root, never reads its content, and dedupes by real path', () => {
    const root = copyFixtures('library');
    const project = join(root, 'project');
    symlinkSync(join(root, 'outside', 'secret'), join(project, 'linked-out'));
    mkdirSync(join(project, 'linkdir'));
    symlinkSync(join(root, 'outside', 'secret', 'SKILL.md'), join(project, 'linkdir', 'SKILL.md'));
    symlinkSync(join(project, 'alpha'), join(project, 'alpha-again'));
    symlinkSync(project, join(project, 'group', 'loop'));
    const result = loadLibrary([{ path: project }, { path: join(project, 'alpha') }]);
    expect(result.entries.map((e) => e.skill?.name)).toEqual(['alpha', 'broken', 'beta']);
    expect(result.entries.some((e) => e.skill?.name === 'secret')).toBe(false);
    const outside = result.diagnostics.filter((d) => d.code === 'link-outside-root');
    expect(outside.map((d) => d.file).sort()).toEqual([
      join(project, 'linkdir', 'SKILL.md'),
      join(project, 'linked-out'),
    ]);
    expect(outside[0]?.message).toMatch(/outside every root, the project and the agents' folders/);
    // The advice works: adding the target's folder as a root reads the skill through the link.
    const folder = /add "([^"]+)" as a root/.exec(outside[0]!.message)?.[1];
    expect(folder).toBe(join(realpathSync(root), 'outside', 'secret'));
    const fixed = loadLibrary([{ path: project }, { path: folder! }]);
    expect(fixed.entries.map((e) => e.skill?.name)).toContain('secret');
    // The link back to the project is a cycle: reported once, never followed.
    expect(result.diagnostics.filter((d) => d.code === 'link-cycle').map((d) => d.file)).toEqual([
      join(project, 'group', 'loop'),
    ]);
  });

  it('loads a skill.md with the wrong case, with an error and a rename fix', () => {
    const result = loadLibrary([{ path: lib('casing') }]);
    const entry = result.entries[0];
    expect(entry).toMatchObject({ id: 'casing/lowercase', status: 'invalid', format: 'skill-md' });
    expect(entry?.skill?.name).toBe('lowercase');
    const d = entry?.diagnostics.find((x) => x.code === 'manifest-filename');
    expect(d?.fix?.rename).toEqual({
      from: join(lib('casing'), 'lowercase', 'skill.md'),
      to: join(lib('casing'), 'lowercase', 'SKILL.md'),
    });
  });

  it('loads a single manifest file given as a root', () => {
    const result = loadLibrary([{ path: join(lib('project'), 'alpha', 'SKILL.md') }]);
    expect(result.entries.map((e) => e.skill?.name)).toEqual(['alpha']);
  });

  it('reports a missing root instead of failing', () => {
    const result = loadLibrary([{ path: join(FIXTURES, 'nope') }, { path: lib('project') }]);
    expect(codes(result.diagnostics)).toEqual(['root-missing']);
    expect(result.entries).toHaveLength(3);
  });

  it('reports a manifest that is unreadable without aborting the others', () => {
    if (process.getuid?.() === 0) {
      // root reads everything: use a dangling in-root link instead, which is unreadable for anyone.
      const root = copyFixtures('library/project');
      mkdirSync(join(root, 'dangling'));
      symlinkSync(join(root, 'dangling', 'gone.md'), join(root, 'dangling', 'SKILL.md'));
      const result = loadLibrary([{ path: root }]);
      expect(result.entries).toHaveLength(3);
      expect(codes(result.diagnostics)).toEqual(['link-broken']);
      return;
    }
    const root = copyFixtures('library/project');
    writeFileSync(join(root, 'alpha', 'SKILL.md'), 'x', { mode: 0o000 });
    const result = loadLibrary([{ path: root }]);
    expect(result.entries.find((e) => e.id.endsWith('/alpha'))?.diagnostics[0]?.code).toBe('file-unreadable');
    expect(existsSync(root)).toBe(true);
  });
});
