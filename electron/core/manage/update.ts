// Owns keeping installed skills in step with their sources (issue 17): `update` (check, then apply: the source's
// copy hashes differently from the lockfile's; a locally edited copy is never overwritten without force, and the
// diff of SKILL.md plus a summary of changed files say what would change) and `sync` (install what the project's
// lockfile lists and its agents lack, e.g. after a clone).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { SkillError } from '../../../shared/errors.js';
import { isWithin, realPathOf } from '../fs/confine.js';
import {
  agentById,
  AGENTS,
  hasOwnProjectFolder,
  readsSharedFolder,
  sharedFolder,
  SHARED_AGENT_ID,
  type Agent,
  type Scope,
} from '../agents/folders.js';
import { isCancelled } from './cancel.js';
import { fetchAndInspect, inspectAgain, type InspectedSkill } from './inspect.js';
import { installSkills } from './install.js';
import type { ManageBase } from './base.js';
import { listInstalled, type InstalledSkill } from './installed.js';
import { lockPath, SkillLock, type LockEntry } from './lock.js';
import {
  computeSkillFolderHash,
  fileDigest,
  gitTreeHashOfFolder,
  lockedHash,
  skillFiles,
  skillsCliCopyHash,
  type SkillFile,
} from './skill-hash.js';
import {
  gitTreeHash,
  parseSource,
  type FetchedSource,
  type RunControl,
  type SkillSource,
  type SourceType,
} from './source.js';
import type { ValidationProfile } from '../../../shared/types.js';
import { remedy, type Audience, type Remedy } from '../../../shared/remedy.js';

/** Replacing a locally edited copy: the CLI's flag, the Update panel's checkbox. */
const REPLACE_CHANGES: Remedy = {
  cli: 'pass --force to replace your changes (they go to the trash)',
  app: 'tick "Replace my local changes" and apply again to replace them (they go to the trash)',
};
/** Replacing a copy the skills CLI made (the app cannot tell it was edited, so it offers no checkbox for it). */
const REPLACE_CLI_COPY: Remedy = {
  cli: 'pass --force to replace it (it goes to the trash)',
  app: 'remove it (Remove…) and install it again to replace it',
};

interface FileChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface UpdateCheck {
  name: string;
  scope: Scope;
  source: string;
  /** up-to-date; update-available; missing (the source no longer has it); error (could not fetch). */
  status: 'up-to-date' | 'update-available' | 'missing' | 'error';
  /** The installed copy was edited since it was installed. */
  modified: boolean;
  installed: boolean;
  diff?: string;
  changes?: FileChanges;
  message?: string;
  /** After apply: whether it was updated, or why not. */
  applied?: boolean;
  skipped?: string;
  /** The content hash of the source's copy that was compared (and diffed): pass it back to apply exactly that. */
  sourceHash?: string;
}

function fileChanges(before: string, after: string): FileChanges {
  const a = new Map(skillFiles(before).map((f) => [f.path, f]));
  const b = new Map(skillFiles(after).map((f) => [f.path, f]));
  const differ = (x: SkillFile, y: SkillFile) =>
    x.size !== y.size || fileDigest(x.full) !== fileDigest(y.full);
  return {
    added: [...b.keys()].filter((p) => !a.has(p)),
    removed: [...a.keys()].filter((p) => !b.has(p)),
    changed: [...b.keys()].filter((p) => a.has(p) && differ(a.get(p) as SkillFile, b.get(p) as SkillFile)),
  };
}

const countChanges = (c: FileChanges) => c.added.length + c.removed.length + c.changed.length;

/**
 * Whether the skill in the fetched source still hashes as its lock entry recorded it: `computedHash` (Skillbench's
 * content hash) when there is one, else the CLI's `skillFolderHash`, a git tree SHA (read from the clone, as
 * `skills update -g` does) or a content hash.
 */
