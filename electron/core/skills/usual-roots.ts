// Owns where skills usually live (DESIGN.md "Roots"): every skill folder of the agent table (issue 17) that exists,
// in the project and in the user's home.
import { existsSync, statSync } from 'node:fs';
import { agentContext, agentFolders, type AgentContext } from '../manage/agents.js';
import type { RootSpec } from './library.js';

/**
 * The agents' skill folders that exist: the project's (`<project>/.claude/skills`, `<project>/.agents/skills`, ...),
 * then the user's. Ids such as "project-claude" and "user-agents" say where a skill comes from.
 */
export function usualRoots(projectDir: string, ctx: AgentContext = agentContext()): RootSpec[] {
  return agentFolders(projectDir, ctx)
    .filter((f) => existsSync(f.path) && statSync(f.path).isDirectory())
    .map((f) => ({ path: f.path, kind: f.scope, id: `${f.scope}-${f.name}` }));
}
