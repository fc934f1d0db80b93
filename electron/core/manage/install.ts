// Owns putting skills where agents read them (issue 17): one shared copy in `.agents/skills` with a link from each
// agent's own folder (or copies, with `copy` or for an agent that does not follow links), the lockfile of the scope
// kept in step, name clashes refused unless forced, and every install atomic (staging.ts): any failure puts back what
// was there and leaves nothing new. Installing is asynchronous (copies with fs/promises) and cancellable between its
// steps: a cancel undoes it whole.
import { lstatSync, symlinkSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { ManageStep } from '../../../shared/manage-types.js';
import type { ValidationProfile } from '../../../shared/types.js';
import { formatBytes } from '../../../shared/units.js';
import { isWithin, realPathOf, safeRealpath } from '../fs/confine.js';
import { SKIPPED_FOLDERS } from '../fs/walk.js';
import {
  AGENTS,
  agentById,
  agentFolder,
  installFolder,
  sharedFolder,
  SHARED_AGENT_ID,
  type Agent,
  type Scope,
} from '../agents/folders.js';
import { cancelledError, checkCancelled, isCancelled } from './cancel.js';
import { blockingFindings, changedSinceLooked, type InspectedSkill } from './inspect.js';
import { lockPath, SkillLock, type LockEntry } from './lock.js';
import { computeSkillFolderHash, inspectedHashes, skillFiles } from './skill-hash.js';
import { gitTreeHash, type FetchedSource, type RunControl } from './source.js';
import { listInstalled, type InstalledSkill } from './installed.js';
import { skillFolderName } from './names.js';
import { cleanStaleStaging, exists, Transaction } from './staging.js';
import type { ManageBase } from './base.js';
import { remedy, type Remedy } from '../../../shared/remedy.js';

/** Replacing what is in the way of an install: the CLI's flag, the Add panel's checkbox. */
const REPLACE: Remedy = { cli: 'pass --force to replace it', app: 'tick "Replace them" to replace it' };

export interface InstallOptions extends RunControl {
  agents: readonly Agent[];
  scope: Scope;
  /** Copies in every agent folder instead of one shared copy and links. */
  copy?: boolean;
  /** Install over a different skill of the same name, a locally modified copy, or findings with errors. */
  force?: boolean;
}

/** A staging or placing step of an install. */
export type InstallStep = Extract<ManageStep, { step: 'staged' | 'placed' }>;

/**
 * Fault injection points for the interrupted-install tests (issue 17): with SKILLBENCH_FAULT=install-after-staging
 * the process kills itself once everything is staged and nothing is placed yet; with install-between-renames, once
 * the skill it replaces has been moved aside and the new one is not yet in its place. So the tests kill at known
 * steps instead of racing a timer. Never set outside tests.
 */
const FAULT_AFTER_STAGING = 'install-after-staging';

export interface Placement {
  path: string;
  how: 'copy' | 'link';
  agents: string[];
  /** What was there before, when something was (it is replaced: a different skill goes to the trash). */
  replaced?: 'same' | 'different';
}

export interface InstallResult {
  name: string;
  placements: Placement[];
  trashed: string[];
  lockFile: string;
}

/**
 * Two skills that would be installed in one folder (the same name, or names the CLI turns into the same folder name:
 * `Notes` and `notes`): a message naming their paths, else none.
 */
export function duplicateNames(skills: readonly InspectedSkill[]): string | undefined {
  const byFolder = new Map<string, InspectedSkill[]>();
  for (const s of skills) {
    const folder = skillFolderName(s.name);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), s]);
  }
  const clashes = [...byFolder].filter(([, same]) => same.length > 1);
  if (!clashes.length) return undefined;
  const named = (same: InspectedSkill[]) =>
    new Set(same.map((s) => s.name)).size === 1
      ? `${same.length} skills named "${same[0]?.name ?? ''}"`
      : `${same.length} skills installed as "${skillFolderName(same[0]?.name ?? '')}" (${same.map((s) => `"${s.name}"`).join(', ')})`;
  return `${clashes.map(([, same]) => `the source holds ${named(same)} (${same.map((s) => s.skillPath).join(', ')})`).join('; ')}: add the one you mean by its path (the folder itself, or owner/repo/path/to/skill for a git source).`;
}

