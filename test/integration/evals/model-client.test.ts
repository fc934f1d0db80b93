// The model client's failure paths through the real SDKs against the fake server: 429 with retry-after, 500, 401,
// a malformed body, a timeout, cancel, the budget and the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startFakeModelServer,
  lastUserText,
  type FakeModelServer,
  type Reply,
} from '../../fakes/model-server.js';
import { createProvider } from '../../../electron/core/models/providers/index.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { Budget, BudgetExhaustedError } from '../../../electron/core/models/budget.js';
import { ResponseCache } from '../../../electron/core/models/cache.js';
import { ProviderError, type ProviderKind } from '../../../electron/core/models/providers/types.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { readTriggerSet, runTriggerEval } from '../../../electron/core/evals/triggers.js';
import { SkillError } from '../../../shared/errors.js';
import { LIBRARY, router } from './routes.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

const ask = { messages: [{ role: 'user' as const, content: 'hello' }] };

function clientFor(
  kind: ProviderKind,
  options: ConstructorParameters<typeof ModelClient>[1] = {},
  price?: { input: number; output: number },
) {
  const provider = createProvider(
    {
      name: 'fake',
      kind,
      model: 'scripted-1',
      baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
      ...(price ? { price } : {}),
    },
    { apiKey: 'k' },
  );
  return new ModelClient(provider, options);
}

/** Replies in order, then the last one forever. */
function sequence(...replies: Reply[]) {
  let i = 0;
  server.received.length = 0;
  server.script = () => replies[Math.min(i++, replies.length - 1)]!;
}

describe.each<ProviderKind>(['anthropic', 'openai'])('model client over the %s SDK', (kind) => {
  it('retries a 429 after the server’s retry-after, then a 500 with backoff, and succeeds', async () => {
    sequence({ status: 429, retryAfter: '7' }, { status: 500 }, { text: 'fine' });
    const delays: number[] = [];
    const client = clientFor(kind, { baseDelayMs: 250, sleep: (ms) => (delays.push(ms), Promise.resolve()) });
    const result = await client.complete(ask);
    expect(result.response.text).toBe('fine');
    expect(result.attempts).toBe(3);
    expect(delays).toEqual([7000, 500]); // retry-after 7 s; then the second backoff step (250 * 2)
    expect(server.received).toHaveLength(3);
  });

  it('gives up after maxRetries with the last error, saying the status', async () => {
    sequence({ status: 503, message: 'overloaded' });
    const client = clientFor(kind, { maxRetries: 2, sleep: () => Promise.resolve() });
    const error = await client.complete(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(503);
    expect((error as Error).message).toContain('overloaded');
    expect(server.received).toHaveLength(3);
  });

  it('does not retry a 401 and says how to fix the key', async () => {
    sequence({ status: 401, message: 'invalid x-api-key' });
    const error = await clientFor(kind, { sleep: () => Promise.resolve() })
      .complete(ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as Error).message).toMatch(/answered 401.*Check the API key/);
    expect(server.received).toHaveLength(1);
  });

  it('reports a malformed body as a failure, not a crash or an empty answer', async () => {
    sequence({ malformed: true });
    const error = await clientFor(kind, { maxRetries: 0 })
      .complete(ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as Error).message).toMatch(/^(Anthropic|OpenAI-compatible server): .*JSON/);
  });

  it('times out a request that never answers, as a retryable failure', async () => {
    sequence({ hang: true });
    const error = await clientFor(kind, { timeoutMs: 200, maxRetries: 0 })
      .complete(ask)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toContain('no answer within');
  });

  it('cancels a request in flight with Cancelled', async () => {
    sequence({ hang: true });
    const controller = new AbortController();
    const pending = clientFor(kind).complete(ask, { signal: controller.signal });
    while (server.received.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkillError);
    expect((error as SkillError).code).toBe('Cancelled');
  });
});

