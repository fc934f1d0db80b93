// Owns turning the settings into workspace options: the trust rule (the CLI uses it too), the project folders,
// and the whole option set the app's host opens its workspace with.
import { resolve } from 'node:path';
import type { Settings } from '../../../shared/host-types.js';
import type { RootInfo } from '../../../shared/types.js';
import { agentContext } from '../agents/folders.js';
import type { McpClientSide } from '../mcp/client-side.js';
import { agentsReading, linkScopes, usualRoots } from '../skills/usual-roots.js';
import type { WorkspaceOptions } from '../workspace.js';
import { isTrustedFolder } from './trust.js';

/**
 * Which roots are trusted: the command line's project roots when the user said so for this run (`--trust`),
 * else the folders remembered in the settings. `trustedFolders` is asked only when needed (the CLI reads the
 * file late).
 */
export function rootTrust(
  trustProjectRoots: boolean | undefined,
  trustedFolders: () => Settings['trustedFolders'],
): (root: RootInfo) => boolean {
  return (root) =>
    (root.kind === 'project' && trustProjectRoots === true) || isTrustedFolder(root, trustedFolders());
}

/**
 * The folders whose agents' skill folders are managed in the project scope: the command line's roots, then
 * the roots added in settings. The first is the default and is also scanned for installed skills.
 */
export function projectFolders(projectRoots: readonly string[], settings: Settings): string[] {
  return [...new Set([...projectRoots, ...settings.roots].map((p) => resolve(p)))];
}

export interface SettingsWorkspaceInput {
  settings: Settings;
  /** The settings file, named in the diagnostics of the servers it defines. */
  settingsFile: string;
  bundledSkills: string;
  userDataDir: string;
  projectRoots?: readonly string[];
  trustProjectRoots?: boolean;
  mcpClient?: McpClientSide;
}

/**
 * The workspace as the settings describe it: command-line roots, the agents' folders that exist in each
 * project (`.claude/skills`, `.agents/skills`...), the user's roots, the agents' folders in the home folder
 * (every installed skill is seen), the bundled examples.
 */
export function settingsWorkspaceOptions(o: SettingsWorkspaceInput): Omit<WorkspaceOptions, 'history'> {
  const { settings: s, projectRoots = [], bundledSkills, userDataDir } = o;
  const projects = projectFolders(projectRoots, s);
  const ctx = agentContext();
  // Without a project, only the home folder's agent folders (the data folder stands in for a project). The
  // agent folders of every project are roots; the first project's keep their plain ids ("project-claude"),
  // the others' are numbered ("project2-claude").
  const agentRoots = [
    ...projects.flatMap((p, i) =>
      usualRoots(p, ctx)
        .filter((r) => r.kind === 'project')
        .map((r) => (i === 0 || !r.id ? r : { ...r, id: r.id.replace(/^project-/, `project${i + 1}-`) })),
    ),
    ...usualRoots(projects[0] ?? userDataDir, ctx).filter((r) => r.kind === 'user'),
  ];
  // A root that is itself an agent's skill folder is checked as that agent reads it.
  const given = (path: string, kind: 'project' | 'user') => {
    const { readers } = agentsReading(path, ctx);
    return { path, kind, ...(readers.length ? { readers } : {}) };
  };
  return {
    roots: [
      ...projectRoots.map((path) => given(path, 'project')),
      ...agentRoots.filter((r) => r.kind === 'project'),
      ...s.roots.map((path) => given(path, 'user')),
      ...agentRoots.filter((r) => r.kind === 'user'),
      { path: bundledSkills, kind: 'bundled' },
    ],
    linkScopes: linkScopes(projects, ctx),
    profile: s.profile,
    precedence: s.precedence,
    ...(s.excludedTools.length ? { excludedSkillTools: s.excludedTools } : {}),
    trust: rootTrust(o.trustProjectRoots, () => s.trustedFolders),
    ...(o.mcpClient ? { mcpClient: o.mcpClient } : {}),
    ...(Object.keys(s.mcpServers).length
      ? { settingsServers: { servers: s.mcpServers, file: o.settingsFile, baseDir: userDataDir } }
      : {}),
  };
}
