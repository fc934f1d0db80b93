// Owns the lockfiles of installed skills, read and written as Vercel's `skills` CLI (1.7.4) does, so both tools manage
// the same folders:
// - project scope: `<project>/skills-lock.json`: `{ version: 1, skills: { name: { source, sourceUrl?, ref?,
//   sourceType, skillPath?, computedHash } } }`, skills sorted by name, two-space JSON and a final newline;
//   `sourceUrl` only for git sources, a local source as a path relative to the project (`./vendor/notes`).
// - user scope: `$XDG_STATE_HOME/skills/.skill-lock.json`, else `~/.agents/.skill-lock.json`: `{ version: 3,
//   skills: { name: { source, sourceType, sourceUrl, ref?, skillPath?, skillFolderHash, installedAt, updatedAt } },
//   dismissed?, lastSelectedAgents? }`, two-space JSON without a final newline; `skillFolderHash` in the CLI's
//   convention for the source type (skill-hash.ts), and we add `computedHash` to tell local edits.
// Skills are keyed by name as written (`Braintree Automation`), installed in the folder names.ts gives them. Keys we
// do not know are kept as read, in every entry (a reinstall from the same source keeps them too). A lockfile that
// cannot be parsed is an error, never overwritten.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { notJson, parseJsonText, readJson } from '../../../shared/json-read.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { AgentContext, Scope } from '../agents/folders.js';
import { skillFolderName } from './names.js';

const PROJECT_LOCK_FILE = 'skills-lock.json';
const PROJECT_LOCK_VERSION = 1;
const USER_LOCK_VERSION = 3;

/** One installed skill as either lockfile records it. */
export interface LockEntry {
  /** `owner/repo`, a git URL, or a local path (of a folder or a .zip/.skill file). */
  source: string;
  /** `github` (owner/repo shorthand), `git`, `local`, `archive`. */
  sourceType: string;
  /** Branch or tag installed from. */
  ref?: string;
  /** The skill's SKILL.md inside the source, '/'-separated (`skills/pdf/SKILL.md`, or `SKILL.md` at the root). */
  skillPath?: string;
  /** Content hash of the folder as installed (skill-hash.ts); a user lock written by the CLI has none. */
  computedHash?: string;
  /** The URL fetched (in the project lock, for git sources only). */
  sourceUrl?: string;
  /** User lock only: the source's skill folder, hashed in the CLI's convention for the source type. */
  skillFolderHash?: string;
  installedAt?: string;
  updatedAt?: string;
  /** Skillbench: the agents it was installed for (ids), so its folders are told from other skills of the name. */
  agents?: string[];
  [key: string]: unknown;
}

interface LockFile {
  version: number;
  skills: Record<string, LockEntry>;
  [key: string]: unknown;
}

export function lockPath(scope: Scope, base: { project: string; ctx: AgentContext }): string {
  if (scope === 'project') return join(base.project, PROJECT_LOCK_FILE);
  const state = base.ctx.env.XDG_STATE_HOME?.trim();
  return state
    ? join(state, 'skills', '.skill-lock.json')
    : join(base.ctx.home, '.agents', '.skill-lock.json');
}

/** A lockfile of one scope: read once, changed in memory, written atomically by `save`. */
export class SkillLock {
  private data: LockFile;

  constructor(
    readonly scope: Scope,
    readonly path: string,
  ) {
    this.data = readLock(scope, path);
  }

  get names(): string[] {
    return Object.keys(this.data.skills).sort();
  }

  /**
   * The key of the skill installed in the folder `folder`: the name itself, else the name the CLI would install
   * there (`Braintree Automation` for `braintree-automation`), as its `skills list` finds it.
   */
  keyForFolder(folder: string): string | undefined {
    if (this.get(folder)) return folder;
    return Object.keys(this.data.skills).find((name) => skillFolderName(name) === folder);
  }

  get(name: string): LockEntry | undefined {
    // Own keys only: `constructor` or `__proto__` must not find Object's (red-team L5).
    return Object.hasOwn(this.data.skills, name) ? this.data.skills[name] : undefined;
  }