/** Copies a skill folder: folders and regular files only (links and special files are not taken along). */
export async function copySkillFolder(from: string, to: string, signal?: AbortSignal): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    checkCancelled(signal, 'the install');
    const src = join(from, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      await copySkillFolder(src, join(to, entry.name), signal);
    } else if (entry.isFile()) await copyFile(src, join(to, entry.name));
  }
}

/**
 * Where an agent folder really is. Folders are grouped by this, so two folders linked together (`.claude/skills ->
 * ../.agents/skills`) get one placement, not two that replace each other (red-team M5); a folder reached through a
 * link is written at its real path (so links made into it are relative to where it is); and a folder that a link
 * takes out of the project (or, for user folders under the home folder, out of the home folder) is refused.
 */
function resolveAgentFolder(folder: string, agent: Agent, base: ManageBase, scope: Scope): string {
  const real = realPathOf(folder);
  const top = scope === 'project' ? base.project : base.ctx.home;
  // A user folder that an environment variable puts outside the home folder is where the user said it is.
  if (!isWithin(resolve(top), resolve(folder))) return real;
  const topReal = realPathOf(top);
  if (!isWithin(topReal, real))
    throw new SkillError(
      'PermissionDenied',
      `${agent.displayName}'s skills folder ${folder} is a link to ${real}, outside the ${scope === 'project' ? `project (${top})` : `home folder (${top})`}; Skillbench does not install through it. Make it a real folder (or a link inside the ${scope === 'project' ? 'project' : 'home folder'}), or leave out --agent ${agent.id}.`,
    );
  return real === join(topReal, relative(resolve(top), resolve(folder))) ? folder : real;
}

/** Whether an install for the agent in `scope` goes to the shared folder (its own folder is it, or links to it). */
function servedByShared(agent: Agent, scope: Scope, base: ManageBase): boolean {
  if (agentFolder(agent, scope, base) === undefined) return false;
  return realPathOf(installFolder(agent, scope, base)) === realPathOf(sharedFolder(scope, base));
}

/**
 * The agents, other than the ones asked for, that read the shared folder of `scope` and that the `skills` CLI names
 * when it writes there (it leaves out a few that read it too, such as Replit).
 */
export function sharedReaders(base: ManageBase, scope: Scope, except: readonly Agent[] = []): Agent[] {
  return AGENTS.filter(
    (a) =>
      !a.skillbenchOnly &&
      a.showInUniversalPrompt !== false &&
      a.showInUniversalList !== false &&
      !except.some((e) => e.id === a.id) &&
      servedByShared(a, scope, base),
  );
}

/**
 * The profiles an install checks a skill with. `required`: the agents asked for; their errors block unless forced.
 * `readers`: when one shared copy is written (not `copy`), the other agents that will read it from the shared folder;
 * they are checked too and their findings shown, but they do not block (the user did not pick them, and `copy`
 * keeps the skill out of the shared folder). `all`: every profile to inspect with.
 */
export function installProfiles(
  base: ManageBase,
  opts: Pick<InstallOptions, 'agents' | 'scope' | 'copy'>,
): { required: ValidationProfile[]; readers: Agent[]; all: ValidationProfile[] } {
  const required = [...new Set(opts.agents.map((a) => a.profile))];
  const readers = opts.copy ? [] : sharedReaders(base, opts.scope, opts.agents);
  return { required, readers, all: [...new Set([...required, ...readers.map((a) => a.profile)])] };
}

