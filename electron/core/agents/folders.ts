// Owns reading the agent table (table.ts): which folders each agent reads per scope, where an install for it
// goes, and the distinct folders with their readers. Discovery (`--discover`), install, remove, sync and
// `list --installed` all read it.
//
// Folders follow Vercel's `skills` CLI, so both tools manage the same folders: a project folder relative to the
// project, a user folder under the home folder or the XDG config folder (`$XDG_CONFIG_HOME`, else `~/.config`, on
// every OS) with the agents' own home overrides (`CLAUDE_CONFIG_DIR`, `GROK_HOME`…). An agent whose project folder is
// `.agents/skills` is served by the shared copy in both scopes, as the CLI installs for it (its own user folder,
// such as `~/.cursor/skills`, is still read when listing and cleaned when removing).
import { homedir } from 'node:os';
import { resolve, sep } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { AGENTS, SHARED_AGENT_ID, SHARED_DIR, type Agent, type AgentContext } from './table.js';

export { AGENTS, SHARED_AGENT_ID, type Agent, type AgentContext } from './table.js';

export type Scope = 'project' | 'user';

/** The context of this process: `SKILLBENCH_HOME` (tests, sandboxes) else the real home folder. */
export function agentContext(env: NodeJS.ProcessEnv = process.env): AgentContext {
  return { home: env.SKILLBENCH_HOME ?? homedir(), env, platform: process.platform };
}

export function agentById(id: string): Agent | undefined {
  return AGENTS.find((a) => a.id === id);
}

/** The agents named, each checked against the table; an unknown id names the known ones. */
export function agentsByIds(ids: readonly string[]): Agent[] {
  return ids.map((id) => {
    const agent = agentById(id);
    if (!agent)
      throw new RangeError(
        `Unknown agent "${id}". Known agents (\`skillbench agents\` shows their folders): ${AGENTS.map((a) => a.id).join(', ')}.`,
      );
    return agent;
  });
}

/** An agent that reads the shared `.agents/skills` of a project (the CLI's "universal" agents). */
export function readsSharedFolder(agent: Agent): boolean {
  return agent.projectDir === SHARED_DIR;
}

/**
 * The agent's project folder sits in a hidden folder of its own (`.claude/skills`, `.trae/skills`), so finding it
 * says the project uses the agent. A folder with a common name (`skills/` for OpenClaw, `data/skills` for AstrBot,
 * `agent/skills` for Eve) says nothing: sync and discovery leave those agents out unless they are named.
 */
export function hasOwnProjectFolder(agent: Agent): boolean {
  return (agent.projectDir.split('/')[0] ?? '').startsWith('.');
}

/** The folder of the agent's row in one scope; undefined in the user scope for a project-only agent (Eve). */
export function agentFolder(
  agent: Agent,
  scope: 'project',
  base: { project: string; ctx: AgentContext },
): string;
export function agentFolder(
  agent: Agent,
  scope: Scope,
  base: { project: string; ctx: AgentContext },
): string | undefined;
export function agentFolder(
  agent: Agent,
  scope: Scope,
  base: { project: string; ctx: AgentContext },
): string | undefined {
  if (scope === 'project') return resolve(base.project, ...agent.projectDir.split('/'));
  return agent.userDir ? resolve(agent.userDir(base.ctx)) : undefined;
}

/** The shared folder of a scope: `<project>/.agents/skills` or `~/.agents/skills`. */
export function sharedFolder(scope: Scope, base: { project: string; ctx: AgentContext }): string {
  return installFolder(agentById(SHARED_AGENT_ID) as Agent, scope, base);
}

/** Where an install for the agent goes: the shared folder for an agent that reads it, else its own folder. */
export function installFolder(
  agent: Agent,
  scope: Scope,
  base: { project: string; ctx: AgentContext },
): string {
  const folder =
    readsSharedFolder(agent) && agent.id !== SHARED_AGENT_ID
      ? sharedFolder(scope, base)
      : agentFolder(agent, scope, base);
  if (folder === undefined)
    throw new SkillError(
      'InvalidArgs',
      `${agent.displayName} reads skills only from a project (${agent.projectDir}), not from your home folder: leave out --global, or --agent ${agent.id}.`,
    );
  return folder;
}

export interface AgentFolder {
  path: string;
  scope: Scope;
  /** The agents that read this folder (several share `.agents/skills`). */
  agents: Agent[];
  /** A short stable name for the folder: `claude`, `agents`, `codeium-windsurf`, `config-opencode`. */
  name: string;
}

/**
 * Every distinct skill folder of the table, project ones first, with the agents that read each: an agent's own
 * folder, and the shared folder for the agents the shared copy serves.
 */
export function agentFolders(project: string, ctx: AgentContext): AgentFolder[] {
  const out: AgentFolder[] = [];
  for (const scope of ['project', 'user'] as const) {
    const anchor = scope === 'project' ? resolve(project) : resolve(ctx.home);
    for (const agent of AGENTS) {
      const own = agentFolder(agent, scope, { project, ctx });
      if (own === undefined) continue;
      for (const path of new Set([installFolder(agent, scope, { project, ctx }), own])) {
        const existing = out.find((f) => f.path === path);
        if (existing) {
          if (!existing.agents.includes(agent)) existing.agents.push(agent);
        } else out.push({ path, scope, agents: [agent], name: folderName(anchor, path, agent.id) });
      }
    }
  }
  return out;
}

/** `.claude/skills` -> `claude`, `.config/opencode/skills` -> `config-opencode`; outside the anchor, the agent id. */
function folderName(anchor: string, path: string, fallback: string): string {
  if (!path.startsWith(anchor + sep)) return fallback;
  const parts = path
    .slice(anchor.length)
    .split(/[\\/]+/)
    .filter(Boolean);
  if (parts[parts.length - 1] === 'skills') parts.pop();
  const name = parts.map((p) => p.replace(/^\./, '')).join('-');
  return name || fallback;
}

/**
 * The table as docs/agents.md shows it (a test keeps the page in step): id, name, project folder, user folder as a
 * user reads it (`~`, and `$VARIABLE` where one overrides it), and what sets the agent apart.
 */
export function agentTableRows(): string[][] {
  const written = (ctx: AgentContext, agent: Agent) =>
    agent
      .userDir?.(ctx)
      .split(/[\\/]+/)
      .join('/');
  const plain: AgentContext = { home: '~', env: {}, platform: 'linux' };
  // Every variable read answers with its own name, so the folder says which one overrides it.
  const named: AgentContext = {
    home: '~',
    env: new Proxy<Record<string, string>>(
      {},
      { get: (_, key) => (typeof key === 'string' ? `$${key}` : undefined) },
    ),
    platform: 'linux',
  };
  return AGENTS.map((agent) => {
    const usual = written(plain, agent);
    const overridden = written(named, agent);
    const user =
      usual === undefined
        ? '-'
        : overridden !== usual
          ? `\`${overridden}\`, else \`${usual}\``
          : `\`${usual}\``;
    const notes = [
      ...(agent.skillbenchOnly ? ["Skillbench's name for the shared folder"] : []),
      ...(!agent.skillbenchOnly && readsSharedFolder(agent) ? ['installs go to the shared copy'] : []),
      ...(agent.showInUniversalPrompt === false || agent.showInUniversalList === false
        ? ['not named among its readers']
        : []),
      ...(agent.followsSymlinks ? [] : ['gets copies, not links']),
      ...(agent.userDir ? [] : ['project only']),
    ];
    return [`\`${agent.id}\``, agent.displayName, `\`${agent.projectDir}\``, user, notes.join('; ')];
  });
}