  /**
   * Records an install. A reinstall from the same source keeps the keys of the earlier entry that Skillbench does not
   * write (the CLI's `pluginName`, `subagents`…), and never blanks the URL or the folder hash it had.
   */
  set(name: string, entry: LockEntry): void {
    const before = this.get(name);
    const kept = before && before.source === entry.source ? unknownKeys(before) : {};
    if (this.scope === 'project') {
      this.data.skills[name] = projectEntry(entry, kept);
      return;
    }
    const now = new Date().toISOString();
    const sourceUrl = entry.sourceUrl ?? (before?.source === entry.source ? before.sourceUrl : undefined);
    const skillFolderHash =
      entry.skillFolderHash || (before?.source === entry.source ? before.skillFolderHash : undefined);
    this.data.skills[name] = {
      ...entry,
      sourceUrl: sourceUrl ?? entry.source,
      ...(skillFolderHash ? { skillFolderHash } : {}),
      ...kept,
      installedAt: before?.installedAt ?? now,
      updatedAt: now,
    };
  }

  remove(name: string): boolean {
    if (!Object.hasOwn(this.data.skills, name)) return false;
    delete this.data.skills[name];
    return true;
  }

  save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    if (this.scope === 'project') {
      const skills = nameMap<LockEntry>();
      const project = dirname(this.path);
      for (const name of Object.keys(this.data.skills).sort()) {
        const entry = this.data.skills[name] as LockEntry;
        skills[name] =
          entry.sourceType === 'local'
            ? { ...entry, source: portableLocalSource(entry.source, project) }
            : entry;
      }
      writeFileAtomically(this.path, `${JSON.stringify({ ...this.data, skills }, null, 2)}\n`);
    } else writeFileAtomically(this.path, JSON.stringify(this.data, null, 2));
  }
}

/** What Skillbench writes in an entry itself; any other key is the CLI's (or a later version's) and kept. */
const WRITTEN_KEYS = new Set([
  'source',
  'sourceType',
  'sourceUrl',
  'ref',
  'skillPath',
  'skillFolderHash',
  'computedHash',
  'installedAt',
  'updatedAt',
  'agents',
]);

function unknownKeys(entry: LockEntry): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !WRITTEN_KEYS.has(key)));
}

/**
 * A project lock entry as the CLI writes it (no timestamps: merge-friendly), in its key order: `sourceUrl` for git
 * sources only, then Skillbench's `agents` before `computedHash`, which the CLI writes last.
 */
function projectEntry(e: LockEntry, kept: Record<string, unknown>): LockEntry {
  const gitUrl = e.sourceType === 'git' || e.sourceType === 'gitlab' ? e.sourceUrl : undefined;
  return {
    source: e.source,
    ...(gitUrl ? { sourceUrl: gitUrl } : {}),
    ...(e.ref ? { ref: e.ref } : {}),
    sourceType: e.sourceType,
    ...(e.skillPath ? { skillPath: e.skillPath } : {}),
    ...kept,
    ...unknownKeys(e),
    ...(e.agents ? { agents: e.agents } : {}),
    computedHash: e.computedHash,
  };
}

/**
 * A local source as the project lock records it (the CLI's getPortableLocalSource): relative to the project,
 * `./`-prefixed below it, `../…` beside it, absolute only where no relative path exists (another drive).
 */
function portableLocalSource(source: string, project: string): string {
  const absolute = isAbsolute(source) ? source : resolve(project, source);
  const rel = relative(project, absolute);
  if (isAbsolute(rel)) return absolute.split(sep).join('/');
  const portable = rel.split(sep).join('/');
  if (!portable) return '.';
  return portable === '..' || portable.startsWith('../') ? portable : `./${portable}`;
}

