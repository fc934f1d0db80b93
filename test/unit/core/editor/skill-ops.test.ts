import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSkill,
  deleteSkill,
  duplicateSkill,
  renameSkill,
  setManifestName,
} from '../../../../electron/core/editor/skill-ops.js';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import { copyFixtures, failure } from '../../../helpers.js';

const attempt = (fn: () => unknown) => failure(Promise.resolve().then(fn));

describe('skill operations', () => {
  it('creates a skill from the template that validates clean', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skillbench-ops-'));
    const folder = createSkill(root, 'new-skill', 'Says: hello.');
    expect(loadLibrary([{ path: root }]).entries[0]).toMatchObject({
      status: 'loaded',
      skill: { name: 'new-skill', description: 'Says: hello.' },
    });
    expect(loadLibrary([{ path: root }]).entries[0]?.diagnostics).toEqual([]);
    expect((await attempt(() => createSkill(root, 'new-skill'))).code).toBe('Conflict');
    expect((await attempt(() => createSkill(root, 'Bad Name'))).message).toMatch(/e\.g\. "bad-name"/);
    expect(existsSync(folder)).toBe(true);
  });

  it('renames folder and name together, keeping comments and layout', () => {
    const root = copyFixtures('editing');
    const target = renameSkill(join(root, 'commented-skill'), 'renamed-skill');
    expect(target).toBe(join(root, 'renamed-skill'));
    expect(existsSync(join(root, 'commented-skill'))).toBe(false);
    expect(readFileSync(join(target, 'SKILL.md'), 'utf8')).toBe(
      '---\n# The name must match the folder.\nname: renamed-skill   # keep this comment\ndescription: A skill whose comments must survive edits.\nmetadata:\n  owner: team\n---\n\nBody stays.\n',
    );
    expect(loadLibrary([{ path: root }]).entries[0]?.diagnostics).toEqual([]);
  });

  it('duplicates a skill under a new name, links copied as links', () => {
    const root = copyFixtures('editing');
    symlinkSync('/etc', join(root, 'commented-skill', 'outside-link'));
    const copy = duplicateSkill(join(root, 'commented-skill'), 'copy-skill');
    expect(readdirSync(copy).sort()).toEqual(['SKILL.md', 'outside-link']);
    expect(readFileSync(join(copy, 'SKILL.md'), 'utf8')).toContain('name: copy-skill   # keep this comment');
    expect(readFileSync(join(root, 'commented-skill', 'SKILL.md'), 'utf8')).toContain(
      'name: commented-skill',
    );
  });

  it('sets the name in TOML and JSON manifests too', () => {
    const toml = copyFixtures('skills/toml-skill');
    setManifestName(join(toml, 'SKILL.toml'), 'other');
    expect(readFileSync(join(toml, 'SKILL.toml'), 'utf8')).toContain(
      'name = "other"\ndescription = "A skill written in TOML."',
    );
    const json = copyFixtures('skills/legacy');
    setManifestName(join(json, 'skill.json'), 'other');
    expect(JSON.parse(readFileSync(join(json, 'skill.json'), 'utf8'))).toMatchObject({
      name: 'other',
      version: 3,
    });
  });

  it('adds a missing name to SKILL.md frontmatter', () => {
    const dir = copyFixtures('skills/no-name');
    setManifestName(join(dir, 'SKILL.md'), 'no-name');
    expect(readFileSync(join(dir, 'SKILL.md'), 'utf8')).toBe(
      '---\nname: no-name\ndescription: No name key.\n---\nbody\n',
    );
  });

  describe.runIf(process.platform === 'linux')('delete to the trash (freedesktop)', () => {
    let saved: string | undefined;
    beforeEach(() => {
      saved = process.env.XDG_DATA_HOME;
      process.env.XDG_DATA_HOME = mkdtempSync(join(tmpdir(), 'skillbench-xdg-'));
    });
    afterEach(() => {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
    });

    it('moves the folder to Trash/files with a .trashinfo that says where it came from', () => {
      const root = copyFixtures('editing');
      const folder = join(root, 'commented-skill');
      const trashed = deleteSkill(folder);
      expect(existsSync(folder)).toBe(false);
      expect(trashed).toBe(join(process.env.XDG_DATA_HOME ?? '', 'Trash', 'files', 'commented-skill'));
      expect(readFileSync(join(trashed ?? '', 'SKILL.md'), 'utf8')).toContain('Body stays.');
      const info = readFileSync(
        join(process.env.XDG_DATA_HOME ?? '', 'Trash', 'info', 'commented-skill.trashinfo'),
        'utf8',
      );
      expect(info).toMatch(
        new RegExp(
          `^\\[Trash Info\\]\\nPath=${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nDeletionDate=\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\n$`,
        ),
      );
    });
  });
});
