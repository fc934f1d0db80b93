// Owns where skills usually live (DESIGN.md "Roots"): every skill folder of the agent table that exists, in the
// project (an agent's own hidden folder, or the shared `.agents/skills`) and in the user's home, with the agents that
// read each; and where a link in a root may lead.
import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { AgentReader } from '../../../shared/types.js';
import { isWithin } from '../fs/confine.js';
import {
  agentContext,
  agentFolders,
  AGENTS,
  hasOwnProjectFolder,
  SHARED_AGENT_ID,
  type AgentContext,
  type AgentFolder,
} from '../agents/folders.js';
import type { RootSpec } from './library.js';

// The shared folder's own row of the agent table stands for a folder, not an agent: its agents are the readers. In a
// project, a folder of a common name (`skills/`) is no agent's: only agents with a hidden folder of their own count.
const readersOfFolder = (f: AgentFolder): AgentReader[] =>
  f.agents
    .filter((a) => a.id !== SHARED_AGENT_ID && (f.scope === 'user' || hasOwnProjectFolder(a)))
    .map((a) => ({ agent: a.id, profile: a.profile }));

/**
 * The agents' skill folders that exist: the project's (`<project>/.claude/skills`, `<project>/.agents/skills`, ...),
 * then the user's. Ids such as "project-claude" and "user-agents" say where a skill comes from.
 */
export function usualRoots(projectDir: string, ctx: AgentContext = agentContext()): RootSpec[] {
  return agentFolders(projectDir, ctx)
    .filter((f) => (f.scope === 'user' || f.agents.some(hasOwnProjectFolder)) && isFolder(f.path))
    .map((f) => ({ path: f.path, kind: f.scope, id: `${f.scope}-${f.name}`, readers: readersOfFolder(f) }));
}

/**
 * The agents that read a folder given as a root, and the project it belongs to: an agent's project folder is known by
 * how its path ends (`…/my-app/.claude/skills`), a user folder by where it is. None for any other folder.
 */
export function agentsReading(
  path: string,
  ctx: AgentContext = agentContext(),
): { readers: AgentReader[]; project?: string } {
  const abs = resolve(path);
  for (const agent of AGENTS) {
    if (!hasOwnProjectFolder(agent)) continue;
    const suffix = sep + agent.projectDir.split('/').join(sep);
    if (!abs.endsWith(suffix)) continue;
    const project = abs.slice(0, -suffix.length) || sep;
    const folder = agentFolders(project, ctx).find((f) => f.scope === 'project' && f.path === abs);
    if (folder) return { readers: readersOfFolder(folder), project };
  }
  const user = agentFolders(abs, ctx).find((f) => f.scope === 'user' && f.path === abs);
  return { readers: user ? readersOfFolder(user) : [] };
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/**
 * Where a link in a root may lead and be read, besides the roots: the projects, and every agent's user folder. A
 * "project" that is the home folder or holds it is no scope: it would let a link read any file of the user's.
 */
export function linkScopes(projects: readonly string[], ctx: AgentContext = agentContext()): string[] {
  const user = agentFolders(projects[0] ?? ctx.home, ctx)
    .filter((f) => f.scope === 'user')
    .map((f) => f.path);
  const narrow = projects.map((p) => resolve(p)).filter((p) => !isWithin(p, resolve(ctx.home)));
  return [...new Set([...narrow, ...user])];
}
