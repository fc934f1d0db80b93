import { describe, expect, it } from 'vitest';
import { billedInputTokens, costText, EMPTY_USAGE, promptTokens, usageLine } from '../../../shared/usage.js';
import { promptExcerpt } from '../../../shared/evals.js';

const usage = {
  input_tokens: 1200,
  cache_creation_input_tokens: 2000,
  cache_read_input_tokens: 18000,
  output_tokens: 340,
  cost_usd: 0.0211,
  cost_without_cache_usd: 0.0687,
};

describe('a run’s usage as shown', () => {
  it('names each kind of token and both costs', () => {
    expect(usageLine(usage)).toBe(
      'tokens 1,200 in, 2,000 cache write, 18,000 cache read, 340 out; cost $0.0211 (without caching $0.0687)',
    );
    expect(
      usageLine({
        ...EMPTY_USAGE,
        input_tokens: 90,
        output_tokens: 9,
        cost_usd: 0.001,
        cost_without_cache_usd: 0.001,
      }),
    ).toBe('tokens 90 in, 9 out; cost $0.0010');
    expect(costText({ ...usage, cost_usd: null, cost_without_cache_usd: null, price_note: 'add it' })).toBe(
      'unknown (add it)',
    );
  });

  it('counts billed input in full-rate tokens', () => {
    expect(promptTokens(usage)).toBe(21200);
    expect(billedInputTokens(usage, { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 })).toBeCloseTo(
      1200 + 2500 + 1800,
      9,
    );
  });
});

describe('a prompt’s excerpt', () => {
  it('is its first line, spaces collapsed, cut at a word', () => {
    expect(promptExcerpt('\n  Summarise   sales.csv\ninto a report')).toBe('Summarise sales.csv');
    expect(
      promptExcerpt(
        'Read the attached quarterly spreadsheet and write a short report of the totals by region, please',
      ),
    ).toBe('Read the attached quarterly spreadsheet and write a short…');
    expect(promptExcerpt('x'.repeat(80))).toBe(`${'x'.repeat(60)}…`);
  });
});
