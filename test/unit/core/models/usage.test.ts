import { describe, expect, it } from 'vitest';
import { UsageTally } from '../../../../electron/core/models/usage.js';
import { Budget, checkedUsage } from '../../../../electron/core/models/budget.js';
import { ModelClient } from '../../../../electron/core/models/model-client.js';
import { BATCH_PRICE_FACTOR, estimateTriggerTokens, estimatedCosts } from '../../../../shared/usage.js';

const PRICE = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };

describe('a run’s usage', () => {
  it('sums tokens by kind and prices them with caching and without', () => {
    const tally = new UsageTally(PRICE, 'no price');
    tally.add({ inputTokens: 10, outputTokens: 5, cacheWriteTokens: 2000 });
    tally.add({ inputTokens: 12, outputTokens: 5, cacheReadTokens: 2000 });
    tally.add({ inputTokens: 8, outputTokens: 4, cacheReadTokens: 2000 });
    const u = tally.report();
    expect(u).toMatchObject({
      input_tokens: 30,
      cache_creation_input_tokens: 2000,
      cache_read_input_tokens: 4000,
      output_tokens: 14,
    });
    expect(u.cost_usd).toBeCloseTo((30 * 3 + 2000 * 3.75 + 4000 * 0.3 + 14 * 15) / 1e6, 12);
    expect(u.cost_without_cache_usd).toBeCloseTo((6030 * 3 + 14 * 15) / 1e6, 12);
    expect(u.price_note).toBeUndefined();
  });

  it('believes a provider’s own cost, and says the cost is unknown without a price', () => {
    const own = new UsageTally(undefined, 'add a price');
    own.add({ inputTokens: 10, outputTokens: 5, costUsd: 0.25 });
    expect(own.report()).toMatchObject({
      cost_usd: 0.25,
      cost_without_cache_usd: null,
      price_note: 'add a price',
    });
    const none = new UsageTally(undefined, 'add a price');
    none.add({ inputTokens: 10, outputTokens: 5 });
    expect(none.report()).toMatchObject({
      cost_usd: null,
      cost_without_cache_usd: null,
      price_note: 'add a price',
    });
  });

  it('merges other runs’ sums (a collision run, an output run’s grader); one unknown cost makes the total unknown', () => {
    const a = new UsageTally(PRICE, 'x');
    a.add({ inputTokens: 100, outputTokens: 10 });
    const total = new UsageTally(PRICE, 'x');
    total.merge(a.report());
    total.merge(a.report());
    expect(total.report()).toMatchObject({ input_tokens: 200, output_tokens: 20 });
    expect(total.report().cost_usd).toBeCloseTo((2 * (300 + 150)) / 1e6, 12);
    const unknown = new UsageTally(undefined, 'y');
    unknown.add({ inputTokens: 1, outputTokens: 1 });
    total.merge(unknown.report());
    expect(total.report()).toMatchObject({ cost_usd: null, price_note: 'x' });
  });

  it('keeps the reported cache tokens, and the token budget counts them', () => {
    const request = { messages: [{ role: 'user' as const, content: 'hi' }] };
    const usage = checkedUsage(
      { inputTokens: 3, outputTokens: 2, cacheWriteTokens: 0, cacheReadTokens: 1500 },
      request,
      { text: 'ok', toolCalls: [] },
    );
    expect(usage).toEqual({ inputTokens: 3, outputTokens: 2, cacheReadTokens: 1500 });
    // Garbage cache figures are dropped, not trusted.
    expect(
      checkedUsage({ inputTokens: 3, outputTokens: 2, cacheReadTokens: -5 }, request, {
        text: 'ok',
        toolCalls: [],
      }),
    ).toEqual({ inputTokens: 3, outputTokens: 2 });
    const budget = new Budget({ maxTokens: 1000 });
    budget.charge(usage, PRICE);
    expect(budget.tokens).toBe(1505);
    expect(budget.costUsd).toBeCloseTo((3 * 3 + 1500 * 0.3 + 2 * 15) / 1e6, 12);
  });
});

describe('batch pricing', () => {
  const usage = [
    { inputTokens: 10, outputTokens: 5, cacheWriteTokens: 2000 },
    { inputTokens: 12, outputTokens: 7, cacheReadTokens: 2000 },
  ];
  const client = new ModelClient({
    config: { name: 'p', kind: 'anthropic', model: 'm', price: PRICE },
    complete: () => Promise.reject(new Error('not called')),
  });

  it('costs half of the direct mode for the same run, with caching and without', () => {
    const direct = client.tally();
    const batch = client.tally({ batch: true });
    for (const u of usage) {
      direct.add(u);
      batch.add(u);
    }
    const d = direct.report();
    const b = batch.report();
    expect(BATCH_PRICE_FACTOR).toBe(0.5);
    expect(b.cost_usd).toBeGreaterThan(0);
    expect(b.cost_usd).toBeCloseTo(d.cost_usd! / 2, 15);
    expect(b.cost_without_cache_usd).toBeCloseTo(d.cost_without_cache_usd! / 2, 15);
    expect({ ...b, cost_usd: 0, cost_without_cache_usd: 0 }).toEqual({
      ...d,
      cost_usd: 0,
      cost_without_cache_usd: 0,
    });
  });

  it('charges a batch answer to the budget at the batch price', () => {
    const budget = new Budget();
    const c = new ModelClient(client.provider, { budget });
    const response = c.acceptBatchAnswer(
      { text: '', toolCalls: [], stopReason: 'end_turn', model: 'm', usage: usage[0] },
      { messages: [{ role: 'user', content: 'q' }] },
    );
    expect(response.usage).toMatchObject(usage[0]!);
    expect(budget.costUsd).toBeCloseTo((10 * 3 + 2000 * 3.75 + 5 * 15) / 1e6 / 2, 15);
  });

  it('estimates a trigger run in both modes before it starts', () => {
    const tokens = estimateTriggerTokens({ queries: 10, prefix_tokens: 2000, query_tokens: 100 }, 3);
    const cost = estimatedCosts(tokens, PRICE);
    expect(cost.batch).toBeCloseTo(cost.direct / 2, 15);
    expect(cost.without_cache).toBeGreaterThan(cost.direct);
  });
});
