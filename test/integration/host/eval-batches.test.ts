// Batch mode served by the host: a trigger run sent as a batch through the Anthropic SDK against the fake server,
// listed while it waits, cancelled from the tab, and a saved batch picked up by a new host over the same data folder
// (the app restarted) that writes its results where the run that sent it would have.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, CollisionsView, EvalResultsView, TriggerReport } from '../../../shared/evals.js';
import type { IpcResult } from '../../../shared/ipc.js';
import { Host } from '../../../electron/host/host.js';
import { lastUserText, startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { REPO } from '../../helpers.js';
import { LIBRARY, router } from '../evals/routes.js';

let server: FakeModelServer;
const hosts: Host[] = [];
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

function open(library: string, dataDir: string) {
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: dataDir,
    projectRoots: [library],
    trustProjectRoots: true,
    watch: false,
  });
  hosts.push(host);
  const ok = async <T>(channel: string, request: unknown = {}): Promise<T> => {
    const r = (await host.handle(channel, request)) as IpcResult<T>;
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  return { host, ok, skillId: host.workspace.skill('csv-report').id };
}

function fresh() {
  const library = mkdtempSync(join(tmpdir(), 'skillbench-batch-lib-'));
  cpSync(LIBRARY, library, { recursive: true });
  return { library, dataDir: mkdtempSync(join(tmpdir(), 'skillbench-batch-data-')) };
}

const provider = () => ({
  name: 'fake',
  kind: 'anthropic',
  model: 'claude-sonnet-4-5',
  baseURL: server.anthropicBaseURL,
});

function routed(): void {
  const route = router();
  server.script = (req) => route(lastUserText(req));
}

