// The agent table resolves each agent's folders per scope, honours the agents' own home variables, says where an
// install for each goes (the shared copy for the agents reading .agents/skills, as the `skills` CLI installs), and is
// what discovery scans. table.test.ts compares every row with the CLI's own table.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AGENTS,
  agentById,
  agentFolder,
  agentFolders,
  agentsByIds,
  agentTableRows,
  installFolder,
  type AgentContext,
} from '../../../../electron/core/agents/folders.js';
import { planPlacements } from '../../../../electron/core/manage/install.js';
import { usualRoots } from '../../../../electron/core/skills/usual-roots.js';
import { REPO } from '../../../helpers.js';

let tmp: string;
let ctx: AgentContext;
let project: string;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-agents-'));
  project = join(tmp, 'project');
  ctx = { home: join(tmp, 'home'), env: {}, platform: 'linux' };
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const user = (id: string, c: AgentContext = ctx) => agentFolder(agentById(id)!, 'user', { project, ctx: c });

describe('the agent table', () => {
  it('holds at least the agents the issue names, each once', () => {
    const ids = AGENTS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'claude-code',
      'codex',
      'cursor',
      'github-copilot',
      'gemini-cli',
      'opencode',
      'windsurf',
      'goose',
      'amp',
      'agents',
    ])
      expect(ids).toContain(id);
  });

  it('resolves user folders under the home folder and the XDG config folder', () => {
    expect(user('claude-code')).toBe(join(ctx.home, '.claude', 'skills'));
    expect(user('agents')).toBe(join(ctx.home, '.agents', 'skills'));
    // Codex reads ~/.agents/skills (its docs and the CLI), not ~/.codex/skills.
    expect(user('codex')).toBe(join(ctx.home, '.agents', 'skills'));
    expect(user('cursor')).toBe(join(ctx.home, '.cursor', 'skills'));
    expect(user('github-copilot')).toBe(join(ctx.home, '.copilot', 'skills'));
    expect(user('gemini-cli')).toBe(join(ctx.home, '.gemini', 'skills'));
    expect(user('windsurf')).toBe(join(ctx.home, '.codeium', 'windsurf', 'skills'));
    expect(user('opencode')).toBe(join(ctx.home, '.config', 'opencode', 'skills'));
    expect(user('goose')).toBe(join(ctx.home, '.config', 'goose', 'skills'));
    expect(user('amp')).toBe(join(ctx.home, '.config', 'agents', 'skills'));
    expect(user('trae')).toBe(join(ctx.home, '.trae', 'skills'));
    expect(user('continue')).toBe(join(ctx.home, '.continue', 'skills'));
    expect(user('eve')).toBeUndefined(); // project only
  });

  it('installs for an agent reading .agents/skills into the shared copy, in both scopes', () => {
    const to = (id: string, scope: 'project' | 'user') =>
      installFolder(agentById(id)!, scope, { project, ctx });
    expect(to('cursor', 'user')).toBe(join(ctx.home, '.agents', 'skills'));
    expect(to('amp', 'user')).toBe(join(ctx.home, '.agents', 'skills'));
    expect(to('cursor', 'project')).toBe(join(project, '.agents', 'skills'));
    expect(to('trae', 'user')).toBe(join(ctx.home, '.trae', 'skills'));
    expect(to('eve', 'project')).toBe(join(project, 'agent', 'skills'));
    expect(() => to('eve', 'user')).toThrow(
      /Eve reads skills only from a project \(agent\/skills\), not from your home folder: leave out --global, or --agent eve\./,
    );
  });

  it('honours XDG_CONFIG_HOME and CLAUDE_CONFIG_DIR; CODEX_HOME only tells whether Codex is installed', () => {
    const c = {
      ...ctx,
      env: {
        XDG_CONFIG_HOME: join(tmp, 'cfg'),
        CODEX_HOME: join(tmp, 'cx'),
        CLAUDE_CONFIG_DIR: join(tmp, 'cl'),
      },
    };
    expect(user('opencode', c)).toBe(join(tmp, 'cfg', 'opencode', 'skills'));
    expect(user('codex', c)).toBe(join(ctx.home, '.agents', 'skills'));
    expect(user('claude-code', c)).toBe(join(tmp, 'cl', 'skills'));
  });

  it('gives project folders relative to the project; several agents share .agents/skills', () => {
    const folders = agentFolders(project, ctx).filter((f) => f.scope === 'project');
    const shared = folders.find((f) => f.path === join(project, '.agents', 'skills'));
    expect(shared?.name).toBe('agents');
    expect(shared?.agents.map((a) => a.id)).toEqual(
      expect.arrayContaining([
        'agents',
        'codex',
        'cursor',
        'github-copilot',
        'gemini-cli',
        'opencode',
        'amp',
      ]),
    );
    // Agents sharing a folder other than .agents/skills are listed together too.
    expect(folders.find((f) => f.name === 'trae')?.agents.map((a) => a.id)).toEqual(['trae', 'trae-cn']);
    expect(folders.find((f) => f.name === 'agent')?.agents.map((a) => a.id)).toEqual(['eve']);
    // OpenClaw reads `<project>/skills`: named after the agent, since the folder has no name of its own.
    expect(folders.find((f) => f.path === join(project, 'skills'))?.name).toBe('openclaw');
    expect(new Set(folders.map((f) => f.name)).size).toBe(folders.length);
    const user = agentFolders(project, ctx).filter((f) => f.scope === 'user');
    expect(user.map((f) => f.name)).toEqual(expect.arrayContaining(['config-opencode', 'codeium-windsurf']));
    // In the home folder, Cursor reads its own folder and, as every agent of .agents/skills, the shared copy.
    const cursor = agentById('cursor')!;
    expect(user.filter((f) => f.agents.includes(cursor)).map((f) => f.name)).toEqual(['agents', 'cursor']);
    expect(user.some((f) => f.agents.some((a) => a.id === 'eve'))).toBe(false);
  });

  it('names the known agents when an id is unknown', () => {
    expect(() => agentsByIds(['claude-code', 'nope'])).toThrow(
      /Unknown agent "nope". Known agents \(`skillbench agents` shows their folders\): claude-code, agents, aider-desk, amp, .*, trae, /,
    );
  });

  it('is what discovery scans: every existing agent folder, project first, with ids naming the folder', () => {
    mkdirSync(join(project, '.windsurf', 'skills'), { recursive: true });
    mkdirSync(join(project, '.claude', 'skills'), { recursive: true });
    mkdirSync(join(ctx.home, '.config', 'goose', 'skills'), { recursive: true });
    expect(usualRoots(project, ctx).map((r) => [r.id, r.kind])).toEqual([
      ['project-claude', 'project'],
      ['project-windsurf', 'project'],
      ['user-config-goose', 'user'],
    ]);
  });
});

