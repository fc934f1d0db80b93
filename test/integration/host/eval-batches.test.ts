// Batch mode served by the host: a trigger run sent as a batch through the Anthropic SDK against the fake server,
// listed while it waits, cancelled from the tab, and a saved batch picked up by a new host over the same data folder
// (the app restarted) that writes its results where the run that sent it would have.
import { cpSync, mkdtempSync } from 'node:fs';
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
});
