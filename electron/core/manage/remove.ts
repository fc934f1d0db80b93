// Owns taking installed skills away: links removed, real folders moved to the OS trash, the lockfile kept in step.
// Nothing is left pointing at what went: every link to a removed copy, in any agent's folder of either scope (Trae's,
// Continue's… whoever made it), goes too, and so does the copy placed for an agent that does not follow links (Eve).
import { lstatSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { moveToTrash } from '../fs/trash.js';
import { agentFolders, type Agent, type Scope } from '../agents/folders.js';
import { lockPath, SkillLock } from './lock.js';
import type { ManageBase } from './base.js';
import { listInstalled, type InstalledSkill } from './installed.js';
import { skillFolderName } from './names.js';
import { safeRealpath } from '../fs/confine.js';

interface RemoveResult {
  name: string;
  /** Links removed. */
  unlinked: string[];
  /** Real folders moved to the trash (with where they went, when the OS says). */
  trashed: Array<{ from: string; to: string | undefined }>;
  /** True when no agent holds it any more and the lockfile entry went too. */
  unlocked: boolean;
}

/**
 * The installed skill (or, when no agent folder holds it any more, the lock entry) a name given means: the lock's
 * name as written or the folder it is installed in (`braintree-automation` for `Braintree Automation`), as the CLI's
 * `skills remove` takes either; the locked install before a skill of its own of that folder name.
 */
function resolveName(
  name: string,
  installed: readonly InstalledSkill[],
  lock: SkillLock,
): { key: string; item?: InstalledSkill } | undefined {
  const folder = skillFolderName(name);
  const item =
    installed.find((i) => i.name === name && i.lock) ??
    installed.find((i) => i.name === name) ??
    installed.find((i) => i.lock && skillFolderName(i.name) === folder) ??
    installed.find((i) => skillFolderName(i.name) === folder);
  if (item) return { key: item.name, item };
  const key = lock.get(name) ? name : lock.keyForFolder(folder);
  return key !== undefined ? { key } : undefined;
}

/** Links in any agent folder of either scope that point at one of `folders` (resolved, or left dangling by it). */
function linksTo(base: ManageBase, folders: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const f of agentFolders(base.project, base.ctx)) {
    let names: string[];
    try {
      names = readdirSync(f.path);
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(f.path, name);
      try {
        if (!lstatSync(path).isSymbolicLink()) continue;
        const to = resolve(dirname(path), readlinkSync(path));
        const real = safeRealpath(path);
        if (folders.has(to) || (real !== undefined && folders.has(real))) found.push(path);
      } catch {
        /* gone meanwhile */
      }
    }
  }
  return found;
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
  const plans = names.map((given) => {
    const found = resolveName(given, installed, lock);
    if (!found)
      throw new SkillError('NotFound', `No skill "${given}" is installed in the ${opts.scope} scope.`);
    const { key: name, item } = found;
    if (!item) return { name, item: undefined, targets: [] as string[] };
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
      if (!t.link && remaining.some((p) => safeRealpath(p.path) === safeRealpath(t.path)))
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
    const copies = paths.filter((x) => !x.link);
    const gone = new Set(copies.flatMap((p) => [p.path, safeRealpath(p.path) ?? p.path]));
    const links = [...new Set([...paths.filter((x) => x.link).map((x) => x.path), ...linksTo(base, gone)])];
    for (const link of links) {
      rmSync(link, { force: true });
      result.unlinked.push(link);
    }
    for (const p of copies) result.trashed.push({ from: p.path, to: moveToTrash(p.path) });
    if (!item || paths.length === item.paths.length) result.unlocked = lock.remove(name);
    results.push(result);
  }
  if (results.some((r) => r.unlocked)) lock.save();
  return results;
}
