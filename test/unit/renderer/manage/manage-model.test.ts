// The manage UI's rules (issue 17): which entries an install is, what state it shows, the agent badges, and when
// the Add panel may install.
import { describe, expect, it } from 'vitest';
import type {
  InstalledSkillView,
  ManageAgentView,
  SourceInspectionView,
  UpdateCheckView,
} from '../../../../shared/manage-types.js';
import {
  agentBadges,
  defaultProject,
  defaultSkills,
  describeStep,
  checkedKey,
  installBlocker,
  installsByEntry,
  installStates,
} from '../../../../renderer/src/manage/manage-model.js';

const agent = (id: string, displayName: string, projectFolder: string): ManageAgentView => ({
  id,
  displayName,
  projectFolder,
  userFolder: `/home/u/${projectFolder}`,
  followsSymlinks: true,
  profile: id === 'claude-code' ? 'claude-code' : 'portable',
});
const AGENTS = [
  agent('claude-code', 'Claude Code', '/p/.claude/skills'),
  agent('agents', 'Shared (.agents/skills)', '/p/.agents/skills'),
  agent('codex', 'Codex', '/p/.agents/skills'),
  agent('cursor', 'Cursor', '/p/.agents/skills'),
  agent('windsurf', 'Windsurf', '/p/.windsurf/skills'),
];

const item = (over: Partial<InstalledSkillView> = {}): InstalledSkillView => ({
  name: 'notes',
  scope: 'project',
  agents: ['claude-code', 'agents', 'codex', 'cursor', 'windsurf'],
  paths: [],
  folder: '/p/.agents/skills/notes',
  source: 'owner/repo',
  state: 'clean',
  entryIds: ['project-agents/notes'],
  ...over,
});

const update = (status: UpdateCheckView['status']): UpdateCheckView => ({
  name: 'notes',
  scope: 'project',
  source: 'owner/repo',
  status,
  modified: false,
  installed: true,
});

describe('manage model', () => {
  it('maps each library entry to the installs that are it, across scopes', () => {
    const user = item({ scope: 'user', entryIds: ['user-agents/notes', 'project-agents/notes'] });
    const map = installsByEntry([item(), user]);
    expect(map.get('project-agents/notes')?.map((i) => i.scope)).toEqual(['project', 'user']);
    expect(map.get('user-agents/notes')).toEqual([user]);
    expect(map.get('bundled/notes')).toBeUndefined();
  });

  it('shows an update and a local edit, and only the update check of the same scope', () => {
    const updates = new Map([['project/notes', update('update-available')]]);
    expect(installStates(item(), updates)).toEqual(['update-available']);
    expect(installStates(item({ state: 'modified' }), updates)).toEqual(['modified', 'update-available']);
    expect(installStates(item({ scope: 'user' }), updates)).toEqual(['clean']);
    expect(installStates(item(), new Map([['project/notes', update('up-to-date')]]))).toEqual(['clean']);
  });

  it('gives each agent with its own folder a badge, and one badge for the shared folder naming its readers', () => {
    const badges = agentBadges(item(), AGENTS);
    expect(badges.map((b) => b.label)).toEqual(['Claude Code', 'Windsurf', '.agents/skills']);
    expect(badges[2]?.title).toBe('In the shared folder of this project, read by Codex, Cursor');
    expect(agentBadges(item({ agents: ['windsurf'] }), AGENTS).map((b) => b.label)).toEqual(['Windsurf']);
  });

  it('picks the skills without errors first, and blocks errors until "Install anyway"', () => {
    const skill = (name: string, blocked: boolean) => ({
      name,
      description: '',
      skillPath: `${name}/SKILL.md`,
      findings: {},
      blocked,
      tools: [],
      commands: [],
      mcpServers: [],
      clashes: [],
      allowedTools: [],
      scripts: [],
      links: [],
      files: 1,
      bytes: 100,
    });
    const inspection: SourceInspectionView = {
      id: 'i',
      source: { type: 'git', source: 'x' },
      profiles: ['portable'],
      required: ['portable'],
      readers: [],
      skills: [skill('good', false), skill('bad', true)],
      servers: [],
      problems: [],
    };
    expect(defaultSkills(inspection)).toEqual(['good']);
    expect(
      installBlocker(inspection, { skills: ['good'], agents: ['codex'], anyway: false }),
    ).toBeUndefined();
    expect(
      installBlocker(inspection, { skills: ['good', 'bad'], agents: ['codex'], anyway: false }),
    ).toContain('bad has errors');
    expect(
      installBlocker(inspection, { skills: ['good', 'bad'], agents: ['codex'], anyway: true }),
    ).toBeUndefined();
    expect(installBlocker(inspection, { skills: [], agents: ['codex'], anyway: false })).toBe(
      'Pick at least one skill.',
    );
    expect(installBlocker(inspection, { skills: ['good'], agents: [], anyway: false })).toBe(
      'Pick at least one agent.',
    );
    // Agents, scope or mode changed after the look inside: Install waits for a new check, even with "anyway".
    expect(
      installBlocker(inspection, {
        skills: ['good'],
        agents: ['codex', 'windsurf'],
        anyway: true,
        stale: true,
      }),
    ).toBe('The findings are for other agents or another folder: check again before installing.');
    expect(checkedKey(['windsurf', 'codex'], 'project', false)).toBe(
      checkedKey(['codex', 'windsurf'], 'project', false),
    );
    expect(checkedKey(['codex'], 'project', false)).not.toBe(checkedKey(['codex'], 'user', false));
    expect(checkedKey(['codex'], 'project', false)).not.toBe(checkedKey(['codex'], 'project', true));
  });
});

describe('the Add panel’s project and progress', () => {
  const projects = ['/work/app', '/work/app/packages/web', '/work/other'];

  it('installs into the selected skill’s project (the innermost that holds it), else the first', () => {
    expect(defaultProject('/work/other/.claude/skills/x/SKILL.md', projects)).toBe('/work/other');
    expect(defaultProject('/work/app/packages/web/skills/y/SKILL.md', projects)).toBe(
      '/work/app/packages/web',
    );
    // A prefix of a name is not a folder that holds it.
    expect(defaultProject('/work/other-place/SKILL.md', projects)).toBe('/work/app');
    expect(defaultProject(undefined, projects)).toBe('/work/app');
    expect(defaultProject('C:\\p\\skills\\a\\SKILL.md', ['C:\\q', 'C:\\p'])).toBe('C:\\p');
    expect(defaultProject(undefined, [])).toBeUndefined();
  });

  it('words each step of a run', () => {
    expect(describeStep({ step: 'fetching', source: 'owner/repo' })).toBe('Fetching owner/repo…');
    expect(describeStep({ step: 'found', count: 1 })).toBe('Found 1 skill.');
    expect(describeStep({ step: 'validating', skill: 'notes', profiles: ['claude-code', 'portable'] })).toBe(
      'Checking notes (claude-code, portable)…',
    );
    expect(
      describeStep({
        step: 'staged',
        skill: 'notes',
        path: '/p/.claude/skills/notes',
        how: 'link',
        done: 2,
        total: 4,
      }),
    ).toBe('Linked notes for /p/.claude/skills/notes');
    expect(describeStep({ step: 'lockfile', path: '/p/skills-lock.json' })).toBe(
      'Writing the lockfile /p/skills-lock.json',
    );
  });
});
