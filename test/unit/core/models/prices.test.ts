import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_PRICES,
  modelPrice,
  parsePrices,
  priceOf,
  readPriceTable,
  SHIPPED_PRICES,
  unknownPriceNote,
} from '../../../../electron/core/models/prices.js';

describe('the price table', () => {
  it('ships a price with cache write and read for the models the providers are used with', () => {
    expect(DEFAULT_PRICES['claude-sonnet-4-5']).toEqual({
      input: 3,
      output: 15,
      cacheWrite: 3.75,
      cacheRead: 0.3,
    });
    expect(DEFAULT_PRICES['gpt-4.1-mini']).toEqual({
      input: 0.4,
      output: 1.6,
      cacheWrite: 0.4,
      cacheRead: 0.1,
    });
  });

  it('prices a dated or suffixed id as its model, the longest matching entry first', () => {
    expect(modelPrice('claude-sonnet-4-5-20250929', SHIPPED_PRICES)).toBe(
      DEFAULT_PRICES['claude-sonnet-4-5'],
    );
    expect(modelPrice('claude-sonnet-4-20250514', SHIPPED_PRICES)).toBe(DEFAULT_PRICES['claude-sonnet-4']);
    expect(modelPrice('gpt-4o-mini-2024-07-18', SHIPPED_PRICES)).toBe(DEFAULT_PRICES['gpt-4o-mini']);
    expect(modelPrice('gpt-4o2', SHIPPED_PRICES)).toBeUndefined();
    expect(modelPrice('llama3.1:8b', SHIPPED_PRICES)).toBeUndefined();
  });

  it('reads the user’s prices.json on top of the shipped ones, and none at all is no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-prices-'));
    expect(readPriceTable(dir)).toEqual({ prices: DEFAULT_PRICES, file: join(dir, 'prices.json') });
    const own = { input: 0.5, output: 1, cacheWrite: 0.5, cacheRead: 0.05 };
    writeFileSync(
      join(dir, 'prices.json'),
      JSON.stringify({ models: { 'llama3.1:8b': own, 'gpt-4o': own } }),
    );
    const table = readPriceTable(dir);
    expect(modelPrice('llama3.1:8b', table)).toEqual(own);
    expect(modelPrice('gpt-4o', table)).toEqual(own);
    expect(modelPrice('claude-haiku-4-5', table)).toBe(DEFAULT_PRICES['claude-haiku-4-5']);
  });

  it('refuses a broken prices file with the file, the model and the fix', () => {
    expect(() =>
      parsePrices('{"models": {"m": {"input": 1, "output": 2, "cacheWrite": -1}}}', 'p.json'),
    ).toThrow(
      'p.json: "m" needs "cacheWrite", a number of USD per million tokens (0 or more). Write it as {"models": {"MODEL": {"input": 3, "output": 15, "cacheWrite": 3.75, "cacheRead": 0.3}}} (USD per million tokens).',
    );
    expect(() => parsePrices('[]', 'p.json')).toThrow('p.json: it has no "models" object.');
    expect(() => parsePrices('{"models": ', 'p.json')).toThrow(/^p\.json: .*Write it as/);
  });

  it('takes a provider’s own price first, its cache tokens at the input rate unless it says otherwise', () => {
    const config = { name: 'p', kind: 'anthropic' as const, model: 'claude-sonnet-4-5' };
    expect(priceOf(config, SHIPPED_PRICES)).toBe(DEFAULT_PRICES['claude-sonnet-4-5']);
    expect(priceOf({ ...config, price: { input: 2, output: 4 } }, SHIPPED_PRICES)).toEqual({
      input: 2,
      output: 4,
      cacheWrite: 2,
      cacheRead: 2,
    });
    expect(
      priceOf({ ...config, price: { input: 2, output: 4, cacheRead: 0.2 } }, SHIPPED_PRICES),
    ).toMatchObject({
      cacheRead: 0.2,
    });
    expect(priceOf({ ...config, model: 'house' }, SHIPPED_PRICES)).toBeUndefined();
  });

  it('says where and how to add a price for an unknown model', () => {
    expect(unknownPriceNote('house', { prices: {}, file: '/d/prices.json' })).toBe(
      'no price for model "house": add it to /d/prices.json as {"models": {"house": {"input": 3, "output": 15, "cacheWrite": 3.75, "cacheRead": 0.3}}}',
    );
  });
});
