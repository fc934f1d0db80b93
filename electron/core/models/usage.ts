// Owns summing a run's usage: tokens by kind over its requests, and its cost with prompt caching and without.
import { EMPTY_USAGE, type ModelPrice, type RunUsage } from '../../../shared/usage.js';
import { pricedCost } from './budget.js';
import type { Usage } from './providers/types.js';

export class UsageTally {
  private readonly sum: RunUsage = { ...EMPTY_USAGE };
  private cost: number | null = 0;
  private without: number | null = 0;

  /** `note`: what a run whose model has no price says (how to add one). */
  constructor(
    readonly price: ModelPrice | undefined,
    private readonly note: string,
  ) {}

  /** One response's usage (not one read back from Skillbench's response cache: that cost nothing). */
  add(usage: Usage): void {
    this.sum.input_tokens += usage.inputTokens;
    this.sum.cache_creation_input_tokens += usage.cacheWriteTokens ?? 0;
    this.sum.cache_read_input_tokens += usage.cacheReadTokens ?? 0;
    this.sum.output_tokens += usage.outputTokens;
    // A provider that reports its own cost (Claude Code) is believed; otherwise the price decides.
    const cost = usage.costUsd ?? (this.price ? pricedCost(usage, this.price) : null);
    this.cost = this.cost === null || cost === null ? null : this.cost + cost;
    const without = this.price ? pricedCost(usage, this.price, { cached: false }) : null;
    this.without = this.without === null || without === null ? null : this.without + without;
  }

  /** Another tally's sums added to this one (a collision run's skills, an output run's grader). */
  merge(other: RunUsage): void {
    this.sum.input_tokens += other.input_tokens;
    this.sum.cache_creation_input_tokens += other.cache_creation_input_tokens;
    this.sum.cache_read_input_tokens += other.cache_read_input_tokens;
    this.sum.output_tokens += other.output_tokens;
    this.cost = this.cost === null || other.cost_usd === null ? null : this.cost + other.cost_usd;
    this.without =
      this.without === null || other.cost_without_cache_usd === null
        ? null
        : this.without + other.cost_without_cache_usd;
  }

  report(): RunUsage {
    return {
      ...this.sum,
      cost_usd: this.cost,
      cost_without_cache_usd: this.without,
      ...(this.cost === null || this.without === null ? { price_note: this.note } : {}),
    };
  }
}
