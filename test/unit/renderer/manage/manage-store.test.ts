// The installed-skills store against a scripted host: it follows the library's changes, ignores a slower answer to
// an earlier refresh, keys update checks by scope and name, and records an applied update as up to date.
import { describe, expect, it } from 'vitest';
import { ManageStore } from '../../../../renderer/src/manage/manage-store.js';
import type { EventName, HostApi } from '../../../../shared/ipc.js';
import type { InstalledSkillView, UpdateCheckView } from '../../../../shared/manage-types.js';

const installed = (name: string, scope: 'project' | 'user' = 'project'): InstalledSkillView => ({
  name,
  scope,
  agents: ['claude-code'],
  paths: [],
  folder: `/p/.claude/skills/${name}`,
  source: 'owner/repo',
  state: 'clean',
  entryIds: [`${scope}-claude/${name}`],
});
const check = (name: string, status: UpdateCheckView['status'], scope: 'project' | 'user' = 'project') => ({
  name,
  scope,
  source: 'owner/repo',
  status,
  modified: false,
  installed: true,
});

function scriptedHost(answers: {
  installed: InstalledSkillView[][];
  checks?: Record<string, UpdateCheckView[]>;
  /** The open projects `manage:agents` answers, one list per call (the last one stays). */
  projects?: string[][];
}) {
  const listeners = new Set<(payload: unknown) => void>();
  const pending: Array<() => void> = [];
  const calls: Array<[string, unknown]> = [];
  const host = {
    invoke(channel: string, request: unknown) {
      calls.push([channel, request]);
      if (channel === 'manage:agents')
        return Promise.resolve({
          ok: true,
          value: {
            agents: [],
            projects:
              (answers.projects?.length ?? 0) > 1
                ? answers.projects?.shift()
                : (answers.projects?.[0] ?? ['/p']),
          },
        });
      if (channel === 'manage:check-updates') {
        const scope = (request as { scope: string }).scope;
        return Promise.resolve({ ok: true, value: answers.checks?.[scope] ?? [] });
      }
      const value = answers.installed.shift() ?? [];
      return new Promise((resolve) => pending.push(() => resolve({ ok: true, value })));
    },
    on(event: EventName, listener: (payload: unknown) => void) {
      if (event === 'skills:changed') listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as HostApi;
  return {
    host,
    calls,
    emit: () => listeners.forEach((l) => l({ reset: true })),
    /** Answers the waiting `manage:installed` calls, in the order given. */
    answer: async (...order: number[]) => {
      const waiting = [...pending];
      pending.length = 0;
      for (const i of order) waiting[i]?.();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('ManageStore', () => {
  it('refreshes when the library changes, and a slower earlier answer does not overwrite a newer one', async () => {
    const h = scriptedHost({ installed: [[installed('old')], [installed('new')]] });
    const store = new ManageStore(h.host);
    const stop = store.start();
    h.emit(); // a second refresh before the first answered
    await h.answer(1, 0); // the newer answer arrives first
    expect(store.snapshot().installed.map((i) => i.name)).toEqual(['new']);
    expect(store.snapshot().byEntry.get('project-claude/new')?.[0]?.name).toBe('new');
    expect(store.snapshot().projects).toEqual(['/p']);
    stop();
  });

  it('lists the open projects again when the library is rescanned (a root was added)', async () => {
    const h = scriptedHost({ installed: [], projects: [['/p'], ['/p', '/q']] });
    const store = new ManageStore(h.host);
    const stop = store.start();
    await h.answer(0);
    expect(store.snapshot().projects).toEqual(['/p']);
    h.emit();
    await h.answer(0);
    expect(store.snapshot().projects).toEqual(['/p', '/q']);
    stop();
  });

  it('checks updates per scope that has a locked install, and keeps an applied update as up to date', async () => {
    const h = scriptedHost({
      installed: [[installed('notes'), installed('notes', 'user')]],
      checks: {
        project: [check('notes', 'update-available')],
        user: [check('notes', 'up-to-date', 'user')],
      },
    });
    const store = new ManageStore(h.host);
    store.start();
    await h.answer(0);
    expect(await store.checkUpdates()).toBeUndefined();
    expect(h.calls.filter(([c]) => c === 'manage:check-updates').map(([, r]) => r)).toEqual([
      { scope: 'project' },
      { scope: 'user' },
    ]);
    expect(store.snapshot().updates.get('project/notes')?.status).toBe('update-available');
    expect(store.snapshot().updates.get('user/notes')?.status).toBe('up-to-date');
    store.noteUpdates([{ ...check('notes', 'update-available'), applied: true }]);
    expect(store.snapshot().updates.get('project/notes')?.status).toBe('up-to-date');
  });
});