/** Resolves once the host lists a batch (it was sent and saved). */
async function listed(ok: ReturnType<typeof open>['ok']): Promise<BatchView> {
  for (;;) {
    const [first] = await ok<BatchView[]>('evals:list-batches');
    if (first) return first;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('batch runs in the app', () => {
  it('runs a trigger eval as a batch at half price and keeps its report', async () => {
    const { library, dataDir } = fresh();
    const { ok, skillId } = open(library, dataDir);
    await ok('evals:save-provider', { provider: provider(), key: 'k-batch-1' });
    routed();
    server.batch.pollsInProgress = 0;
    const report = await ok<TriggerReport>('evals:run-triggers', {
      runId: 'b1',
      skillId,
      provider: 'fake',
      mode: 'batch',
    });
    expect(report).toMatchObject({ mode: 'batch', summary: { total: 6, passed: 4, failed: 2 } });
    expect(report.usage.cost_usd).toBeGreaterThan(0);
    const results = await ok<EvalResultsView>('evals:results', { skillId });
    expect(results.triggers).toEqual(report);
    // What the estimates before a run count: this skill's set, and every set of the library for collisions.
    expect(results.triggerPrompt?.queries).toBe(6);
    expect(results.collisionsPrompt).toMatchObject({
      queries: 9,
      prefix_tokens: results.triggerPrompt?.prefix_tokens,
    });
    expect(await ok('evals:list-batches')).toEqual([]);
  });

  it('picks a saved batch up after a restart and writes the results the run would have', async () => {
    const { library, dataDir } = fresh();
    const first = open(library, dataDir);
    await first.ok('evals:save-provider', { provider: provider(), key: 'k-batch-2' });
    routed();
    server.batch.pollsInProgress = 1_000_000;
    const run = first.host.handle('evals:run-collisions', {
      runId: 'c1',
      provider: 'fake',
      runs: 1,
      mode: 'batch',
    });
    const pending = await listed(first.ok);
    expect(pending).toMatchObject({ runId: 'c1', kind: 'collisions', requests: 9, provider: 'fake' });
    // The app quits: its wait ends, the batch runs on at the provider.
    await first.ok('runs:cancel', { runId: 'c1' });
    expect(await run).toMatchObject({ ok: false, error: { code: 'Cancelled' } });
    await first.host.close();

    server.batch.pollsInProgress = 0;
    const second = open(library, dataDir);
    const finished = new Promise<string>((resolve) =>
      second.host.on('runs:finished', (p) => resolve(p.runId)),
    );
    const resumed = await second.ok<BatchView[]>('evals:list-batches');
    expect(resumed).toEqual([
      expect.objectContaining({ batchId: pending.batchId, runId: `batch-${pending.batchId}` }),
    ]);
    expect(await finished).toBe(`batch-${pending.batchId}`);
    const results = await second.ok<EvalResultsView>('evals:results', { skillId: second.skillId });
    const view: CollisionsView | undefined = results.collisions;
    expect(view).toMatchObject({ mode: 'batch', batch_id: pending.batchId });
    expect(view?.reports.map((r) => r.skill_name).sort()).toEqual(['csv-report', 'pdf-extract']);
    expect(view?.matrix['pdf-extract']?.['csv-report']).toBe(1); // its report.pdf query, as routed
    expect(await second.ok('evals:list-batches')).toEqual([]);
  });

  it('cancels the batch a run follows; the run ends with its queries cancelled', async () => {
    const { library, dataDir } = fresh();
    const { host, ok, skillId } = open(library, dataDir);
    await ok('evals:save-provider', { provider: provider(), key: 'k-batch-3' });
    routed();
    server.batch.pollsInProgress = 1;
    const run = host.handle('evals:run-triggers', {
      runId: 't1',
      skillId,
      provider: 'fake',
      runs: 1,
      mode: 'batch',
    });
    await listed(ok);
    await ok('evals:cancel-batch', { runId: 't1' });
    const r = (await run) as IpcResult<TriggerReport>;
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.results.every((q) => q.errors?.message.includes('cancelled'))).toBe(true);
  });

  /** A trigger run sent as a batch, left waiting at the vendor when the app quits; a new host over its data. */
  async function leftWaiting(key: string) {
    const { library, dataDir } = fresh();
    const first = open(library, dataDir);
    await first.ok('evals:save-provider', { provider: provider(), key });
    routed();
    server.batch.pollsInProgress = 1_000_000;
    const request = { runId: 'w1', skillId: first.skillId, provider: 'fake', runs: 1, mode: 'batch' };
    const run = first.host.handle('evals:run-triggers', request);
    const pending = await listed(first.ok);
    await first.ok('runs:cancel', { runId: 'w1' });
    await run;
    await first.host.close();
    const calls = () => server.batch.calls.filter((c) => c.includes(pending.batchId)).length;
    return { library, request, pending, calls, second: () => open(library, dataDir) };
  }

  /** Lists the batches (which resumes the saved ones) and resolves once the run resumed ends. */
  async function resumeOnce(h: ReturnType<typeof open>): Promise<string> {
    const finished = new Promise<string>((resolve) => h.host.on('runs:finished', (p) => resolve(p.runId)));
    await h.ok('evals:list-batches');
    return finished;
  }

  it('lists a batch the vendor lost as failed, never resumes it again, sends a new one when asked, removes it', async () => {
    const { request, pending, calls, second } = await leftWaiting('k-batch-4');
    server.batch.lost = true;
    const h = second();
    try {
      expect(await resumeOnce(h)).toBe(`batch-${pending.batchId}`);
      const before = calls();
      for (let i = 0; i < 3; i++) {
        const [view] = await h.ok<BatchView[]>('evals:list-batches');
        expect(view).toMatchObject({ batchId: pending.batchId, state: 'failed' });
        expect(view?.error).toMatch(/404|no batch/);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(calls()).toBe(before); // listed again, never resumed again
    } finally {
      server.batch.lost = false;
    }
    // The same run asked again sends a new batch; the failed one stays listed until removed.
    server.batch.pollsInProgress = 0;
    const report = await h.ok<TriggerReport>('evals:run-triggers', { ...request, runId: 'w2' });
    expect(report.batch_id).not.toBe(pending.batchId);
    expect((await h.ok<BatchView[]>('evals:list-batches')).map((b) => b.batchId)).toEqual([pending.batchId]);
    expect(await h.ok('evals:remove-batch', { batchId: pending.batchId })).toEqual([]);
    const again = await h.host.handle('evals:remove-batch', { batchId: pending.batchId });
    expect(again).toMatchObject({ ok: false, error: { code: 'NotFound' } });
  });

  it('resumes a batch at most once a session when collecting it fails for a reason that may pass', async () => {
    const { pending, calls, second } = await leftWaiting('k-batch-5');
    server.batch.refuse = 401; // the key is refused: mended in Settings, so the batch is not failed for good
    const h = second();
    try {
      const before = calls();
      expect(await resumeOnce(h)).toBe(`batch-${pending.batchId}`);
      for (let i = 0; i < 3; i++) {
        const [view] = await h.ok<BatchView[]>('evals:list-batches');
        expect(view).toMatchObject({ batchId: pending.batchId, state: 'sent' });
        expect(view?.error).toMatch(/401|refused/);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(calls()).toBe(before + 1);
    } finally {
      server.batch.refuse = undefined;
    }
  });

  it('cancels a listed batch whose skill is gone', async () => {
    const { library, pending, second } = await leftWaiting('k-batch-6');
    const h = second();
    rmSync(join(library, 'csv-report'), { recursive: true, force: true });
    h.host.reload();
    const [view] = await h.ok<BatchView[]>('evals:list-batches');
    expect(await h.ok('evals:cancel-batch', { runId: view!.runId })).toBeDefined();
    expect(server.batch.batches.get(pending.batchId)?.cancelled).toBe(true);
  });
});
