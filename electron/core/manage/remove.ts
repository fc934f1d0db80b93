// Owns taking installed skills away: links removed, real folders moved to the OS trash, the lockfile kept in step.
import { lstatSync, readlinkSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { moveToTrash } from '../editor/trash.js';
import { agentFolders, type Agent, type Scope } from './agents.js';
import { lockPath, SkillLock } from './lock.js';
import type { ManageBase } from './install.js';
import { listInstalled, realOrUndefined } from './installed.js';

export interface RemoveResult {
  name: string;
  /** Links removed. */
  unlinked: string[];
  /** Real folders moved to the trash (with where they went, when the OS says). */
  trashed: Array<{ from: string; to: string | undefined }>;
  /** True when no agent holds it any more and the lockfile entry went too. */
  unlocked: boolean;
}

/** Removes skills from the agents given (all that hold them when none is given) in one scope. */
export function removeSkills(
  base: ManageBase,
  names: readonly string[],
  opts: { scope: Scope; agents?: readonly Agent[] },
): RemoveResult[] {
  const installed = listInstalled(base, [opts.scope]);
  const lock = new SkillLock(opts.scope, lockPath(opts.scope, base));
  const folders = agentFolders(base.project, base.ctx).filter((f) => f.scope === opts.scope);
  // Check everything first: a refusal must leave every skill as it was.
  const plans = names.map((name) => {
    const item = installed.find((i) => i.name === name);
    if (!item) {
      if (lock.get(name)) return { name, item: undefined, targets: [] as string[] };
      throw new SkillError('NotFound', `No skill "${name}" is installed in the ${opts.scope} scope.`);
    }
    const targets = opts.agents
      ? item.paths.filter((p) =>
          opts.agents?.some((a) => folders.find((f) => f.path === dirname(p.path))?.agents.includes(a)),
        )
      : item.paths;
    for (const t of targets) {
      const readers = folders.find((f) => f.path === dirname(t.path))?.agents ?? [];
      const others = readers.filter(
        (a) => opts.agents && !opts.agents.includes(a) && item.agents.includes(a.id),
      );
      if (others.length)
        throw new SkillError(
          'Conflict',
          `${t.path} is also read by ${others.map((a) => a.displayName).join(', ')}: name them too, or leave out --agent to remove "${name}" everywhere. Nothing was removed.`,
        );
      const remaining = item.paths.filter((p) => !targets.includes(p) && p.link);
      if (!t.link && remaining.some((p) => realOrUndefined(p.path) === realOrUndefined(t.path)))
        throw new SkillError(
          'Conflict',
          `${t.path} is the shared copy that ${remaining.map((p) => p.path).join(', ')} link to: remove it from those agents too (or leave out --agent). Nothing was removed.`,
        );
    }
    return { name, item, targets: targets.map((t) => t.path) };
  });
  const results: RemoveResult[] = [];
  for (const { name, item, targets } of plans) {
    const result: RemoveResult = { name, unlinked: [], trashed: [], unlocked: false };
    const paths = item?.paths.filter((p) => targets.includes(p.path)) ?? [];
    for (const p of paths.filter((x) => x.link)) {
      rmSync(p.path, { force: true });
      result.unlinked.push(p.path);
    }
    for (const p of paths.filter((x) => !x.link))
      result.trashed.push({ from: p.path, to: moveToTrash(p.path) });
    if (!item || paths.length === item.paths.length) result.unlocked = lock.remove(name);
    results.push(result);
  }
  if (results.some((r) => r.unlocked)) lock.save();
  return results;
}

/** Where a link points, for display (undefined for a real folder). */
export function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}
