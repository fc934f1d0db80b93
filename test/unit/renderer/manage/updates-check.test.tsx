// @vitest-environment jsdom
// "Check for updates" says how many updates there are for the skills installed now: applying one or removing a
// skill counts it out at once, without checking again.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ManageStore } from '../../../../renderer/src/manage/manage-store.js';
import { UpdatesCheck } from '../../../../renderer/src/manage/UpdatesCheck.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { InstalledSkillView, UpdateCheckView } from '../../../../shared/manage-types.js';

afterEach(cleanup);

const installed = (name: string): InstalledSkillView => ({
  name,
  scope: 'project',
  agents: ['claude-code'],
  paths: [],
  folder: `/p/.claude/skills/${name}`,
  source: 'owner/repo',
  state: 'clean',
  entryIds: [`project-claude/${name}`],
});
const available = (name: string): UpdateCheckView => ({
  name,
  scope: 'project',
  source: 'owner/repo',
  status: 'update-available',
  modified: false,
  installed: true,
});

function Harness(props: { store: ManageStore }) {
  const manage = useSyncExternalStore(props.store.subscribe, props.store.snapshot);
  return <UpdatesCheck manage={manage} store={props.store} />;
}

describe('the update count', () => {
  it('is counted again after an update is applied and after a skill is removed', async () => {
    let now = [installed('notes'), installed('pdf-tools'), installed('csv')];
    const host = {
      invoke: (channel: string) =>
        Promise.resolve({
          ok: true,
          value:
            channel === 'manage:installed'
              ? now
              : channel === 'manage:check-updates'
                ? [available('notes'), available('pdf-tools'), available('csv')]
                : { agents: [], projects: ['/p'] },
        }),
      on: () => () => undefined,
    } as unknown as HostApi;
    const store = new ManageStore(host);
    await act(async () => {
      await store.refresh();
    });
    render(<Harness store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect((await screen.findByRole('status')).textContent).toBe(' 3 updates available.');
    act(() => store.noteUpdates([{ ...available('notes'), applied: true }]));
    expect(screen.getByRole('status').textContent).toBe(' 2 updates available.');
    now = [installed('notes'), installed('csv')];
    await act(async () => {
      await store.refresh(); // what a removal does
    });
    expect(screen.getByRole('status').textContent).toBe(' 1 update available.');
  });
});
