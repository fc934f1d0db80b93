// Prompt caching through the real Anthropic and OpenAI SDKs against the fake model server, which counts tokens as
// the vendors do: the markers on the wire, usage summed by kind, the cost with and without caching, and what caching
// saves on a library of real skills.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { triggerLibraryReply, writeTriggerLibrary } from '../../../bench/trigger-library.js';
import {
  lastUserText,
  MIN_CACHED_TOKENS,
  startFakeModelServer,
  type FakeModelServer,
  type Received,
} from '../../fakes/model-server.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { createProvider } from '../../../electron/core/models/providers/index.js';
import { ModelClient, type ModelClientOptions } from '../../../electron/core/models/model-client.js';
import {
  runLibraryTriggers,
  runTriggerEval,
  triggerPromptSize,
} from '../../../electron/core/evals/triggers.js';
import { DEFAULT_PRICES } from '../../../electron/core/models/prices.js';
import type { ProviderKind } from '../../../electron/core/models/providers/types.js';
import { billedInputTokens, promptTokens } from '../../../shared/usage.js';
import { catalogEntries } from '../../../shared/catalog.js';

/** A model the price table knows: the fake server answers for any name. */
const MODEL = 'claude-sonnet-4-5';
const PRICE = DEFAULT_PRICES[MODEL]!;

let server: FakeModelServer;
let dir: string;
let names: string[];
let library: ReturnType<typeof loadLibrary>;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
  dir = mkdtempSync(join(tmpdir(), 'skillbench-prompt-cache-'));
  names = writeTriggerLibrary(dir, { skills: 24, queries: 10 });
  library = loadLibrary([{ path: dir }]);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The scripted model: the skill a query names, else a direct answer; usage counted from the request. */
function measuredRoutes(): void {
  server.received.length = 0;
  server.script = (req) => triggerLibraryReply(lastUserText(req));
}

function client(kind: ProviderKind, options: ModelClientOptions = {}, model = MODEL): ModelClient {
  const baseURL = kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL;
  return new ModelClient(createProvider({ name: 'fake', kind, model, baseURL }, { apiKey: 'k' }), {
    concurrency: 1,
    ...options,
  });
}

const csvSet = (skill: string) =>
  Array.from({ length: 4 }, (_, i) => ({ query: `Use ${skill} on task ${i + 1}`, should_trigger: true }));

const systemBlocks = (r: Received) => r.body.system as Array<Record<string, unknown>>;