/** A map keyed by skill names with no prototype, so any name (`__proto__` too) is just a key. */
function nameMap<T>(from?: Record<string, T>): Record<string, T> {
  const map = Object.create(null) as Record<string, T>;
  if (from)
    for (const key of Object.keys(from))
      Object.defineProperty(map, key, {
        value: from[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return map;
}

function readLock(scope: Scope, path: string): LockFile {
  const empty = (): LockFile =>
    scope === 'project'
      ? { version: PROJECT_LOCK_VERSION, skills: nameMap() }
      : { version: USER_LOCK_VERSION, skills: nameMap(), dismissed: {} };
  if (!existsSync(path)) return empty();
  const text = readFileSync(path, 'utf8');
  if (scope === 'project' && CONFLICT_START.test(text)) return mergeConflicted(path, text);
  const read = readJson(text);
  if (!read.ok)
    throw new SkillError(
      read.problem.kind === 'syntax' ? 'ParseError' : 'InvalidFormat',
      `The lockfile ${path} is ${notJson(read.problem)}. Fix it (or resolve its merge conflict) and try again; it was not changed.`,
    );
  return checkedLock(scope, path, read.value, empty);
}

function checkedLock(scope: Scope, path: string, parsed: unknown, empty: () => LockFile): LockFile {
  const lock = parsed as Partial<LockFile>;
  if (
    typeof lock !== 'object' ||
    lock === null ||
    typeof lock.version !== 'number' ||
    typeof lock.skills !== 'object' ||
    lock.skills === null
  )
    throw new SkillError(
      'InvalidFormat',
      `The lockfile ${path} has no "version" number and "skills" object, so it is not a skills lockfile. Move it aside and try again.`,
    );
  // The `skills` CLI starts a user lock older than version 3 afresh; so do we (its entries lack the folder hash).
  if (scope === 'user' && lock.version < USER_LOCK_VERSION) return empty();
  const skills = nameMap(lock.skills);
  // A local source is relative to the project in its lock (as the CLI writes it): read as the folder it names, and
  // written relative again on save.
  if (scope === 'project')
    for (const name of Object.keys(skills)) {
      const entry = skills[name];
      if (entry?.sourceType === 'local' && typeof entry.source === 'string' && !isAbsolute(entry.source))
        skills[name] = { ...entry, source: resolve(dirname(path), entry.source) };
    }
  return { ...(lock as LockFile), skills };
}

const CONFLICT_START = /^<{7}(?: |$)/m;

/** Both sides of a file with git conflict markers (diff3's base section is left out). */
function conflictSides(text: string): [string, string] {
  const ours: string[] = [];
  const theirs: string[] = [];
  let at: 'both' | 'ours' | 'base' | 'theirs' = 'both';
  for (const line of text.split('\n')) {
    if (/^<{7}(?: |$)/.test(line)) at = 'ours';
    else if (/^\|{7}(?: |$)/.test(line) && at === 'ours') at = 'base';
    else if (/^={7}$/.test(line) && (at === 'ours' || at === 'base')) at = 'theirs';
    else if (/^>{7}(?: |$)/.test(line) && at === 'theirs') at = 'both';
    else {
      if (at === 'both' || at === 'ours') ours.push(line);
      if (at === 'both' || at === 'theirs') theirs.push(line);
    }
  }
  return [ours.join('\n'), theirs.join('\n')];
}

/**
 * A project lockfile left with git's conflict markers (two branches each added skills): each side is read, and the
 * skills of both are taken, as a person resolving it would. A skill both sides record differently is not guessed:
 * the file must be resolved by hand. Nothing is written here; the next change saves the merged file.
 */
function mergeConflicted(path: string, text: string): LockFile {
  const empty = (): LockFile => ({ version: PROJECT_LOCK_VERSION, skills: nameMap() });
  const [ours, theirs] = conflictSides(text).map((side, i) => {
    try {
      return checkedLock('project', path, parseJsonText(side, 'this side'), empty);
    } catch (error) {
      throw new SkillError(
        'ParseError',
        `The lockfile ${path} has git merge conflict markers, and ${i === 0 ? 'our' : 'their'} side is not a lockfile (${(error as Error).message}). Resolve the conflict by hand and try again; it was not changed.`,
      );
    }
  }) as [LockFile, LockFile];
  const clashes = Object.keys(theirs.skills).filter(
    (name) =>
      Object.hasOwn(ours.skills, name) &&
      JSON.stringify(ours.skills[name]) !== JSON.stringify(theirs.skills[name]),
  );
  if (clashes.length)
    throw new SkillError(
      'Conflict',
      `The lockfile ${path} has git merge conflict markers, and both sides record ${clashes.map((n) => `"${n}"`).join(', ')} differently (${clashes.map((n) => `${ours.skills[n]?.source}@${ours.skills[n]?.computedHash?.slice(0, 12)} vs ${theirs.skills[n]?.source}@${theirs.skills[n]?.computedHash?.slice(0, 12)}`).join('; ')}). Keep one side for each and try again; it was not changed.`,
    );
  const skills = nameMap(ours.skills);
  for (const name of Object.keys(theirs.skills))
    if (!Object.hasOwn(skills, name)) skills[name] = theirs.skills[name] as LockEntry;
  return { ...theirs, ...ours, skills };
}
