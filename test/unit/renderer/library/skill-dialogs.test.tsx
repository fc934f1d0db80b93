// @vitest-environment jsdom
// Duplicate asks where the copy goes: never by default into an agent's live folder (Enter would make an experiment
// live in Claude Code), agent folders listed but marked with the agents that load them, a root with errors offered
// disabled with the reason.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillDialogs } from '../../../../renderer/src/library/SkillDialogs.js';
import { defaultRootId, rootChoices } from '../../../../renderer/src/library/root-choices.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { Diagnostic, ListedEntry, RootInfo } from '../../../../shared/types.js';

afterEach(cleanup);

const ROOTS: RootInfo[] = [
  {
    id: 'project-claude',
    path: '/p/.claude/skills',
    kind: 'project',
    trusted: true,
    readers: [{ agent: 'claude-code', profile: 'claude-code' }],
  },
  { id: 'user-1', path: '/gone', kind: 'user', trusted: false },
  { id: 'user-2', path: '/me/skills', kind: 'user', trusted: false },
  { id: 'bundled', path: '/app/skills', kind: 'bundled', trusted: true },
];
const PROBLEMS: Diagnostic[] = [
  {
    severity: 'error',
    code: 'root-missing',
    message: 'The skill root "/gone" could not be loaded (ENOENT).',
    file: '/gone',
    line: 1,
    column: 1,
  },
];
const AGENTS = [{ id: 'claude-code', displayName: 'Claude Code' }];

const entry = (rootId: string, path: string): ListedEntry => ({
  id: `${rootId}/demo`,
  rootId,
  path,
  format: 'skill-md',
  status: 'loaded',
  diagnostics: [],
});

describe('where a duplicate goes', () => {
  it("defaults away from an agent's live folder, and Enter copies into the user's library", () => {
    const calls: unknown[] = [];
    const host = {
      invoke: (channel: string, request: unknown) => {
        calls.push({ channel, request });
        return Promise.resolve({ ok: true, value: { path: '/me/skills/demo-copy' } });
      },
      on: () => () => undefined,
    } as unknown as HostApi;
    render(
      <SkillDialogs
        host={host}
        dialog={{ kind: 'duplicate', entry: entry('project-claude', '/p/.claude/skills/demo/SKILL.md') }}
        roots={ROOTS}
        rootProblems={PROBLEMS}
        agents={AGENTS}
        dirtyFiles={0}
        onClose={() => undefined}
        onDone={() => undefined}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Root' });
    expect(select.value).toBe('user-2');
    const options = [...select.options].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['/p/.claude/skills (live in Claude Code)', false],
      ['/gone (cannot be used: The skill root "/gone" could not be loaded (ENOENT).)', true],
      ['/me/skills', false],
    ]);
    fireEvent.submit(screen.getByRole('textbox', { name: 'Name' }).closest('form') as HTMLFormElement);
    expect(calls).toEqual([
      {
        channel: 'skills:duplicate',
        request: { id: 'project-claude/demo', name: 'demo-copy', rootId: 'user-2' },
      },
    ]);
  });

  it("keeps a skill of the user's own library in its root, and says when a chosen root is live", () => {
    const choices = rootChoices(ROOTS, PROBLEMS, AGENTS);
    expect(defaultRootId(choices, 'user-2')).toBe('user-2');
    // Only agents' folders (and broken roots): nothing is chosen for the user.
    expect(defaultRootId(choices.slice(0, 2), 'project-claude')).toBe('');
    render(
      <SkillDialogs
        host={{ invoke: () => Promise.reject(new Error('not called')), on: () => () => undefined }}
        dialog={{ kind: 'duplicate', entry: entry('user-2', '/me/skills/demo/SKILL.md') }}
        roots={ROOTS}
        rootProblems={PROBLEMS}
        agents={AGENTS}
        dirtyFiles={0}
        onClose={() => undefined}
        onDone={() => undefined}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Root' });
    expect(screen.queryByText(/agent's skills folder/)).toBeNull();
    fireEvent.change(select, { target: { value: 'project-claude' } });
    expect(screen.getByText(/agent's skills folder/).textContent).toContain('live in Claude Code at once');
  });
});