describe('budget', () => {
  it('charges tokens and cost at the configured price and refuses the next request once spent', async () => {
    sequence({ text: 'a', usage: { input: 1000, output: 500 } });
    const budget = new Budget({ maxCostUsd: 0.02 });
    // $3 / $15 per million: 1000 in + 500 out = $0.0105 per call
    const client = clientFor('anthropic', { budget }, { input: 3, output: 15 });
    await client.complete(ask);
    expect(budget.tokens).toBe(1500);
    expect(budget.costUsd).toBeCloseTo(0.0105, 10);
    await client.complete(ask);
    await expect(client.complete(ask)).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(server.received).toHaveLength(2);
  });

  it('stops a trigger run cleanly: results so far, the rest marked skipped, and why', async () => {
    const route = router();
    server.script = (req) => route(lastUserText(req));
    server.received.length = 0;
    const set = readTriggerSet(join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json'), 'cli');
    // 120 tokens per response; one at a time, so the budget of 600 lets exactly 5 requests start
    const client = clientFor('openai', { concurrency: 1, budget: new Budget({ maxTokens: 600 }) });
    const report = await runTriggerEval({
      client,
      entries: loadLibrary([{ path: LIBRARY }]).entries,
      profile: 'skillbench',
      skill: 'csv-report',
      set,
    });
    expect(server.received).toHaveLength(5);
    expect(report.stopped).toBe(
      'Stopped: token budget spent: 600 of 600 tokens used; 1 of 6 queries finished (5 of 18 runs).',
    );
    expect(report.results.map((q) => q.runs)).toEqual([3, 2, 0, 0, 0, 0]);
    expect(report.results.filter((q) => q.skipped)).toHaveLength(4);
    expect(report.by_query).toMatchObject({ tp: 2, fp: 0, tn: 0, fn: 0 });
    expect(report.by_run).toMatchObject({ tp: 4, fn: 1, fp: 0, tn: 0 });
  });
});

describe('a run whose provider fails', () => {
  it('stops at the first failed request with one error, instead of grading every query as the skill failing', async () => {
    server.script = () => ({ status: 404, message: 'no such route' });
    server.received.length = 0;
    const set = readTriggerSet(join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json'), 'cli');
    const run = runTriggerEval({
      client: clientFor('openai', { concurrency: 1, maxRetries: 0 }),
      entries: loadLibrary([{ path: LIBRARY }]).entries,
      profile: 'skillbench',
      skill: 'csv-report',
      set,
    });
    const error = (await run.catch((e: unknown) => e)) as SkillError;
    expect(error).toBeInstanceOf(SkillError);
    expect(error.code).toBe('Http');
    expect(error.message).toMatch(/^The run stopped: a model request failed.*First error: .*404/);
    expect(error.details).toMatchObject({ failed: 1, answered: 0, total: 18 });
    expect(server.received).toHaveLength(1); // one at a time: nothing is sent after the first failure
  });

  it('hands a cancelled waiter’s turn to the next one, so a queue behind a cancel still runs', async () => {
    sequence({ text: 'a' }, { text: 'c' });
    const client = clientFor('anthropic', { concurrency: 1 });
    const cancel = new AbortController();
    const first = client.complete(ask, { sample: 0 });
    const cancelled = client.complete(ask, { sample: 1, signal: cancel.signal });
    const third = client.complete(ask, { sample: 2 });
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'Cancelled' });
    expect((await first).response.text).toBe('a');
    expect((await third).response.text).toBe('c');
  });
});

describe('response cache', () => {
  it('answers a repeated request from the cache, marked cached, and keeps samples apart', async () => {
    sequence({ text: 'first' }, { text: 'second' }, { text: 'third' });
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-cache-'));
    const budget = new Budget();
    const client = clientFor('anthropic', { cache: new ResponseCache(dir), budget });
    const a = await client.complete(ask, { sample: 0 });
    const b = await client.complete(ask, { sample: 1 });
    const again = await client.complete(ask, { sample: 0 });
    expect([a.response.text, b.response.text, again.response.text]).toEqual(['first', 'second', 'first']);
    expect([a.cached, b.cached, again.cached]).toEqual([false, false, true]);
    expect(server.received).toHaveLength(2);
    expect(budget.tokens).toBe(240); // a cached answer costs nothing
    // A different model is a different key.
    const other = new ModelClient(
      createProvider(
        { name: 'x', kind: 'anthropic', model: 'other', baseURL: server.anthropicBaseURL },
        { apiKey: 'k' },
      ),
      { cache: new ResponseCache(dir) },
    );
    expect((await other.complete(ask, { sample: 0 })).cached).toBe(false);
    expect(readdirSync(dir).length).toBeGreaterThan(0);
  });
});