describe('the Anthropic SDK', () => {
  it('marks the system prompt and the last tool as cacheable, and sends no marker with caching off', async () => {
    measuredRoutes();
    const skill = names[0]!;
    await runTriggerEval({ client: client('anthropic'), ...lib(), skill, set: csvSet(skill), runs: 1 });
    const cached = server.received[0]!;
    expect(systemBlocks(cached)).toEqual([
      expect.objectContaining({ type: 'text', cache_control: { type: 'ephemeral' } }),
    ]);
    expect(systemBlocks(cached)[0]!.text).toContain('<available_skills>');
    const tools = cached.body.tools as Array<Record<string, unknown>>;
    expect(tools.at(-1)).toMatchObject({ name: 'Skill', cache_control: { type: 'ephemeral' } });
    // The query is the only per-query part, after the prefix.
    expect(JSON.stringify(cached.body.messages)).not.toContain('cache_control');

    server.received.length = 0;
    await runTriggerEval({
      client: client('anthropic', { promptCache: false }),
      ...lib(),
      skill,
      set: csvSet(skill),
      runs: 1,
    });
    expect(JSON.stringify(server.received[0]!.body)).not.toContain('cache_control');
  });

  it('sums cache writes, cache reads and the uncached remainder over a run, and prices both ways', async () => {
    measuredRoutes();
    const skill = names[1]!;
    // A dated id (priced as its model) the server has cached nothing for yet.
    const report = await runTriggerEval({
      client: client('anthropic', {}, `${MODEL}-20250929`),
      ...lib(),
      skill,
      set: csvSet(skill),
      runs: 1,
    });
    const wire = server.received.map((r) => r.body);
    expect(wire).toHaveLength(4);
    const u = report.usage;
    // One request wrote the prefix, the three after it read it; input is only what follows the breakpoint.
    expect(u.cache_creation_input_tokens).toBeGreaterThanOrEqual(MIN_CACHED_TOKENS);
    expect(u.cache_read_input_tokens).toBe(3 * u.cache_creation_input_tokens);
    expect(u.input_tokens).toBeGreaterThan(0);
    expect(u.input_tokens).toBeLessThan(4 * 50);
    const perMillion = (n: number, price: number) => (n * price) / 1_000_000;
    expect(u.cost_usd).toBeCloseTo(
      perMillion(u.input_tokens, PRICE.input) +
        perMillion(u.cache_creation_input_tokens, PRICE.cacheWrite) +
        perMillion(u.cache_read_input_tokens, PRICE.cacheRead) +
        perMillion(u.output_tokens, PRICE.output),
      10,
    );
    expect(u.cost_without_cache_usd).toBeCloseTo(
      perMillion(promptTokens(u), PRICE.input) + perMillion(u.output_tokens, PRICE.output),
      10,
    );
    expect(u.cost_usd!).toBeLessThan(u.cost_without_cache_usd!);
    // The Evals tab's estimate of the prefix is what the server counted, within a few tokens.
    const size = triggerPromptSize(library.entries, 'skillbench', csvSet(skill));
    expect(Math.abs(size.prefix_tokens - u.cache_creation_input_tokens)).toBeLessThan(20);
  });

  it('shows the cost as unknown, with how to add a price, for a model the table does not know', async () => {
    measuredRoutes();
    const skill = names[2]!;
    const provider = createProvider(
      { name: 'fake', kind: 'anthropic', model: 'house-model-7', baseURL: server.anthropicBaseURL },
      { apiKey: 'k' },
    );
    const report = await runTriggerEval({
      client: new ModelClient(provider, { prices: { prices: DEFAULT_PRICES, file: '/data/prices.json' } }),
      ...lib(),
      skill,
      set: csvSet(skill).slice(0, 1),
      runs: 1,
    });
    expect(report.usage).toMatchObject({ cost_usd: null, cost_without_cache_usd: null });
    expect(report.usage.price_note).toBe(
      'no price for model "house-model-7": add it to /data/prices.json as {"models": {"house-model-7": {"input": 3, "output": 15, "cacheWrite": 3.75, "cacheRead": 0.3}}}',
    );
  });

  it('bills a library of 20+ real skills, 10 queries each, at most 20% of the input an uncached run bills', async () => {
    expect(names.length).toBeGreaterThanOrEqual(20);
    const listed = catalogEntries(library.entries, 'skillbench').map((e) => e.skill?.name);
    expect(listed).toEqual(expect.arrayContaining(names));
    const run = async (promptCache: boolean) => {
      measuredRoutes();
      const result = await runLibraryTriggers({
        client: client('anthropic', { promptCache, concurrency: 4 }),
        ...lib(),
        runs: 1,
        audience: 'cli',
      });
      expect(result.reports).toHaveLength(names.length);
      expect(server.received).toHaveLength(names.length * 10);
      return result.usage;
    };
    const uncached = await run(false);
    const cached = await run(true);
    expect(uncached.cache_creation_input_tokens + uncached.cache_read_input_tokens).toBe(0);
    // The same prompts either way: caching changes what they are billed, not what is sent.
    expect(promptTokens(cached)).toBe(promptTokens(uncached));
    const ratio = billedInputTokens(cached, PRICE) / billedInputTokens(uncached, PRICE);
    expect(ratio).toBeLessThanOrEqual(0.2);
    expect(cached.cost_usd!).toBeLessThan(uncached.cost_usd!);
    expect(uncached.cost_usd).toBeCloseTo(uncached.cost_without_cache_usd!, 10);
  });
});

describe('the OpenAI SDK', () => {
  it('sends the system message first and byte-identical, and reads cached_tokens as cache reads', async () => {
    measuredRoutes();
    const skill = names[3]!;
    const report = await runTriggerEval({
      client: client('openai'),
      ...lib(),
      skill,
      set: csvSet(skill),
      runs: 1,
    });
    const firstMessages = server.received.map(
      (r) => JSON.stringify((r.body.messages as unknown[])[0]) + JSON.stringify(r.body.tools),
    );
    expect(new Set(firstMessages).size).toBe(1);
    expect((server.received[0]!.body.messages as Array<{ role: string }>).map((m) => m.role)).toEqual([
      'system',
      'user',
    ]);
    const u = report.usage;
    expect(u.cache_creation_input_tokens).toBe(0); // OpenAI charges nothing extra to write
    expect(u.cache_read_input_tokens).toBeGreaterThanOrEqual(3 * MIN_CACHED_TOKENS);
    expect(u.cache_read_input_tokens % 128).toBe(0);
  });
});

function lib() {
  return { entries: library.entries, profile: 'skillbench' as const };
}