/** Where each agent's copy of `name` goes in `scope`, and how (one shared copy plus links, or copies). */
export function planPlacements(base: ManageBase, name: string, opts: InstallOptions): Placement[] {
  const sharedAgent = agentById(SHARED_AGENT_ID) as Agent;
  const byFolder = new Map<string, { folder: string; agents: Agent[] }>();
  const add = (agent: Agent, group: boolean) => {
    const folder = resolveAgentFolder(installFolder(agent, opts.scope, base), agent, base, opts.scope);
    const key = realPathOf(folder);
    const entry = byFolder.get(key) ?? { folder, agents: [] };
    if (group) entry.agents.push(agent);
    byFolder.set(key, entry);
  };
  const placements: Placement[] = [];
  if (!opts.copy) {
    add(sharedAgent, false);
    for (const agent of opts.agents) add(agent, true);
    const sharedKey = realPathOf(
      resolveAgentFolder(sharedFolder(opts.scope, base), sharedAgent, base, opts.scope),
    );
    const shared = byFolder.get(sharedKey) as { folder: string; agents: Agent[] };
    placements.push({ path: join(shared.folder, name), how: 'copy', agents: shared.agents.map((a) => a.id) });
    byFolder.delete(sharedKey);
  } else for (const agent of opts.agents) add(agent, true);
  for (const { folder, agents } of byFolder.values())
    placements.push({
      path: join(folder, name),
      how: !opts.copy && agents.every((a) => a.followsSymlinks) ? 'link' : 'copy',
      agents: agents.map((a) => a.id),
    });
  return placements;
}

/** What stands at a placement now: nothing, our own install (clean), or something else. */
function existingAt(
  placement: Placement,
  canonical: string,
  lock: LockEntry | undefined,
  newHash: string,
  source: string,
  /** The locked install the folder is part of (listInstalled), unless it is a skill of its own of the same name. */
  ours: InstalledSkill | undefined,
): 'none' | 'same' | 'modified' | 'different' {
  if (!exists(placement.path)) return 'none';
  const stat = lstatSync(placement.path);
  if (stat.isSymbolicLink()) {
    const real = safeRealpath(placement.path);
    // A dangling link, or a link to the shared copy, is ours to replace.
    if (!real || real === safeRealpath(canonical) || real === canonical) return 'same';
    return 'different';
  }
  if (!stat.isDirectory()) return 'different';
  if (computeSkillFolderHash(placement.path) === newHash) return 'same';
  if (!lock || lock.source !== source || !ours) return 'different';
  // As installed; or not, or (a copy the CLI made, whose lock hash is its source's) not known: either way it is
  // replaced only when forced.
  const real = safeRealpath(placement.path);
  return ours.state === 'clean' || (ours.state === 'modified' && !ours.modifiedPaths?.some((m) => m === real))
    ? 'same'
    : 'modified';
}

/** What an install would do, and what stands in its way (errors for the agents, a different or changed skill where
 *  it would go): worked out before anything is written, by the install itself and by every preview. */
export interface InstallPlan {
  plans: Array<{ skill: InspectedSkill; newHash: string; placements: Placement[] }>;
  /** Why it cannot go ahead without forcing, in words (empty when it can). */
  problems: string[];
  /** The same, as data: the app words its own choice ("Replace") instead of the CLI's --force. */
  conflicts: Array<{ skill: string; path: string; state: 'blocked' | 'modified' | 'different' }>;
  lock: SkillLock;
}

