// Owns the app's manage planning: which project folder a request writes to, installed skills matched to library
// entries, and sources fetched by a look inside, kept until installed or discarded.
import { dirname, resolve } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import type { InstalledSkillView, ManageAgentView } from '../../../shared/manage-types.js';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import { safeRealpath } from '../fs/confine.js';
import {
  agentContext,
  AGENTS,
  agentsByIds,
  installFolder,
  type Agent,
  type Scope,
} from '../agents/folders.js';
import { inspectAgain, type InspectedSkill } from './inspect.js';
import { installProfiles, installSkills, planInstall, type InstallOptions } from './install.js';
import type { ManageBase } from './base.js';
import { listInstalled } from './installed.js';
import type { FetchedSource } from './source.js';

/** Agents by id; an unknown id is the request's mistake. */
export function agentsOf(ids: readonly string[]): Agent[] {
  try {
    return agentsByIds(ids);
  } catch (error) {
    throw new SkillError('InvalidArgs', (error as Error).message);
  }
}

/**
 * The project folder of a request: one the app was given (`projects`), the first by default. The user scope
 * needs none; the app's data folder stands in so nothing relative to the working directory is touched.
 */
export function manageBase(
  projects: readonly string[],
  scope: Scope,
  project: string | undefined,
  fallback: string,
  note?: (message: string) => void,
): ManageBase {
  if (project !== undefined && !projects.includes(resolve(project)))
    throw new SkillError(
      'PermissionDenied',
      `${project} is not one of the project folders Skillbench was opened with (${projects.join(', ') || 'none'}); add it as a root in Settings first.`,
    );
  const chosen = project !== undefined ? resolve(project) : projects[0];
  if (!chosen && scope === 'project')
    throw new SkillError(
      'NotFound',
      'No project folder is open: start Skillbench with a folder (skillbench serve FOLDER), add a root in Settings, or install for the user instead.',
    );
  return { project: chosen ?? fallback, ctx: agentContext(), audience: 'app', ...(note ? { note } : {}) };
}

/**
 * Every agent with the folders it reads here: the project's (its relative folder with no project open) and
 * the user's.
 */
export function agentFolders(hasProject: boolean, base: ManageBase): ManageAgentView[] {
  return AGENTS.map((a) => ({
    id: a.id,
    displayName: a.displayName,
    projectFolder: hasProject ? installFolder(a, 'project', base) : a.projectDir,
    userFolder: a.userDir ? installFolder(a, 'user', base) : null,
    followsSymlinks: a.followsSymlinks,
    profile: a.profile,
  }));
}

/**
 * Installed skills of the scopes given (each project's project scope, then the user scope), each with the
 * library entries that are it (its folder or one of its links).
 */
export function installedWithEntries(
  projectBases: readonly ManageBase[],
  userBase: ManageBase,
  entries: readonly LibraryEntry[],
): InstalledSkillView[] {
  const found = [
    ...projectBases.flatMap((b) => listInstalled(b, ['project'])),
    ...listInstalled(userBase, ['user']),
  ];
  const byFolder = new Map<string, string[]>();
  for (const e of entries) {
    if (e.status === 'excluded') continue;
    const folder = safeRealpath(dirname(e.path));
    if (folder) byFolder.set(folder, [...(byFolder.get(folder) ?? []), e.id]);
  }
  return found.map((i) => {
    const folders = new Set([i.folder, ...i.paths.map((p) => safeRealpath(p.path) ?? p.path)]);
    return {
      name: i.name,
      scope: i.scope,
      agents: i.agents,
      paths: i.paths,
      folder: i.folder,
      source: i.lock?.source ?? null,
      state: i.state,
      ...(i.modifiedPaths ? { modifiedPaths: i.modifiedPaths } : {}),
      entryIds: [...new Set([...folders].flatMap((f) => byFolder.get(f) ?? []))],
    };
  });
}

/**
 * What installing every skill of a source would replace; none when no plan can be made (installing says why).
 */
export function clashesOf(
  base: ManageBase,
  fetched: FetchedSource,
  skills: readonly InspectedSkill[],
  target: InstallOptions,
): Array<{ skill: string; path: string; state: 'blocked' | 'modified' | 'different' }> {
  try {
    return planInstall(base, fetched, skills, target).conflicts;
  } catch {
    return [];
  }
}

/** Fetched sources waiting for their install: a few at most (each may be a clone in a temporary folder). */
const MAX_KEPT = 8;

interface KeptSource {
  fetched: FetchedSource;
  skills: InspectedSkill[];
  /** The profiles its skills were checked with. */
  profiles: ValidationProfile[];
  /** An install from it is running: a second click must not start another. */
  installing?: boolean;
}

export class KeptSources {
  private readonly kept = new Map<string, KeptSource>();

  /** Keeps an inspected source under `id`; the oldest beyond the few kept are let go. */
  keep(id: string, fetched: FetchedSource, skills: InspectedSkill[], profiles: ValidationProfile[]): void {
    this.kept.set(id, { fetched, skills, profiles });
    for (const old of [...this.kept.keys()].slice(0, -MAX_KEPT)) this.discard(old);
  }

  discard(id: string): boolean {
    this.kept.get(id)?.fetched.dispose();
    return this.kept.delete(id);
  }

  close(): void {
    for (const id of [...this.kept.keys()]) this.discard(id);
  }

  /**
   * Installs the skills named from a kept source, then lets it go. Checked with the profiles of the agents
   * this install is for, whatever the look inside was made for: agents ticked since are checked now, on the
   * source already fetched (installSkills refuses a skill not checked).
   */
  async install(
    id: string,
    base: ManageBase,
    names: readonly string[],
    opts: InstallOptions,
  ): Promise<Awaited<ReturnType<typeof installSkills>>> {
    const source = this.kept.get(id);
    if (!source)
      throw new SkillError(
        'NotFound',
        'That source is no longer open (it was installed, discarded, or the app restarted): look at it again.',
      );
    const needed = installProfiles(base, opts);
    if (needed.all.some((p) => !source.profiles.includes(p))) {
      source.profiles = [...new Set([...source.profiles, ...needed.all])];
      source.skills = inspectAgain(source.fetched, source.profiles, source.skills, base.audience);
    }
    const chosen = names.map((name) => {
      const skill = source.skills.find((s) => s.name === name);
      if (!skill)
        throw new SkillError(
          'NotFound',
          `The source holds no skill "${name}". It holds: ${source.skills.map((s) => s.name).join(', ')}.`,
        );
      return skill;
    });
    if (source.installing)
      throw new SkillError('Conflict', 'Skills from this source are being installed already; wait for it.');
    source.installing = true;
    let results;
    try {
      results = await installSkills(base, source.fetched, chosen, opts);
    } finally {
      source.installing = false;
    }
    this.discard(id);
    return results;
  }
}
