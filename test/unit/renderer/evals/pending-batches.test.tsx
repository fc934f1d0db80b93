// @vitest-environment jsdom
// The Evals tab's "Batches in progress": the host's list (which picks up batches saved before a restart), each
// batch's progress at the last poll and a Cancel (or, failed for good, its reason and a Remove), the tab's own run
// left to its own progress, and a batch collected when its run finishes. The host is a stand-in answering the
// batch channels and sending the run events.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchView } from '../../../../shared/evals.js';
import type { EventName, EventOf, HostApi } from '../../../../shared/ipc.js';
import { PendingBatches } from '../../../../renderer/src/evals/PendingBatches.js';

afterEach(cleanup);

const batch = (over: Partial<BatchView>): BatchView => ({
  batchId: 'msgbatch_0001',
  runId: 'batch-msgbatch_0001',
  kind: 'triggers',
  skills: ['csv-report'],
  provider: 'fake',
  model: 'claude-sonnet-4-5',
  requests: 18,
  done: 6,
  state: 'in_progress',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

function fakeHost(initial: BatchView[]) {
  let batches = initial;
  const calls: Array<{ channel: string; request: unknown }> = [];
  const listeners = new Map<string, Array<(p: unknown) => void>>();
  const api: HostApi = {
    invoke: (channel, request) => {
      calls.push({ channel, request });
      if (channel === 'evals:remove-batch')
        batches = batches.filter((b) => b.batchId !== (request as { batchId: string }).batchId);
      if (channel === 'evals:cancel-batch')
        batches = batches.map((b) =>
          b.runId === (request as { runId: string }).runId ? { ...b, state: 'canceling' } : b,
        );
      return Promise.resolve({ ok: true, value: batches }) as never;
    },
    on: (event, listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (p: unknown) => void]);
      return () => undefined;
    },
  };
  const emit = <E extends EventName>(event: E, payload: EventOf<E>) =>
    listeners.get(event)?.forEach((l) => l(payload));
  return { api, calls, emit, set: (next: BatchView[]) => (batches = next) };
}

describe('batches in progress', () => {
  it('lists the batches the host follows, except the tab’s own run, with their progress', async () => {
    const host = fakeHost([
      batch({}),
      batch({ batchId: 'msgbatch_0002', runId: 'own', kind: 'collisions', skills: ['a', 'b'] }),
    ]);
    render(<PendingBatches host={host.api} ownRunId="own" onCollected={() => undefined} />);
    const list = await screen.findByRole('region', { name: 'Batches in progress' });
    expect(list.textContent).toContain(
      'trigger eval of csv-report on fake (claude-sonnet-4-5): 6 of 18 requests done, in_progress',
    );
    expect(list.textContent).toContain('batch msgbatch_0001');
    expect(list.textContent).not.toContain('msgbatch_0002');
    expect(host.calls[0]).toEqual({ channel: 'evals:list-batches', request: {} });
  });

  it('cancels a batch at the provider by its run', async () => {
    const host = fakeHost([batch({})]);
    render(<PendingBatches host={host.api} ownRunId={undefined} onCollected={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel batch' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel batch' })).toHaveProperty('disabled', true),
    );
    expect(host.calls.at(-1)).toEqual({
      channel: 'evals:cancel-batch',
      request: { runId: 'batch-msgbatch_0001' },
    });
    expect(screen.getByRole('region', { name: 'Batches in progress' }).textContent).toContain('canceling');
  });

  it('reloads the results when a listed batch’s run finishes, and lists again', async () => {
    const host = fakeHost([batch({})]);
    let collected = 0;
    render(<PendingBatches host={host.api} ownRunId={undefined} onCollected={() => collected++} />);
    await screen.findByRole('region', { name: 'Batches in progress' });
    host.emit('runs:finished', { runId: 'some-other-run' });
    expect(collected).toBe(0);
    host.set([]);
    host.emit('runs:finished', { runId: 'batch-msgbatch_0001' });
    expect(collected).toBe(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Batches in progress' })).toBeNull());
  });

  it('shows a batch that failed for good with its reason and a Remove, which forgets it', async () => {
    const reason = 'Anthropic: no batch msgbatch_0001 (404).';
    const host = fakeHost([batch({ state: 'failed', error: reason })]);
    render(<PendingBatches host={host.api} ownRunId={undefined} onCollected={() => undefined} />);
    const list = await screen.findByRole('region', { name: 'Batches in progress' });
    expect(list.textContent).toContain(`failed (batch msgbatch_0001`);
    expect(list.textContent).toContain(reason);
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Batches in progress' })).toBeNull());
    expect(host.calls.at(-1)).toEqual({
      channel: 'evals:remove-batch',
      request: { batchId: 'msgbatch_0001' },
    });
  });
});
