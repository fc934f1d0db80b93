// Owns the old version of a skill as an output eval's baseline (skill-creator's `old_skill` configuration): the
// snapshot `<skill>-workspace/skill-snapshot/` taken before editing, as skill-creator's workflow copies it, and
// finding the skill in a folder opened as its own library.
import { cpSync, existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import { isWithin } from '../fs/confine.js';
import { Workspace } from '../workspace.js';

/** skill-creator's name for the copy of the skill taken before editing it, inside the skill's workspace. */
export const SNAPSHOT_DIR = 'skill-snapshot';

export const snapshotDir = (workspaceDir: string): string => join(workspaceDir, SNAPSHOT_DIR);

/**
 * Copies the skill's folder to `<workspace>/skill-snapshot/` (skill-creator's `cp -r <skill-path>
 * <workspace>/skill-snapshot/`), links copied as links. A snapshot already there is the version before the edits,
 * so it is replaced only when `force` says so. A workspace inside the skill folder is not copied into itself.
 */
export function snapshotSkill(
  skill: SkillDefinition,
  workspaceDir: string,
  options: { force?: boolean } = {},
): string {
  const from = dirname(skill.sourcePath);
  const to = snapshotDir(workspaceDir);
  if (existsSync(to)) {
    if (!options.force)
      throw new SkillError(
        'Conflict',
        `A snapshot of ${skill.name} exists at ${to} (taken ${statSync(to).mtime.toISOString()}): it is the version before your edits, the old_skill baseline. Pass --force to replace it with the skill as it is now.`,
      );
    rmSync(to, { recursive: true, force: true });
  }
  const workspace = resolve(workspaceDir);
  const nested = isWithin(resolve(from), workspace) && resolve(from) !== workspace;
  cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !(nested && isWithin(workspace, resolve(source))),
  });
  return to;
}

/** The skill whose manifest is at the top of `folder`, in a workspace opened on that folder alone. */
export function skillAtFolder(workspace: Workspace, folder: string): SkillDefinition {
  const wanted = resolve(folder);
  const entry = workspace.entries.find((e) => e.skill && resolve(dirname(e.skill.sourcePath)) === wanted);
  if (!entry?.skill)
    throw new SkillError(
      'NotFound',
      `No skill at ${folder}: the old_skill baseline is a skill folder (its SKILL.md at the top). Take a snapshot with \`skillbench eval snapshot SKILL\` before editing, or pass --baseline-skill FOLDER.`,
    );
  return entry.skill;
}

/**
 * The skill's snapshot (`old_skill`) opened as its own library, trusted as the skill's root is, so its tools run as
 * the skill's did. The caller closes the workspace when the run ends.
 */
export function openSnapshot(
  skill: SkillDefinition,
  workspaceDir: string,
  options: { profile: ValidationProfile; trusted: boolean },
): { workspace: Workspace; skill: SkillDefinition } {
  const folder = snapshotDir(workspaceDir);
  if (!existsSync(folder))
    throw new SkillError(
      'NotFound',
      `No snapshot of ${skill.name} at ${folder}: take one (Snapshot the skill) before editing it, then compare.`,
    );
  const workspace = Workspace.open({
    roots: [{ path: folder, kind: 'project' }],
    profile: options.profile,
    trust: () => options.trusted,
  });
  try {
    return { workspace, skill: skillAtFolder(workspace, folder) };
  } catch (error) {
    void workspace.close();
    throw error;
  }
}
