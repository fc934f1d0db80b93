// Owns telling what is installed: every skill in the agents' folders of a scope, which of them are the locked
// install (its copies and the links to them) and which are skills of their own, and whether each is as installed.
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isManifestFileName } from '../../../shared/manifest-formats.js';
import { AGENTS, agentFolders, sharedFolder, type Scope } from '../agents/folders.js';
import { lockPath, SkillLock, type LockEntry } from './lock.js';
import { cachedSkillFolderHash, folderHash, lockedHash } from './skill-hash.js';
import { eveCopyHash } from './eve.js';
import type { ManageBase } from './base.js';
import { cleanStaleStaging } from './staging.js';
import { safeRealpath } from '../fs/confine.js';

export interface InstalledSkill {
  /** The lock's key for a locked skill (its name as written: `Braintree Automation`), else the folder name. */
  name: string;
  scope: Scope;
  /** Agents that read it (every agent of every folder that holds it). */
  agents: string[];
  /** The folders' entries holding it: real folders and links. */
  paths: Array<{ path: string; link: boolean }>;
  /** The real folder its content is in (the shared copy when linked). */
  folder: string;
  lock?: LockEntry;
  /**
   * clean: as installed; modified: edited since; untracked: not in the lockfile; unknown: locked with no hash to
   * compare, or installed by the `skills` CLI and not hashing as locked (its lock hashes the source, of which it
   * copies less: skillsCliCopyHash), which only the source can tell (update --check).
   */
  state: 'clean' | 'modified' | 'untracked' | 'unknown';
  /** When modified: the real folders whose content differs from the lock (each copy is hashed). */
  modifiedPaths?: string[];
  /** The content hash of `folder`. */
  hash: string;
}

function holdsSkill(path: string): boolean {
  try {
    return statSync(path).isDirectory() && readdirSync(path).some(isManifestFileName);
  } catch {
    return false;
  }
}

/** One folder entry of an agent folder holding a skill, before it is told which install it belongs to. */
interface Occurrence {
  path: string;
  link: boolean;
  /** The real folder its content is in. */
  real: string;
  /** Agents that read it (every agent of its folder, and of folders linked to that folder). */
  agents: string[];
  /** Its folder is read by agents that do not follow links (Eve): an install puts a copy there. */
  copyFolder: boolean;
}

/**
 * Every skill installed in the agents' folders of the scopes given, with the agents that read it. A locked skill is
 * its install: the shared copy, the copies placed for the agents the lock records (or, for a lock without them,
 * copies still as locked), and the links to any of those. Any other folder of the same name is a skill of its own
 * (untracked), which update, sync and remove of the install never touch. A locked skill is listed before the others
 * of its name.
 */
export function listInstalled(base: ManageBase, scopes: readonly Scope[]): InstalledSkill[] {
  cleanStaleStaging(base);
  const out: InstalledSkill[] = [];
  for (const scope of scopes) {
    const lock = new SkillLock(scope, lockPath(scope, base));
    const byName = new Map<string, Occurrence[]>();
    // Folders linked together (`.claude/skills -> ../.agents/skills`) are read once; the others' agents join in.
    const seen = new Map<string, Occurrence[]>();
    for (const folder of agentFolders(base.project, base.ctx).filter((f) => f.scope === scope)) {
      const real = safeRealpath(folder.path);
      const already = real !== undefined ? seen.get(real) : undefined;
      if (already) {
        for (const o of already)
          for (const a of folder.agents) if (!o.agents.includes(a.id)) o.agents.push(a.id);
        continue;
      }
      const found: Occurrence[] = [];
      if (real !== undefined) seen.set(real, found);
      let names: string[];
      try {
        names = readdirSync(folder.path).sort();
      } catch {
        continue;
      }
      for (const name of names) {
        const path = join(folder.path, name);
        if (name.startsWith('.') || !holdsSkill(path)) continue;
        const o: Occurrence = {
          path,
          link: lstatSync(path).isSymbolicLink(),
          real: realpathSync.native(path),
          agents: folder.agents.map((a) => a.id),
          copyFolder: folder.agents.every((a) => !a.followsSymlinks),
        };
        found.push(o);
        byName.set(name, [...(byName.get(name) ?? []), o]);
      }
    }
    const shared = safeRealpath(sharedFolder(scope, base));
    for (const [folderName, occurrences] of byName) {
      // The skill of a non-slug name is in the folder the CLI names after it, and locked by its name as written.
      const key = lock.keyForFolder(folderName);
      const entry = key !== undefined ? lock.get(key) : undefined;
      const groups = entry ? splitInstall(occurrences, entry, shared) : { install: [], others: occurrences };
      if (key !== undefined && entry && groups.install.length)
        out.push(installedItem(key, scope, groups.install, entry));
      // The rest: one item per content (links join the folder they point to; identical copies are one skill).
      const byContent = new Map<string, Occurrence[]>();
      for (const o of groups.others) {
        const key = cachedSkillFolderHash(o.real);
        byContent.set(key, [...(byContent.get(key) ?? []), o]);
      }
      for (const group of byContent.values()) out.push(installedItem(folderName, scope, group, undefined));
    }
  }
  return out;
}

