// @vitest-environment jsdom
// Issue 17: the library list's rows are narrow, so a skill installed for many agents shows its states, two agent
// badges and "+N" naming the rest; the skill view shows them all.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InstalledSkillView, ManageAgentView } from '../../../../shared/manage-types.js';
import { InstallBadges } from '../../../../renderer/src/manage/InstallBadges.js';

afterEach(cleanup);

const agent = (id: string, displayName: string, projectFolder: string): ManageAgentView => ({
  id,
  displayName,
  projectFolder,
  userFolder: `~/${projectFolder}`,
  followsSymlinks: true,
  profile: 'portable',
});
const agents = [
  agent('claude-code', 'Claude Code', '.claude/skills'),
  agent('agents', 'Shared', '.agents/skills'),
  agent('codex', 'Codex', '.agents/skills'),
  agent('windsurf', 'Windsurf', '.windsurf/skills'),
  agent('goose', 'Goose', '.goose/skills'),
  agent('roo', 'Roo Code', '.roo/skills'),
];
const installed: InstalledSkillView = {
  name: 'notes',
  scope: 'project',
  agents: ['claude-code', 'agents', 'codex', 'windsurf', 'goose', 'roo'],
  paths: [],
  folder: '/p/.agents/skills/notes',
  source: 'owner/repo',
  state: 'modified',
  modifiedPaths: ['/p/.windsurf/skills/notes'],
  entryIds: [],
};

describe('InstallBadges', () => {
  it('folds agents into "+N" in a compact row, the state first and taking the room of one', () => {
    const { container } = render(
      <InstallBadges installs={[installed]} agents={agents} updates={new Map()} compact />,
    );
    expect([...container.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual([
      'Modified locally',
      'Claude Code',
      '+4',
    ]);
    expect(screen.getByText('+4').getAttribute('title')).toBe(
      'Also installed: Windsurf, Goose, Roo Code, .agents/skills',
    );
    expect(screen.getByText('Modified locally').getAttribute('title')).toBe(
      'Changed since it was installed: /p/.windsurf/skills/notes',
    );
    const clean = { ...installed, state: 'clean' as const };
    cleanup();
    const again = render(<InstallBadges installs={[clean]} agents={agents} updates={new Map()} compact />);
    expect([...again.container.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual([
      'Claude Code',
      'Windsurf',
      '+3',
    ]);
  });

  it('never folds a single badge into "+1"', () => {
    const three = { ...installed, agents: ['claude-code', 'windsurf', 'goose'], state: 'clean' as const };
    const { container } = render(
      <InstallBadges installs={[three]} agents={agents} updates={new Map()} compact />,
    );
    expect([...container.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual([
      'Claude Code',
      'Windsurf',
      'Goose',
    ]);
  });

  it('shows every agent when not compact', () => {
    const { container } = render(
      <InstallBadges installs={[installed]} agents={agents} updates={new Map()} />,
    );
    expect([...container.querySelectorAll('.badge.agent')].map((b) => b.textContent)).toEqual([
      'Claude Code',
      'Windsurf',
      'Goose',
      'Roo Code',
      '.agents/skills',
    ]);
  });
});
