// The agent table as data: Vercel's `skills` CLI's agents (its `agents` object, skills@1.7.4: id, name, project
// folder, user folder and how it resolves environment overrides), plus Skillbench's name for the shared folder.
// test/unit/core/agents/table.test.ts compares it with the pinned package's table, so a new CLI version that
// moves a folder fails there; the functions over it live in folders.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidationProfile } from '../../../shared/types.js';

/** Where the user-scope folders are resolved from: injectable so tests run on a temporary home. */
export interface AgentContext {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}

type UserDir = (ctx: AgentContext) => string;

export interface Agent {
  id: string;
  displayName: string;
  /** The project folder, relative to the project root ('/'-separated). */
  projectDir: string;
  /** The user folder; none for an agent that reads skills only from a project (Eve, PromptScript). */
  userDir?: UserDir;
  /** Whether the agent loads a skill whose folder is a link; one that does not gets a copy (Eve). */
  followsSymlinks: boolean;
  /** The validation profile that stands for what the agent accepts. */
  profile: ValidationProfile;
  /** False: the CLI leaves it out of its prompt of the agents that read `.agents/skills` (it installs for it when
   *  named). */
  showInUniversalPrompt?: false;
  /** False: not counted among the agents that read `.agents/skills` at all (Replit, the CLI's own `universal`). */
  showInUniversalList?: false;
  /** Skillbench's own row (the shared folder), not an agent of the `skills` CLI. */
  skillbenchOnly?: true;
}

/** The folder several agents read in a project, and in the home folder the copy the CLI links every agent to. */
export const SHARED_DIR = '.agents/skills';
/** The shared copy lives here: agents with their own folder get a link (or a copy) next to it. */
export const SHARED_AGENT_ID = 'agents';

/** `$XDG_CONFIG_HOME`, else `~/.config`, on every OS (as the CLI's xdg-basedir: an empty value counts as unset). */
const configHome = (ctx: AgentContext) => ctx.env.XDG_CONFIG_HOME || join(ctx.home, '.config');
const home =
  (path: string): UserDir =>
  (ctx) =>
    join(ctx.home, path);
const config =
  (path: string): UserDir =>
  (ctx) =>
    join(configHome(ctx), path);
/** An agent's own home variable (`CLAUDE_CONFIG_DIR`), else its folder under the home folder. */
const envHome =
  (variable: string, fallback: string): UserDir =>
  (ctx) =>
    join(ctx.env[variable]?.trim() || join(ctx.home, fallback), 'skills');
/** OpenClaw keeps the folder of whichever of its former names the user has (checked in the CLI's order). */
const openClawUserDir: UserDir = (ctx) => {
  for (const name of ['.openclaw', '.clawdbot', '.moltbot'])
    if (existsSync(join(ctx.home, name))) return join(ctx.home, name, 'skills');
  return join(ctx.home, '.openclaw', 'skills');
};

function agent(
  id: string,
  displayName: string,
  projectDir: string,
  userDir: UserDir | undefined,
  more: Partial<Omit<Agent, 'id' | 'displayName' | 'projectDir' | 'userDir'>> = {},
): Agent {
  // The open Agent Skills format (the `portable` profile) unless the agent keeps keys of its own (Claude Code).
  return {
    id,
    displayName,
    projectDir,
    ...(userDir ? { userDir } : {}),
    followsSymlinks: true,
    profile: 'portable',
    ...more,
  };
}