/** Which folders of one name are the locked install, and which are skills of their own. */
function splitInstall(
  occurrences: readonly Occurrence[],
  entry: LockEntry,
  sharedFolder: string | undefined,
): { install: Occurrence[]; others: Occurrence[] } {
  const placedFor = Array.isArray(entry.agents) ? entry.agents : undefined;
  const copies = occurrences.filter((o) => !o.link);
  const locked = lockedHash(entry);
  const inShared = (o: Occurrence) => sharedFolder !== undefined && dirname(o.path) === sharedFolder;
  const asLocked = (o: Occurrence) => !!locked && folderHash(o.real, locked.kind) === locked.hash;
  // Placed for an agent the lock records; in a lock of the CLI (no record), the copies it makes for agents that do
  // not follow links (Eve's folder).
  const placed = (o: Occurrence) => (placedFor ? o.agents.some((a) => placedFor.includes(a)) : o.copyFolder);
  const members = new Set(copies.filter((o) => inShared(o) || asLocked(o) || placed(o)).map((o) => o.real));
  // A lock without a hash or a record of its agents (the `skills` CLI's): the first copy stands for it.
  if (!members.size && copies[0] && (!locked || !placedFor)) members.add(copies[0].real);
  const install = occurrences.filter((o) => members.has(o.real));
  return { install, others: occurrences.filter((o) => !members.has(o.real)) };
}

function installedItem(
  name: string,
  scope: Scope,
  occurrences: readonly Occurrence[],
  lock: LockEntry | undefined,
): InstalledSkill {
  const copies = occurrences.filter((o) => !o.link);
  const main = copies.find((o) => !o.copyFolder && o.path === o.real) ?? copies.find((o) => !o.copyFolder);
  const folder = (main ?? copies[0] ?? occurrences[0])?.real ?? '';
  const locked = lock ? lockedHash(lock) : undefined;
  // Every real copy is hashed, in the lock's convention: an edit to any of them is a local change, and says where.
  const reals = [...new Set(occurrences.map((o) => o.real))];
  const asLocked = (real: string) => !!locked && folderHash(real, locked.kind) === locked.hash;
  // A copy for Eve that the CLI made holds a rewritten SKILL.md: it is as installed when it is what the CLI makes of
  // a copy that is.
  const eveForm = (real: string) =>
    !!main &&
    main.real !== real &&
    occurrences.some((o) => o.real === real && o.copyFolder) &&
    asLocked(main.real) &&
    eveCopyHash(main.real) === cachedSkillFolderHash(real);
  const differ = locked ? reals.filter((real) => !asLocked(real) && !eveForm(real)) : [];
  // The `skills` CLI locks the hash of the source, but copies it without some files (skillsCliCopyHash): a copy it
  // made (an entry without Skillbench's `agents`) that does not hash as locked may be exactly what it copied. Only
  // the source can tell (update --check compares with it); until then it is unknown, not modified.
  const byCli = lock !== undefined && !Array.isArray(lock.agents);
  const modified = byCli ? [] : differ;
  const agents = [...new Set(occurrences.flatMap((o) => o.agents))].sort(
    (a, b) => AGENTS.findIndex((x) => x.id === a) - AGENTS.findIndex((x) => x.id === b),
  );
  return {
    name,
    scope,
    agents,
    paths: occurrences.map((o) => ({ path: o.path, link: o.link })),
    folder,
    ...(lock ? { lock } : {}),
    state: !lock
      ? 'untracked'
      : !locked || (byCli && differ.length)
        ? 'unknown'
        : modified.length
          ? 'modified'
          : 'clean',
    ...(modified.length ? { modifiedPaths: modified } : {}),
    hash: folder ? cachedSkillFolderHash(folder) : '',
  };
}