export function planInstall(
  base: ManageBase,
  fetched: FetchedSource,
  skills: readonly InspectedSkill[],
  opts: InstallOptions,
): InstallPlan {
  const lock = new SkillLock(opts.scope, lockPath(opts.scope, base));
  const problems: string[] = [];
  const { required } = installProfiles(base, opts);
  // The folders of the locked installs: only these can be "changed since installed"; any other is a different skill.
  const ours = new Map(
    listInstalled(base, [opts.scope])
      .filter((i) => i.lock)
      .flatMap((i) => i.paths.map((p) => [p.path, i] as const)),
  );
  const duplicates = duplicateNames(skills);
  if (duplicates) throw new SkillError('Conflict', `Nothing was installed: ${duplicates}`);
  // The same refusals, as data: the app words its own choice ("Replace") instead of the CLI's --force.
  const conflicts: Array<{ skill: string; path: string; state: 'blocked' | 'modified' | 'different' }> = [];
  const plans = skills.map((skill) => {
    // Checked with the profiles of the agents installed for (an inspection made for other agents is refused).
    const errors = blockingFindings(skill, required);
    if ((skill.invalid || errors.length) && !opts.force) {
      const first = errors[0];
      const names = (profile: ValidationProfile) =>
        opts.agents
          .filter((a) => a.profile === profile)
          .map((a) => a.displayName)
          .join(', ');
      problems.push(
        `${skill.name}: the findings include errors${first ? ` for ${names(first.profile)} (${first.profile} profile): ${basename(first.diagnostic.file)}:${first.diagnostic.line}:${first.diagnostic.column} ${first.diagnostic.code} ${first.diagnostic.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}` : ''} (fix them at the source, or ${remedy({ cli: 'pass --force', app: 'tick "Install anyway"' }, base.audience)}).`,
      );
      conflicts.push({ skill: skill.name, path: skill.folder, state: 'blocked' });
    }
    // Exactly what was inspected, or nothing: a local folder may have changed since (the copy is checked too).
    const now = inspectedHashes(skill.folder);
    if (now.snapshot !== skill.snapshot) throw changedSinceLooked(skill.name, whatChanged(skill));
    const newHash = skill.hash;
    const placements = planPlacements(base, skillFolderName(skill.name), opts);
    const canonical = placements[0]?.path ?? '';
    const from = realPathOf(skill.folder);
    for (const p of placements) {
      // Staging beside the agent folder inside the skill's own folder would copy the skill into itself until the
      // paths grow too long (`add .` run inside the skill; red-team L8).
      if (isWithin(from, realPathOf(p.path)) || isWithin(from, realPathOf(dirname(dirname(p.path)))))
        throw new SkillError(
          'InvalidArgs',
          `${skill.name}: ${p.path} is inside the skill's own folder ${skill.folder}, so installing would copy the skill into itself; nothing was installed. Run the command from the project that should use the skill (for example: cd .. && skillbench add ./${basename(skill.folder)}).`,
        );
      const state = existingAt(
        p,
        canonical,
        lock.get(skill.name),
        newHash,
        fetched.source.source,
        ours.get(p.path),
      );
      if (state === 'none') continue;
      p.replaced = state === 'same' ? 'same' : 'different';
      if (opts.force || state === 'same') continue;
      conflicts.push({ skill: skill.name, path: p.path, state });
      if (state === 'modified')
        problems.push(
          `${skill.name}: ${p.path} was changed since it was installed; ${remedy(REPLACE, base.audience)} (the changed copy goes to the trash).`,
        );
      else if (state === 'different')
        problems.push(
          `${skill.name}: ${p.path} holds a different skill of that name; ${remedy(REPLACE, base.audience)} (it goes to the trash), or remove it first.`,
        );
    }
    return { skill, newHash, placements };
  });
  return { plans, problems, conflicts, lock };
}

/**
 * Installs inspected skills from a fetched source for the agents and scope given. Each skill is all or nothing, and
 * so is the lockfile: when anything fails, what was there is put back and the error says nothing was installed.
 */