describe('planPlacements', () => {
  it('one shared copy and a link per other folder; --copy copies into each folder', () => {
    const agents = agentsByIds(['claude-code', 'codex', 'windsurf']);
    expect(planPlacements({ project, ctx, audience: 'cli' }, 'notes', { agents, scope: 'project' })).toEqual([
      { path: join(project, '.agents', 'skills', 'notes'), how: 'copy', agents: ['codex'] },
      { path: join(project, '.claude', 'skills', 'notes'), how: 'link', agents: ['claude-code'] },
      { path: join(project, '.windsurf', 'skills', 'notes'), how: 'link', agents: ['windsurf'] },
    ]);
    expect(
      planPlacements({ project, ctx, audience: 'cli' }, 'notes', {
        agents,
        scope: 'project',
        copy: true,
      }).map((p) => [p.path, p.how]),
    ).toEqual([
      [join(project, '.claude', 'skills', 'notes'), 'copy'],
      [join(project, '.agents', 'skills', 'notes'), 'copy'],
      [join(project, '.windsurf', 'skills', 'notes'), 'copy'],
    ]);
  });

  it("links for Trae and Cursor's user folder is served by the shared copy; Eve, which does not follow links, gets a copy", () => {
    const agents = agentsByIds(['cursor', 'trae', 'eve']);
    expect(planPlacements({ project, ctx, audience: 'cli' }, 'notes', { agents, scope: 'project' })).toEqual([
      { path: join(project, '.agents', 'skills', 'notes'), how: 'copy', agents: ['cursor'] },
      { path: join(project, '.trae', 'skills', 'notes'), how: 'link', agents: ['trae'] },
      { path: join(project, 'agent', 'skills', 'notes'), how: 'copy', agents: ['eve'] },
    ]);
    expect(
      planPlacements({ project, ctx, audience: 'cli' }, 'notes', {
        agents: agentsByIds(['cursor', 'trae']),
        scope: 'user',
      }),
    ).toEqual([
      { path: join(ctx.home, '.agents', 'skills', 'notes'), how: 'copy', agents: ['cursor'] },
      { path: join(ctx.home, '.trae', 'skills', 'notes'), how: 'link', agents: ['trae'] },
    ]);
  });

  it('copies for an agent that does not follow links', () => {
    const noLinks = { ...agentById('windsurf')!, followsSymlinks: false };
    const plan = planPlacements({ project, ctx, audience: 'cli' }, 'notes', {
      agents: [noLinks],
      scope: 'project',
    });
    expect(plan.map((p) => p.how)).toEqual(['copy', 'copy']);
  });
});

describe('docs/agents.md', () => {
  it('is the agent table, every row of it', () => {
    const page = readFileSync(join(REPO, 'docs', 'agents.md'), 'utf8');
    const block = page.slice(
      page.indexOf('<!-- agent-table:start -->'),
      page.indexOf('<!-- agent-table:end -->'),
    );
    const rows = block
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) =>
        l
          .slice(1, -1)
          .split('|')
          .map((c) => c.trim()),
      );
    expect(rows).toEqual(agentTableRows());
    expect(rows).toHaveLength(AGENTS.length);
    expect(rows.find((r) => r[0] === '`codex`')?.[3]).toBe('`~/.agents/skills`');
    expect(rows.find((r) => r[0] === '`opencode`')?.[3]).toBe(
      '`$XDG_CONFIG_HOME/opencode/skills`, else `~/.config/opencode/skills`',
    );
  });

  it('is linked from the README, whose section says where the table is', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain('(docs/agents.md)');
  });
});