async function sourceAsLocked(
  fetched: FetchedSource,
  found: InspectedSkill,
  entry: LockEntry,
): Promise<boolean> {
  const locked = lockedHash(entry);
  if (!locked) return false;
  if (locked.kind === 'content') return computeSkillFolderHash(found.folder) === locked.hash;
  const tree =
    fetched.commit !== undefined
      ? await gitTreeHash(fetched.dir, dirname(found.skillPath).replace(/^\.$/, ''))
      : undefined;
  return (tree ?? gitTreeHashOfFolder(found.folder)) === locked.hash;
}

function manifestText(folder: string): string {
  const file = join(folder, 'SKILL.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

const KNOWN_TYPES: readonly string[] = ['github', 'git', 'local', 'archive'];

/**
 * The source a lock entry names, through `parseSource`'s checks like a source typed by the user (a lockfile comes
 * with a cloned project, so it is input too; red-team M1, M4): the scheme allow-list for git, an existing folder for
 * `local`, a regular .zip/.skill file for `archive`, and the type it parses to must be the type recorded.
 */
function sourceOfLock(
  entry: LockEntry,
  gitBase: string | undefined,
  cwd: string,
  scope: Scope = 'user',
): SkillSource {
  const recorded = entry.sourceType;
  const where = recorded === 'git' ? (entry.sourceUrl ?? entry.source) : entry.source;
  if (typeof where !== 'string' || !where.trim())
    throw new SkillError('InvalidFormat', `The lockfile entry has no source.`);
  // A recorded local path is a path whatever it looks like: written so that parseSource reads it as one.
  const text =
    (recorded === 'local' || recorded === 'archive') &&
    !isAbsolute(where) &&
    !/^(\.{1,2}|~)([\\/]|$)/.test(where)
      ? `./${where}`
      : where;
  const parsed = parseSource(text, { cwd, ...(gitBase ? { gitBase } : {}) });
  const allowed: readonly SourceType[] = KNOWN_TYPES.includes(recorded)
    ? [recorded as SourceType]
    : ['github', 'git']; // types of the `skills` CLI we do not know (gitlab…): only a remote source, never a path
  if (!allowed.includes(parsed.type))
    throw new SkillError(
      'InvalidFormat',
      `The lockfile records ${JSON.stringify(where)} as a ${recorded} source, but it is a ${parsed.type} source; fix the entry (or remove it and add the skill again).`,
    );
  // A project's lockfile comes with the project (a clone), so a path in it is read only inside the project: never
  // `/etc` or the user's own skills folders.
  if (scope === 'project' && (parsed.type === 'local' || parsed.type === 'archive'))
    if (!isWithin(realPathOf(cwd), realPathOf(parsed.url)))
      throw new SkillError(
        'PermissionDenied',
        `The project's lockfile names ${JSON.stringify(where)}, a ${recorded} source outside the project (${cwd}); a project's lockfile may name local sources inside the project only, so nothing was read from there. Move the skill into the project (and fix the entry), or add it for yourself with \`skillbench add <path> --global\`.`,
      );
  return {
    ...parsed,
    // A relative path is read from the project and recorded relative again (a project that vendors its skills
    // commits it so): the lock reads a local one as absolute and writes it relative; an archive's stays as written.
    ...((recorded === 'local' || recorded === 'archive') && !isAbsolute(where) ? { source: where } : {}),
    ...(entry.ref ? { ref: entry.ref } : {}),
  };
}

/**
 * Finds a locked skill in a fetched source: by its recorded path, else by name. The skill found must still have
 * the locked name: a skill renamed at the source is never installed in place of another (red-team H2).
 */
function findInSource(
  skills: readonly InspectedSkill[],
  name: string,
  entry: LockEntry,
): { found?: InspectedSkill; problem: string } {
  const atPath = entry.skillPath ? skills.find((s) => s.skillPath === entry.skillPath) : undefined;
  if (atPath && atPath.name !== name)
    return {
      problem: `${entry.source} renamed "${name}" (${entry.skillPath}) to "${atPath.name}"; it was not installed. Add "${atPath.name}" on its own if you want it, and remove "${name}".`,
    };
  if (atPath) return { found: atPath, problem: '' };
  const named = skills.filter((s) => s.name === name);
  if (named.length > 1)
    return {
      problem: `${entry.source} holds ${named.length} skills named "${name}" (${named.map((s) => s.skillPath).join(', ')}) and none at ${entry.skillPath ?? 'the locked path'}; add the one you mean by its path.`,
    };
  if (named[0]) return { found: named[0], problem: '' };
  return { problem: `${entry.source} no longer holds "${name}".` };
}

interface Fetched {
  fetched?: FetchedSource;
  skills: InspectedSkill[];
  /** The profiles `skills` were checked with. */
  profiles: ValidationProfile[];
  error?: string;
}

/** Fetches each distinct source once. */
class SourceCache {
  private map = new Map<string, Fetched>();
  constructor(
    private readonly gitBase: string | undefined,
    private readonly cwd: string,
    private readonly signal: AbortSignal | undefined,
    private readonly scope: Scope,
    private readonly audience: Audience,
  ) {}

  async get(entry: LockEntry, profiles: readonly ValidationProfile[]): Promise<Fetched> {
    const key = `${entry.sourceType}\0${entry.source}\0${entry.ref ?? ''}`;
    let hit = this.map.get(key);
    if (!hit) {
      try {
        const { fetched, inspection } = await fetchAndInspect(
          sourceOfLock(entry, this.gitBase, this.cwd, this.scope),
          profiles,
          this.audience,
          this.signal ? { signal: this.signal } : {},
        );
        hit = { fetched, skills: inspection.skills, profiles: [...profiles] };
      } catch (error) {
        if (isCancelled(error)) throw error; // the whole run stops, not just this source
        hit = { skills: [], error: (error as Error).message, profiles: [] };
      }
      this.map.set(key, hit);
    } else if (hit.fetched && profiles.some((p) => !hit?.profiles.includes(p))) {
      // Another skill of the same source is for other agents: check the fetched copy with their profiles too.
      hit.profiles = [...new Set([...hit.profiles, ...profiles])];
      hit.skills = inspectAgain(hit.fetched, hit.profiles, hit.skills, this.audience);
    }
    return hit;
  }

  dispose(): void {
    for (const f of this.map.values()) f.fetched?.dispose();
  }
}

/**
 * Checks (and with `apply`, installs) updates of the locked skills of a scope. Applying reinstalls into the agents
 * that hold the skill now, the same way (links or copies); a modified copy is skipped unless `force`.
 */
export async function updateSkills(
  base: ManageBase,
  opts: {
    scope: Scope;
    names?: readonly string[];
    apply: boolean;
    force?: boolean;
    gitBase?: string;
    signal?: AbortSignal;
    /** Name -> the `sourceHash` a check reported: only that version is applied (what the user reviewed). */
    expected?: Readonly<Record<string, string>>;
  },
): Promise<UpdateCheck[]> {
  const lock = new SkillLock(opts.scope, lockPath(opts.scope, base));
  const names = opts.names?.length ? opts.names : lock.names;
  for (const n of names)
    if (!lock.get(n))
      throw new SkillError(
        'NotFound',
        `"${n}" is not in the ${opts.scope} lockfile (${lock.path}), so it has no source to update from.`,
      );
  const installed = listInstalled(base, [opts.scope]);
  const cache = new SourceCache(opts.gitBase, base.project, opts.signal, opts.scope, base.audience);
  const results: UpdateCheck[] = [];
  try {
    for (const name of names) {
      const entry = lock.get(name) as LockEntry;
      const item = installed.find((i) => i.name === name && i.lock);
      const agents = holderAgents(item);
      const got = await cache.get(entry, [...new Set(agents.map((a) => a.profile))]);
      const base_: UpdateCheck = {
        name,
        scope: opts.scope,
        source: entry.source,
        modified: item?.state === 'modified',
        installed: !!item,
        status: 'error',
      };
      if (got.error || !got.fetched) {
        results.push({ ...base_, message: got.error ?? 'could not fetch' });
        continue;
      }
      const { found, problem } = findInSource(got.skills, name, entry);
      if (!found) {
        results.push({ ...base_, status: 'missing', message: problem });
        continue;
      }
      // A copy the `skills` CLI made is told from an edited one only by the source it came from (skillsCliCopyHash).
      const cliCopy = item?.state === 'unknown' && !Array.isArray(entry.agents) && !!lockedHash(entry);
      const current = item?.folder;
      // The source against what the lock recorded, in the lock's own convention (the CLI's user lock may hold a git
      // tree SHA); and an installed copy that already is what the source holds has nothing to update either.
      const asLocked = await sourceAsLocked(got.fetched, found, entry);
      const changes = !asLocked && current ? fileChanges(current, found.folder) : undefined;
      if (asLocked || (changes && !countChanges(changes))) {
        results.push({
          ...base_,
          status: 'up-to-date',
          ...(cliCopy && item ? { modified: skillsCliCopyHash(found.folder) !== item.hash } : {}),
        });
        continue;
      }
      const check: UpdateCheck = {
        ...base_,
        status: 'update-available',
        sourceHash: found.hash,
        ...(current && changes
          ? {
              diff: createTwoFilesPatch(
                `a/${name}/SKILL.md`,
                `b/${name}/SKILL.md`,
                manifestText(current),
                manifestText(found.folder),
              ),
              changes,
            }
          : {}),
      };
      const reviewed = opts.expected && Object.hasOwn(opts.expected, name) ? opts.expected[name] : undefined;
      if (opts.apply) {
        if (reviewed !== undefined && reviewed !== found.hash) {
          check.applied = false;
          check.skipped = `the source changed since you looked (it now hashes ${found.hash.slice(0, 12)}, you reviewed ${reviewed.slice(0, 12)}); nothing was installed. Check for updates again and review the new change.`;
        } else if (check.modified && !opts.force) {
          check.applied = false;
          check.skipped = `modified locally (${current}); ${remedy(REPLACE_CHANGES, base.audience)}.`;
        } else if (cliCopy && !opts.force) {
          check.applied = false;
          check.skipped = `installed by the skills CLI, whose lock hash covers files it does not copy, and the source has changed since: whether ${current} was edited cannot be told; ${remedy(REPLACE_CLI_COPY, base.audience)}.`;
        } else {
          // No blanket force: the install replaces the skill's own earlier copy (same name, same locked source) and
          // still refuses a different skill in the way or findings with errors, unless the user forces.
          try {
            await installSkills(base, got.fetched, [found], {
              agents: agents.length ? agents : [agentById(SHARED_AGENT_ID) as Agent],
              scope: opts.scope,
              copy: installedAsCopies(base, opts.scope, item),
              ...(opts.force ? { force: true } : {}),
              ...(opts.signal ? { signal: opts.signal } : {}),
            });
            check.applied = true;
          } catch (error) {
            if (isCancelled(error)) throw error;
            check.applied = false;
            check.skipped = (error as Error).message;
          }
        }
      }
      results.push(check);
    }
  } finally {
    cache.dispose();
  }
  return results;
}

/** True when the skill sits in agent folders as copies only (no links, not only in the shared folder). */
function installedAsCopies(base: ManageBase, scope: Scope, item: InstalledSkill | undefined): boolean {
  if (!item || item.paths.some((p) => p.link)) return false;
  const shared = sharedFolder(scope, base);
  return item.paths.some((p) => dirname(p.path) !== shared);
}

function holderAgents(item: InstalledSkill | undefined): Agent[] {
  return (item?.agents ?? []).map((id) => agentById(id)).filter((a): a is Agent => !!a);
}

interface SyncResult {
  name: string;
  /** installed: it was missing and is now in place; restored: placements the lock records for some of its agents
   *  were gone and are back; ok: present and as locked; modified: present, edited (left). */
  status: 'installed' | 'restored' | 'ok' | 'modified' | 'error';
  agents: string[];
  message?: string;
}

/**
 * Makes the project's agents match its lockfile: each locked skill no agent folder holds is fetched and installed
 * for the agents given (default: the shared folder plus every agent whose own project folder, e.g. `.claude`,
 * exists). Present skills are checked against their hash and left alone.
 */
export async function syncProject(
  base: ManageBase,
  opts: { agents?: readonly Agent[]; copy?: boolean; force?: boolean; gitBase?: string } & Pick<
    RunControl,
    'signal'
  >,
): Promise<SyncResult[]> {
  const lock = new SkillLock('project', lockPath('project', base));
  const installed = listInstalled(base, ['project']);
  const agents = opts.agents?.length ? [...opts.agents] : projectAgents(base);
  const cache = new SourceCache(opts.gitBase, base.project, opts.signal, 'project', base.audience);
  const results: SyncResult[] = [];
  try {
    for (const name of lock.names) {
      const entry = lock.get(name) as LockEntry;
      const item = installed.find((i) => i.name === name && i.lock);
      // Agents the lock says it was installed for whose placement is gone (a link or copy deleted) get it back;
      // an edited install is left as it is.
      const missing = (entry.agents ?? [])
        .map((id) => agentById(id))
        .filter((a): a is Agent => !!a && !item?.agents.includes(a.id));
      if (item && (item.state === 'modified' || !missing.length)) {
        results.push({ name, status: item.state === 'modified' ? 'modified' : 'ok', agents: item.agents });
        continue;
      }
      // Restoring keeps the install's mode: links to its shared copy when it has one, else copies.
      const shared = realPathOf(sharedFolder('project', base));
      const targets = item ? missing : agents;
      const copy = item
        ? !item.paths.some((p) => !p.link && realPathOf(dirname(p.path)) === shared)
        : opts.copy;
      const got = await cache.get(entry, [...new Set(targets.map((a) => a.profile))]);
      const { found, problem } = got.fetched ? findInSource(got.skills, name, entry) : { problem: '' };
      if (!got.fetched || !found) {
        results.push({ name, status: 'error', agents: [], message: got.error ?? problem });
        continue;
      }
      // The lockfile is what the project trusts: a source that changed since is not installed by sync (red-team M4).
      const sourceHash = found.hash; // as inspected: installing refuses anything else
      if (sourceHash !== entry.computedHash && !opts.force) {
        results.push({
          name,
          status: 'error',
          agents: [],
          message: `${entry.source} no longer matches the lockfile (locked ${entry.computedHash || 'with no computedHash'}, the source now hashes ${sourceHash}); nothing was installed. ${remedy({ cli: `Review the change with \`skillbench update ${name} --check\` and take it with \`skillbench update ${name}\`, or pass --force to sync what the source holds now`, app: `Review the change and take it with the skill's Update…` }, base.audience)}.`,
        });
        continue;
      }
      try {
        const [done] = await installSkills(base, got.fetched, [found], {
          agents: targets,
          scope: 'project',
          ...(copy ? { copy: true } : {}),
          ...(opts.force ? { force: true } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
        const changed = sourceHash !== entry.computedHash;
        results.push({
          name,
          status: item ? 'restored' : 'installed',
          agents: [...new Set(done?.placements.flatMap((p) => p.agents) ?? [])],
          ...(changed
            ? { message: `the source changed since it was locked; the lockfile now records the new hash.` }
            : {}),
        });
      } catch (error) {
        if (isCancelled(error)) throw error;
        results.push({ name, status: 'error', agents: [], message: (error as Error).message });
      }
    }
  } finally {
    cache.dispose();
  }
  return results;
}

/**
 * The shared folder's agents plus each agent whose own hidden project folder (`.claude`, `.trae`) exists. A folder
 * with a common name (`skills` for OpenClaw, `data` for AstrBot, `agent` for Eve) says nothing about the agents a
 * project uses: those are synced when named.
 */
function projectAgents(base: ManageBase): Agent[] {
  return AGENTS.filter((a) => {
    if (a.id === SHARED_AGENT_ID) return true;
    const top = a.projectDir.split('/')[0] ?? '';
    return !readsSharedFolder(a) && hasOwnProjectFolder(a) && existsSync(join(base.project, top));
  });
}
