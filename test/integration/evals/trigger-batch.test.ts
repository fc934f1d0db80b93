// Trigger and collision runs in batch mode through the real Anthropic and OpenAI SDKs against the fake model server's
// batch APIs: the same reports as the direct mode at half the cost, polling with progress, a saved job picked up by
// another client (an app or CLI restarted), cancel, expiry, and a request the vendor answered with an error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastUserText, startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { createProvider } from '../../../electron/core/models/providers/index.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { readTriggerSet, runLibraryTriggers, runTriggerEval } from '../../../electron/core/evals/triggers.js';
import { cancelTriggerBatch } from '../../../electron/core/evals/trigger-batch.js';
import { BatchJobStore } from '../../../electron/core/evals/batch-jobs.js';
import type { ProviderKind } from '../../../electron/core/models/providers/types.js';
import type { TriggerReport } from '../../../shared/evals.js';
import { LIBRARY, router } from './routes.js';

const SET = readTriggerSet(join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json'), 'cli');
const library = loadLibrary([{ path: LIBRARY }]);
const MODEL: Record<ProviderKind, string> = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1',
  'claude-code': 'default',
};

let server: FakeModelServer;
let dir: string;
let store: BatchJobStore;
beforeEach(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
  dir = mkdtempSync(join(tmpdir(), 'skillbench-batch-'));
  store = new BatchJobStore(join(dir, 'batches'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function client(kind: ProviderKind): ModelClient {
  const baseURL = kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL;
  return new ModelClient(
    createProvider({ name: 'fake', kind, model: MODEL[kind], baseURL }, { apiKey: 'test-key' }),
    { concurrency: 1 },
  );
}

/** The scripted router with measured usage: the same picks and token counts in either mode. */
function routed(): void {
  const route = router();
  server.script = (req) => ({ ...route(lastUserText(req)), usage: 'measured' });
}

const noWait = { intervalMs: 1, sleep: () => Promise.resolve() };
const base = (kind: ProviderKind) => ({
  client: client(kind),
  entries: library.entries,
  profile: 'skillbench' as const,
  skill: 'csv-report',
  set: SET,
});
/** A report without what differs between modes by nature: timings, the batch's id. */
const comparable = (r: TriggerReport) => ({
  ...r,
  results: r.results.map((q) => ({ ...q, duration_ms: 0 })),
  usage: { ...r.usage, cost_usd: 0, cost_without_cache_usd: 0 },
  mode: undefined,
  batch_id: undefined,
});

describe.each<ProviderKind>(['anthropic', 'openai'])('batch mode through the %s SDK', (kind) => {
  it('gives the direct mode’s report at half its cost, polling with progress', async () => {
    routed();
    const direct = await runTriggerEval(base(kind));
    const sent = (path: string) =>
      server.received
        .filter((r) => r.path === path)
        .map((r) => JSON.stringify(r.body))
        .sort();
    const directBodies = sent(kind === 'anthropic' ? '/v1/messages' : '/v1/chat/completions');
    // A fresh server: its prompt cache as empty as the direct run found it.
    await server.close();
    server = await startFakeModelServer(() => ({ text: 'unset' }));
    routed();
    server.batch.pollsInProgress = 3;
    const progress: string[] = [];
    const delays: number[] = [];
    const ids: string[] = [];
    const batch = await runTriggerEval({
      ...base(kind),
      mode: 'batch',
      onProgress: (done, total, what) => progress.push(`${done}/${total} ${what}`),
      batch: {
        store,
        poll: { intervalMs: 100, sleep: (ms) => (delays.push(ms), Promise.resolve()) },
        onBatch: (id) => ids.push(id),
      },
    });
    expect(comparable(batch)).toEqual(comparable(direct));
    // Each line of the batch is the request the direct mode sent, cache markers included.
    expect(sent(kind === 'anthropic' ? '/v1/messages/batches' : '/v1/batches')).toEqual(directBodies);
    expect(batch.mode).toBe('batch');
    expect(batch.batch_id).toBe(ids[0]);
    expect(batch.usage.input_tokens + batch.usage.cache_read_input_tokens).toBeGreaterThan(0);
    expect(batch.usage.cost_usd).toBeCloseTo(direct.usage.cost_usd! / 2, 12);
    expect(batch.usage.cost_without_cache_usd).toBeCloseTo(direct.usage.cost_without_cache_usd! / 2, 12);
    // One batch of 18 lines, polled until it ended, the wait growing between polls.
    expect(server.batch.batches.size).toBe(1);
    expect([...server.batch.batches.values()][0]!.lines).toHaveLength(18);
    const state = kind === 'anthropic' ? 'ended' : 'completed';
    expect(progress).toEqual([
      ...Array.from({ length: 3 }, () => `0/18 batch ${ids[0]}: in_progress`),
      `18/18 batch ${ids[0]}: ${state}`,
    ]);
    expect(delays).toEqual([100, 150, 225]);
    // Collected: the saved job is gone.
    expect(store.list()).toEqual([]);
  });

  it('leaves the batch running when the wait is cancelled; another client picks the saved job up', async () => {
    routed();
    server.batch.pollsInProgress = 2;
    const stop = new AbortController();
    let sent = '';
    await expect(
      runTriggerEval({
        ...base(kind),
        mode: 'batch',
        signal: stop.signal,
        batch: {
          store,
          poll: noWait,
          onBatch: (id) => {
            sent = id;
            stop.abort(); // Ctrl-C, or the app quitting, right after the batch was sent
          },
        },
      }),
    ).rejects.toMatchObject({ code: 'Cancelled' });
    expect(store.list().map((j) => j.batch_id)).toEqual([sent]);
    expect(readdirSync(join(dir, 'batches'))).toEqual([`${sent}.json`]);

    // A restart: a new client and a new store over the same folder. Asking for the same run resumes it.
    const again = new BatchJobStore(join(dir, 'batches'));
    const resumed: boolean[] = [];
    const report = await runTriggerEval({
      ...base(kind),
      mode: 'batch',
      batch: { store: again, poll: noWait, onBatch: (_, r) => resumed.push(r) },
    });
    expect(resumed).toEqual([true]);
    expect(server.batch.batches.size).toBe(1); // nothing sent twice
    expect(report.batch_id).toBe(sent);
    expect(report.summary).toEqual({ total: 6, passed: 4, failed: 2 });
    expect(again.list()).toEqual([]);
  });

  it('resumes a batch by its id with the run its job saved', async () => {
    routed();
    server.batch.pollsInProgress = 5;
    const stop = new AbortController();
    let sent = '';
    await expect(
      runTriggerEval({
        ...base(kind),
        set: SET.slice(0, 2),
        runs: 1,
        description: 'Reports on CSV files.',
        mode: 'batch',
        signal: stop.signal,
        batch: { store, poll: noWait, onBatch: (id) => ((sent = id), stop.abort()) },
      }),
    ).rejects.toMatchObject({ code: 'Cancelled' });
    const report = await runTriggerEval({
      ...base(kind),
      mode: 'batch',
      batch: { store, poll: noWait, resume: sent },
    });
    expect(report.results.map((r) => r.query)).toEqual(SET.slice(0, 2).map((q) => q.query));
    expect(report.runs_per_query).toBe(1);
    expect(report.description).toBe('Reports on CSV files.');
    await expect(
      runTriggerEval({ ...base(kind), mode: 'batch', batch: { store, poll: noWait, resume: sent } }),
    ).rejects.toThrow(/No saved batch .* collected already/);
  });

  it('cancels a batch: its unanswered requests are per-query errors', async () => {
    routed();
    server.batch.pollsInProgress = 100;
    const c = client(kind);
    const report = await runTriggerEval({
      ...base(kind),
      client: c,
      runs: 1,
      mode: 'batch',
      batch: { store, poll: noWait, onBatch: (id) => void cancelTriggerBatch(c, id, store) },
    });
    expect(server.batch.calls.some((call) => call.endsWith('/cancel'))).toBe(true);
    expect(report.results.every((r) => r.runs === 0 && r.errors?.count === 1)).toBe(true);
    expect(report.results[0]!.errors!.message).toMatch(/cancelled/);
    expect(report.usage.cost_usd).toBe(0);
  });

  it('names the queries that expired and keeps the answers that came', async () => {
    routed();
    server.batch.expireAfter = 4; // of 6 queries × 1 run
    const report = await runTriggerEval({
      ...base(kind),
      runs: 1,
      mode: 'batch',
      batch: { store, poll: noWait },
    });
    expect(report.results.slice(0, 4).every((r) => r.runs === 1 && !r.errors)).toBe(true);
    for (const r of report.results.slice(4)) {
      expect(r.runs).toBe(0);
      expect(r.errors?.message).toMatch(/expired/);
    }
    expect(report.stopped).toBe(
      `Stopped: the batch expired before 2 of 6 requests ran; expired: ${report.results
        .slice(4)
        .map((r) => JSON.stringify(r.query))
        .join(', ')}.`,
    );
  });

  it('counts a request the vendor answered with an error against its query only', async () => {
    const route = router();
    server.script = (req) => {
      const text = lastUserText(req);
      return text === SET[1]!.query ? { status: 500, message: 'overloaded' } : route(text);
    };
    const report = await runTriggerEval({
      ...base(kind),
      runs: 1,
      mode: 'batch',
      batch: { store, poll: noWait },
    });
    expect(report.results[1]!.errors?.count).toBe(1);
    expect(report.results[1]!.errors?.message).toMatch(/(500|api_error).*overloaded/);
    expect(report.results.filter((r) => r.runs === 1)).toHaveLength(5);
  });

  it('fails the run when no request was answered, and forgets the batch', async () => {
    server.script = () => ({ status: 404, message: 'model: no-such-model' });
    await expect(
      runTriggerEval({ ...base(kind), runs: 1, mode: 'batch', batch: { store, poll: noWait } }),
    ).rejects.toThrow(/answered no request.*no-such-model.*Check the provider's base URL, model and key/);
    expect(store.list()).toEqual([]);
  });

  it('counts each request once when the vendor lists it again, or lists an id it was never sent', async () => {
    routed();
    const run = () => runTriggerEval({ ...base(kind), mode: 'batch', batch: { store, poll: noWait } });
    const once = await run();
    server.batch.repeat = 10;
    const repeated = await run();
    expect(server.batch.batches.size).toBe(2);
    expect(comparable(repeated)).toEqual(comparable(once));
    expect(repeated.results.every((r) => r.runs === 3 && !r.errors)).toBe(true);
    expect(repeated.usage.cost_usd).toBe(once.usage.cost_usd);
  });

  it('marks a batch the vendor no longer knows as failed; asking again sends a new batch', async () => {
    routed();
    server.batch.pollsInProgress = 5;
    const stop = new AbortController();
    let sent = '';
    const ask = (signal?: AbortSignal) =>
      runTriggerEval({
        ...base(kind),
        runs: 1,
        mode: 'batch',
        ...(signal ? { signal } : {}),
        batch: { store, poll: noWait, onBatch: (id) => ((sent ||= id), stop.abort()) },
      });
    await expect(ask(stop.signal)).rejects.toMatchObject({ code: 'Cancelled' });
    server.batch.lost = true;
    await expect(ask()).rejects.toThrow(/404|no batch/);
    expect(store.get(sent)?.failed?.reason).toMatch(/404|no batch/);
    server.batch.lost = false;
    server.batch.pollsInProgress = 0;
    const report = await ask();
    expect(report.batch_id).not.toBe(sent);
    expect(server.batch.batches.size).toBe(2);
    expect(store.list().map((j) => j.batch_id)).toEqual([sent]); // kept, with its reason, until removed
  });

  it('sends a whole library’s collision run as one batch', async () => {
    routed();
    const direct = await runLibraryTriggers({ ...base(kind), audience: 'cli' });
    const batch = await runLibraryTriggers({
      ...base(kind),
      audience: 'cli',
      mode: 'batch',
      batch: { store, poll: noWait },
    });
    expect(server.batch.batches.size).toBe(1);
    expect(batch.mode).toBe('batch');
    expect(batch.matrix).toEqual(direct.matrix);
    expect(batch.reports.map((r) => r.skill_name)).toEqual(direct.reports.map((r) => r.skill_name));
    expect(batch.reports.every((r) => r.batch_id === batch.batch_id)).toBe(true);
  });
});

it('marks an OpenAI batch that failed validation as failed, with the vendor’s reason', async () => {
  routed();
  server.batch.failValidation = 'model gpt-4.1 is not available for batches';
  await expect(
    runTriggerEval({ ...base('openai'), runs: 1, mode: 'batch', batch: { store, poll: noWait } }),
  ).rejects.toThrow(/failed validation: model gpt-4.1 is not available/);
  const [job] = store.list();
  expect(job?.failed?.reason).toMatch(/failed validation: model gpt-4.1 is not available/);
});

it('marks a batch failed when its provider now names another model, not when another provider resumes it', async () => {
  routed();
  server.batch.pollsInProgress = 5;
  const stop = new AbortController();
  let sent = '';
  await expect(
    runTriggerEval({
      ...base('anthropic'),
      runs: 1,
      mode: 'batch',
      signal: stop.signal,
      batch: { store, poll: noWait, onBatch: (id) => ((sent = id), stop.abort()) },
    }),
  ).rejects.toMatchObject({ code: 'Cancelled' });
  const other = (name: string) =>
    new ModelClient(
      createProvider(
        { name, kind: 'anthropic', model: 'claude-haiku-4-5', baseURL: server.anthropicBaseURL },
        { apiKey: 'test-key' },
      ),
    );
  const resume = (c: ModelClient) =>
    runTriggerEval({
      ...base('anthropic'),
      client: c,
      mode: 'batch',
      batch: { store, poll: noWait, resume: sent },
    });
  await expect(resume(other('elsewhere'))).rejects.toThrow(/resume it with that provider/);
  expect(store.get(sent)?.failed).toBeUndefined();
  await expect(resume(other('fake'))).rejects.toThrow(/now names claude-haiku-4-5/);
  expect(store.get(sent)?.failed?.reason).toMatch(/now names claude-haiku-4-5/);
});

it('refuses batch mode for Claude Code, which has no batch API', async () => {
  const c = new ModelClient(createProvider({ name: 'cc', kind: 'claude-code', model: 'default' }));
  await expect(
    runTriggerEval({ ...base('anthropic'), client: c, mode: 'batch', batch: { store } }),
  ).rejects.toThrow('cc (claude-code) has no batch API: batch mode needs an Anthropic or OpenAI provider');
});
