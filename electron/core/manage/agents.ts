// Owns the agent table (issue 17): which agents read skills from which folders, per scope and OS, whether they
// follow a symlinked skill folder, and which validation profile stands for each. Discovery (`--discover`), install,
// remove, sync and `list --installed` all read this one table.
//
// Folders follow Vercel's `skills` CLI (vercel-labs/skills, src/agents.ts), so both tools manage the same folders:
// a project folder relative to the project, a user folder under the home folder or the XDG config folder
// (`$XDG_CONFIG_HOME`, else `~/.config`, on every OS, as that CLI does to match OpenCode, Amp and Goose), with the
// agents' own home overrides (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`). The folders are the same on macOS, Linux and
// Windows apart from the separator; an agent that differs per OS gets a `byPlatform` entry.
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { ValidationProfile } from '../../../shared/types.js';

/** Where the user-scope folders are resolved from: injectable so tests run on a temporary home. */
export interface AgentContext {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

export type Scope = 'project' | 'user';

type UserDir = (ctx: AgentContext) => string;

export interface Agent {
  id: string;
  displayName: string;
  /** The project folder, relative to the project root ('/'-separated). */
  projectDir: string;
  /** The user folder. */
  userDir: UserDir;
  /** Per-OS replacements of `userDir`, where an agent keeps its folder elsewhere on that OS. */
  byPlatform?: Partial<Record<NodeJS.Platform, UserDir>>;
  /**
   * Whether the agent loads a skill whose folder is a symlink. Every agent below does (the `skills` CLI links into
   * all of them by default); one that does not gets a copy instead of a link.
   */
  followsSymlinks: boolean;
  /** The validation profile that stands for what the agent accepts. */
  profile: ValidationProfile;
}

const home =
  (...p: string[]): UserDir =>
  (ctx) =>
    join(ctx.home, ...p);
const config =
  (...p: string[]): UserDir =>
  (ctx) =>
    join(ctx.env.XDG_CONFIG_HOME?.trim() || join(ctx.home, '.config'), ...p);
const envHome =
  (variable: string, fallback: string, ...p: string[]): UserDir =>
  (ctx) =>
    join(ctx.env[variable]?.trim() || join(ctx.home, fallback), ...p);

/** The shared copy lives here: agents with their own folder get a link (or a copy) next to it. */
export const SHARED_AGENT_ID = 'agents';

// Claude Code comes first: discovery scans its folders before the shared ones (its skills win a name clash, as
// before the table). Claude Code keeps non-standard keys (`allowed-tools` extensions, hooks): its own profile. The others read the open
// Agent Skills format, checked by the `portable` profile.
export const AGENTS: readonly Agent[] = [
  {
    id: 'claude-code',
    displayName: 'Claude Code',
    projectDir: '.claude/skills',
    userDir: envHome('CLAUDE_CONFIG_DIR', '.claude', 'skills'),
    followsSymlinks: true,
    profile: 'claude-code',
  },
  {
    id: SHARED_AGENT_ID,
    displayName: 'Shared (.agents/skills)',
    projectDir: '.agents/skills',
    userDir: home('.agents', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'codex',
    displayName: 'Codex',
    projectDir: '.agents/skills',
    userDir: envHome('CODEX_HOME', '.codex', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'cursor',
    displayName: 'Cursor',
    projectDir: '.agents/skills',
    userDir: home('.cursor', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'github-copilot',
    displayName: 'GitHub Copilot',
    projectDir: '.agents/skills',
    userDir: home('.copilot', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'gemini-cli',
    displayName: 'Gemini CLI',
    projectDir: '.agents/skills',
    userDir: home('.gemini', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'opencode',
    displayName: 'OpenCode',
    projectDir: '.agents/skills',
    userDir: config('opencode', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'windsurf',
    displayName: 'Windsurf',
    projectDir: '.windsurf/skills',
    userDir: home('.codeium', 'windsurf', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'goose',
    displayName: 'Goose',
    projectDir: '.goose/skills',
    userDir: config('goose', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'amp',
    displayName: 'Amp',
    projectDir: '.agents/skills',
    userDir: config('agents', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'cline',
    displayName: 'Cline',
    projectDir: '.agents/skills',
    userDir: home('.agents', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'roo',
    displayName: 'Roo Code',
    projectDir: '.roo/skills',
    userDir: home('.roo', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'kiro-cli',
    displayName: 'Kiro CLI',
    projectDir: '.kiro/skills',
    userDir: home('.kiro', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'junie',
    displayName: 'Junie',
    projectDir: '.junie/skills',
    userDir: home('.junie', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
  {
    id: 'qwen-code',
    displayName: 'Qwen Code',
    projectDir: '.qwen/skills',
    userDir: home('.qwen', 'skills'),
    followsSymlinks: true,
    profile: 'portable',
  },
];

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
      throw new RangeError(`Unknown agent "${id}". Known agents: ${AGENTS.map((a) => a.id).join(', ')}.`);
    return agent;
  });
}

/** The absolute folder an agent reads skills from, in one scope. */
export function agentFolder(
  agent: Agent,
  scope: Scope,
  base: { project: string; ctx: AgentContext },
): string {
  if (scope === 'project') return resolve(base.project, ...agent.projectDir.split('/'));
  return resolve((agent.byPlatform?.[base.ctx.platform] ?? agent.userDir)(base.ctx));
}

export interface AgentFolder {
  path: string;
  scope: Scope;
  /** The agents that read this folder (several share `.agents/skills`). */
  agents: Agent[];
  /** A short stable name for the folder: `claude`, `agents`, `codeium-windsurf`, `config-opencode`. */
  name: string;
}

/** Every distinct skill folder of the table, project ones first, with the agents that read each. */
export function agentFolders(project: string, ctx: AgentContext): AgentFolder[] {
  const out: AgentFolder[] = [];
  for (const scope of ['project', 'user'] as const) {
    const anchor = scope === 'project' ? resolve(project) : resolve(ctx.home);
    for (const agent of AGENTS) {
      const path = agentFolder(agent, scope, { project, ctx });
      const existing = out.find((f) => f.path === path);
      if (existing) {
        if (!existing.agents.includes(agent)) existing.agents.push(agent);
        continue;
      }
      out.push({ path, scope, agents: [agent], name: folderName(anchor, path, agent.id) });
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