// Claude Code comes first: discovery scans its folders before the shared ones (its skills win a name clash). The
// rest follow the CLI's table.
export const AGENTS: readonly Agent[] = [
  agent('claude-code', 'Claude Code', '.claude/skills', envHome('CLAUDE_CONFIG_DIR', '.claude'), {
    profile: 'claude-code',
  }),
  agent(SHARED_AGENT_ID, 'Shared (.agents/skills)', SHARED_DIR, home('.agents/skills'), {
    skillbenchOnly: true,
  }),
  agent('aider-desk', 'AiderDesk', '.aider-desk/skills', home('.aider-desk/skills')),
  agent('amp', 'Amp', '.agents/skills', config('agents/skills')),
  agent('antigravity', 'Antigravity', '.agents/skills', home('.gemini/antigravity/skills'), {
    showInUniversalPrompt: false,
  }),
  agent('antigravity-cli', 'Antigravity CLI', '.agents/skills', home('.gemini/antigravity-cli/skills'), {
    showInUniversalPrompt: false,
  }),
  agent('astrbot', 'AstrBot', 'data/skills', home('.astrbot/data/skills')),
  agent('autohand-code', 'Autohand Code CLI', '.autohand/skills', envHome('AUTOHAND_HOME', '.autohand')),
  agent('augment', 'Augment', '.augment/skills', home('.augment/skills')),
  agent('bob', 'IBM Bob', '.bob/skills', home('.bob/skills')),
  agent('openclaw', 'OpenClaw', 'skills', openClawUserDir),
  agent('cline', 'Cline', '.agents/skills', home('.agents/skills')),
  agent('codearts-agent', 'CodeArts Agent', '.codeartsdoer/skills', home('.codeartsdoer/skills')),
  agent('codebuddy', 'CodeBuddy', '.codebuddy/skills', home('.codebuddy/skills')),
  agent('codemaker', 'Codemaker', '.codemaker/skills', home('.codemaker/skills')),
  agent('codestudio', 'Code Studio', '.codestudio/skills', home('.codestudio/skills')),
  agent('codex', 'Codex', '.agents/skills', home('.agents/skills')),
  agent('command-code', 'Command Code', '.commandcode/skills', home('.commandcode/skills')),
  agent('continue', 'Continue', '.continue/skills', home('.continue/skills')),
  agent('cortex', 'Cortex Code', '.cortex/skills', home('.snowflake/cortex/skills')),
  agent('crush', 'Crush', '.crush/skills', home('.config/crush/skills')),
  agent('cursor', 'Cursor', '.agents/skills', home('.cursor/skills')),
  agent('deepagents', 'Deep Agents', '.agents/skills', home('.deepagents/agent/skills'), {
    showInUniversalPrompt: false,
  }),
  agent('devin', 'Devin for Terminal', '.devin/skills', config('devin/skills')),
  agent('dexto', 'Dexto', '.agents/skills', home('.agents/skills'), { showInUniversalPrompt: false }),
  agent('droid', 'Droid', '.agents/skills', home('.factory/skills')),
  agent('eve', 'Eve', 'agent/skills', undefined, { followsSymlinks: false }),
  agent('firebender', 'Firebender', '.agents/skills', home('.firebender/skills'), {
    showInUniversalPrompt: false,
  }),
  agent('forgecode', 'ForgeCode', '.forge/skills', home('.forge/skills')),
  agent('fx', 'fx', '.agents/skills', home('.agents/skills')),
  agent('gemini-cli', 'Gemini CLI', '.agents/skills', home('.gemini/skills')),
  agent('github-copilot', 'GitHub Copilot', '.agents/skills', home('.copilot/skills')),
  agent('goose', 'Goose', '.goose/skills', config('goose/skills')),
  agent('grok', 'Grok Build', '.grok/skills', envHome('GROK_HOME', '.grok')),
  agent('hermes-agent', 'Hermes Agent', '.hermes/skills', envHome('HERMES_HOME', '.hermes')),
  agent('inference-sh', 'inference.sh', '.inferencesh/skills', home('.inferencesh/skills')),
  agent('jazz', 'Jazz', '.jazz/skills', home('.jazz/skills')),
  agent('junie', 'Junie', '.junie/skills', home('.junie/skills')),
  agent('iflow-cli', 'iFlow CLI', '.iflow/skills', home('.iflow/skills')),
  agent('kilo', 'Kilo Code', '.agents/skills', home('.kilo/skills')),
  agent('kimchi', 'Kimchi', '.kimchi/skills', home('.config/kimchi/harness/skills')),
  agent('kimi-code-cli', 'Kimi Code CLI', '.agents/skills', home('.agents/skills')),
  agent('kiro-cli', 'Kiro CLI', '.kiro/skills', home('.kiro/skills')),
  agent('kode', 'Kode', '.kode/skills', home('.kode/skills')),
  agent('lingma', 'Lingma', '.lingma/skills', home('.lingma/skills')),
  agent('loaf', 'Loaf', '.agents/skills', home('.agents/skills'), { showInUniversalPrompt: false }),
  agent('mcpjam', 'MCPJam', '.mcpjam/skills', home('.mcpjam/skills')),
  agent('minimax-code', 'MiniMax Code', '.minimax/skills', home('.minimax/skills')),
  agent('mistral-vibe', 'Mistral Vibe', '.vibe/skills', envHome('VIBE_HOME', '.vibe')),
  agent('moxby', 'Moxby', '.moxby/skills', home('.moxby/skills')),
  agent('mux', 'Mux', '.mux/skills', home('.mux/skills')),
  agent('opencode', 'OpenCode', '.agents/skills', config('opencode/skills')),
  agent('openhands', 'OpenHands', '.openhands/skills', home('.openhands/skills')),
  agent('ona', 'Ona', '.ona/skills', home('.ona/skills')),
  agent('pi', 'Pi', '.agents/skills', home('.agents/skills')),
  agent('posit-assistant', 'Posit Assistant', '.posit/assistant/skills', home('.posit/assistant/skills')),
  agent('qoder', 'Qoder', '.qoder/skills', home('.qoder/skills')),
  agent('qoder-cn', 'Qoder CN', '.qoder/skills', home('.qoder-cn/skills')),
  agent('qwen-code', 'Qwen Code', '.qwen/skills', home('.qwen/skills')),
  agent('replit', 'Replit', '.agents/skills', config('agents/skills'), { showInUniversalList: false }),
  agent('reasonix', 'Reasonix', '.reasonix/skills', home('.reasonix/skills')),
  agent('rovodev', 'Rovo Dev', '.rovodev/skills', home('.rovodev/skills')),
  agent('roo', 'Roo Code', '.roo/skills', home('.roo/skills')),
  agent('sarvam-code', 'Sarvam Code', '.agents/skills', home('.agents/skills'), {
    showInUniversalPrompt: false,
  }),
  agent('tabnine-cli', 'Tabnine CLI', '.tabnine/agent/skills', home('.tabnine/agent/skills')),
  agent('terramind', 'Terramind', '.terramind/skills', home('.terramind/skills')),
  agent('tinycloud', 'Tinycloud', '.tinycloud/skills', home('.tinycloud/skills')),
  agent('trae', 'Trae', '.trae/skills', home('.trae/skills')),
  agent('trae-cn', 'Trae CN', '.trae/skills', home('.trae-cn/skills')),
  agent('warp', 'Warp', '.agents/skills', home('.agents/skills')),
  agent('windsurf', 'Windsurf', '.windsurf/skills', home('.codeium/windsurf/skills')),
  agent('zed', 'Zed', '.agents/skills', home('.agents/skills')),
  agent('zcode', 'ZCode', '.zcode/skills', home('.zcode/skills')),
  agent('zencoder', 'Zencoder', '.zencoder/skills', home('.zencoder/skills')),
  agent('zenflow', 'Zenflow', '.zencoder/skills', home('.zencoder/skills')),
  agent('neovate', 'Neovate', '.neovate/skills', home('.neovate/skills')),
  agent('pochi', 'Pochi', '.pochi/skills', home('.pochi/skills')),
  agent('promptscript', 'PromptScript', '.agents/skills', undefined, { showInUniversalPrompt: false }),
  agent('adal', 'AdaL', '.adal/skills', home('.adal/skills')),
  agent('universal', 'Universal', '.agents/skills', config('agents/skills'), { showInUniversalList: false }),
];