export async function installSkills(
  base: ManageBase,
  fetched: FetchedSource,
  skills: readonly InspectedSkill[],
  opts: InstallOptions,
): Promise<InstallResult[]> {
  checkCancelled(opts.signal, 'the install');
  cleanStaleStaging(base);
  const { plans, problems, conflicts, lock } = planInstall(base, fetched, skills, opts);
  // The agents recorded in the lock: those with a placement of their own (the shared copy serves all its readers).
  const recorded = opts.agents
    .filter((a) => a.id !== SHARED_AGENT_ID && (opts.copy || !servedByShared(a, opts.scope, base)))
    .map((a) => a.id);
  if (problems.length)
    throw new SkillError('Conflict', `Nothing was installed:\n  ${problems.join('\n  ')}`, {
      problems,
      conflicts,
    });

  // The source's git tree hashes are read before anything is written, so placing does not wait on git.
  const treeHashes = new Map<string, string | undefined>();
  if (fetched.source.type === 'github' && fetched.commit !== undefined)
    for (const { skill } of plans)
      treeHashes.set(
        skill.name,
        await gitTreeHash(fetched.dir, dirname(skill.skillPath).replace(/^\.$/, '')),
      );

  const tx = new Transaction();
  const total = 2 * plans.reduce((n, p) => n + p.placements.length, 0);
  let done = 0;
  const tell = (skill: string, step: InstallStep['step'], p: Placement) =>
    opts.onProgress?.({ step, skill, path: p.path, how: p.how, done: ++done, total });
  try {
    // Everything is staged first, then placed: a failure while copying (the long part) touches no agent folder.
    // A cancel is honoured between any two steps (and between files while copying); it undoes the install whole.
    for (const { skill, placements } of plans) {
      const canonical = placements[0]?.path ?? '';
      for (const p of placements) {
        checkCancelled(opts.signal, 'the install');
        const staged = tx.stage(dirname(p.path), basename(p.path));
        if (p.how === 'copy') {
          await copySkillFolder(skill.folder, staged, opts.signal);
          if (inspectedHashes(staged).snapshot !== skill.snapshot)
            throw changedSinceLooked(skill.name, 'it changed while it was being copied');
        } else linkFolder(canonical, p.path, staged);
        tell(skill.name, 'staged', p);
      }
    }
    if (process.env.SKILLBENCH_FAULT === FAULT_AFTER_STAGING) process.kill(process.pid, 'SIGKILL');
    for (const { skill, newHash, placements } of plans) {
      for (const p of placements) {
        checkCancelled(opts.signal, 'the install');
        tx.commit(p.path, p.replaced === 'different');
        tell(skill.name, 'placed', p);
      }
      // The agents it is placed for, so listing tells its folders from other skills of the same name (a reinstall
      // from the same source keeps the agents it had).
      const before = lock.get(skill.name);
      const kept =
        before?.source === fetched.source.source && Array.isArray(before.agents) ? before.agents : [];
      const agents = [...new Set([...kept, ...recorded])];
      // As the CLI records them: no path inside a folder or archive source (its `update` would try to clone it), and
      // the folder hash `skills update -g` compares: the git tree SHA for GitHub, the content hash for the others.
      const inRepository = fetched.source.type === 'github' || fetched.source.type === 'git';
      lock.set(skill.name, {
        source: fetched.source.source,
        sourceType: fetched.source.type,
        sourceUrl: fetched.source.url,
        ...(fetched.source.ref ? { ref: fetched.source.ref } : {}),
        ...(inRepository ? { skillPath: skill.skillPath } : {}),
        skillFolderHash: fetched.source.type === 'github' ? (treeHashes.get(skill.name) ?? newHash) : newHash,
        agents,
        computedHash: newHash,
      });
    }
    checkCancelled(opts.signal, 'the install');
    opts.onProgress?.({ step: 'lockfile', path: lock.path });
    lock.save();
  } catch (error) {
    tx.rollback();
    // What it had staged or placed is undone, so a cancelled install wrote nothing.
    if (isCancelled(error)) throw cancelledError('the install');
    if (error instanceof SkillError && error.code === 'Conflict') throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new SkillError('Io', `The install failed and was undone (nothing was installed): ${message}`);
  }
  const trashed = tx.finish();
  return plans.map(({ skill, placements }) => ({
    name: skill.name,
    placements,
    trashed: trashed.filter((t) => basename(t.from) === skillFolderName(skill.name)).map((t) => t.from),
    lockFile: lock.path,
  }));
}

/** How a skill's folder differs from its inspection, in the words a person checks first. */
function whatChanged(skill: InspectedSkill): string {
  const files = skillFiles(skill.folder);
  const bytes = files.reduce((n, f) => n + f.size, 0);
  return files.length !== skill.files || bytes !== skill.bytes
    ? `it held ${skill.files} files (${formatBytes(skill.bytes)}) then, ${files.length} (${formatBytes(bytes)}) now`
    : 'a file was edited or made executable';
}

/** A link at `at` (staged at `staged`) to the shared copy: relative, so a moved project keeps working. */
function linkFolder(canonical: string, at: string, staged: string): void {
  try {
    if (process.platform === 'win32') symlinkSync(canonical, staged, 'junction');
    else symlinkSync(relative(dirname(at), canonical), staged, 'dir');
  } catch (error) {
    throw new SkillError(
      'Io',
      `Could not create a link at ${at} (${(error as Error).message}); use --copy to install copies instead.`,
    );
  }
}
