// The agent table is Vercel's `skills` CLI's, exactly: its `agents` object is read from the pinned package's dist
// (node_modules/skills/dist/cli.mjs) and evaluated with a stubbed home and environment, never copied by hand, and
// every agent's id, name, project folder and user folder (with the env overrides as the CLI resolves them) is
// compared with Skillbench's.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AGENTS,
  agentById,
  agentFolder,
  readsSharedFolder,
  SHARED_AGENT_ID,
  type AgentContext,
} from '../../../../electron/core/agents/folders.js';
import { cliAgents } from '../manage/skills-cli-dist.js';

let tmp: string;
let home: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-agent-table-'));
  home = join(tmp, 'home');
  mkdirSync(home);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** Both tables as rows: the CLI's, and Skillbench's for the same ids (the shared row is Skillbench's own). */
function bothTables(env: Record<string, string>) {
  const cli = cliAgents(home, env);
  const ctx: AgentContext = { home, env, platform: process.platform };
  const theirs = Object.entries(cli).map(([id, a]) => ({
    id: a.name === id ? id : `${id} (named ${a.name})`,
    displayName: a.displayName,
    projectDir: a.skillsDir,
    userDir: a.globalSkillsDir,
    universal: a.skillsDir === '.agents/skills',
    inPrompt: a.showInUniversalPrompt !== false,
    inList: a.showInUniversalList !== false,
  }));
  const ours = theirs.map(({ id }) => {
    const a = agentById(id);
    if (!a) return { id, missing: true };
    return {
      id,
      displayName: a.displayName,
      projectDir: a.projectDir,
      userDir: agentFolder(a, 'user', { project: tmp, ctx }),
      universal: readsSharedFolder(a),
      inPrompt: a.showInUniversalPrompt !== false,
      inList: a.showInUniversalList !== false,
    };
  });
  return { theirs, ours };
}

describe("the agent table against skills@1.7.4's", () => {
  it('has every agent of the CLI, and only those besides the shared folder', () => {
    const cli = Object.keys(cliAgents(home, {}));
    expect(cli).toHaveLength(79);
    expect(
      AGENTS.filter((a) => !a.skillbenchOnly)
        .map((a) => a.id)
        .sort(),
    ).toEqual([...cli].sort());
    expect(AGENTS.filter((a) => a.skillbenchOnly).map((a) => a.id)).toEqual([SHARED_AGENT_ID]);
  });

  it('resolves every folder as the CLI does on a plain home', () => {
    const { theirs, ours } = bothTables({});
    expect(ours).toEqual(theirs);
    // Spot checks that say what the comparison covers.
    expect(theirs.find((a) => a.id === 'codex')?.userDir).toBe(join(home, '.agents', 'skills'));
    expect(theirs.find((a) => a.id === 'eve')).toMatchObject({
      projectDir: 'agent/skills',
      userDir: undefined,
    });
  });

  it("resolves every folder as the CLI does with the agents' own home variables and XDG_CONFIG_HOME set", () => {
    const env = Object.fromEntries(
      [
        'XDG_CONFIG_HOME',
        'CLAUDE_CONFIG_DIR',
        'CODEX_HOME',
        'VIBE_HOME',
        'HERMES_HOME',
        'AUTOHAND_HOME',
        'GROK_HOME',
        'SARVAM_HOME',
      ].map((name) => [name, join(tmp, name.toLowerCase())]),
    );
    const { theirs, ours } = bothTables(env);
    expect(ours).toEqual(theirs);
    expect(theirs.find((a) => a.id === 'claude-code')?.userDir).toBe(
      join(tmp, 'claude_config_dir', 'skills'),
    );
    expect(theirs.find((a) => a.id === 'goose')?.userDir).toBe(
      join(tmp, 'xdg_config_home', 'goose', 'skills'),
    );
  });

  it('follows the folders that decide a user folder (OpenClaw under a former name)', () => {
    mkdirSync(join(home, '.clawdbot'));
    const { theirs, ours } = bothTables({});
    expect(ours).toEqual(theirs);
    expect(theirs.find((a) => a.id === 'openclaw')?.userDir).toBe(join(home, '.clawdbot', 'skills'));
  });
});
