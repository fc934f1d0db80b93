// Owns a run's token and cost budget: what was spent, and whether another request may start.
import type { ProviderConfig, Usage } from './providers/types.js';

export interface BudgetLimits {
  maxTokens?: number;
  maxCostUsd?: number;
}

/** Thrown when a request would start past the budget; runners catch it and stop cleanly with what they have. */
export class BudgetExhaustedError extends Error {
  override readonly name = 'BudgetExhaustedError';
}

/** USD of one response: the provider's own figure when it reports one, else tokens times the configured price. */
export function costOf(usage: Usage, price: ProviderConfig['price']): number {
  if (usage.costUsd !== undefined) return usage.costUsd;
  if (!price) return 0;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}

export class Budget {
  tokens = 0;
  costUsd = 0;
  constructor(readonly limits: BudgetLimits = {}) {}

  charge(usage: Usage, price: ProviderConfig['price']): void {
    this.tokens += usage.inputTokens + usage.outputTokens;
    this.costUsd += costOf(usage, price);
  }

  /**
   * Why no further request may start, or undefined. Checked before each request, so requests already in flight
   * finish and are counted: a run overshoots by at most the concurrency limit's worth of responses.
   */
  exhausted(): string | undefined {
    const { maxTokens, maxCostUsd } = this.limits;
    if (maxTokens !== undefined && this.tokens >= maxTokens)
      return `token budget spent: ${this.tokens} of ${maxTokens} tokens used`;
    if (maxCostUsd !== undefined && this.costUsd >= maxCostUsd)
      return `cost budget spent: $${this.costUsd.toFixed(4)} of $${maxCostUsd.toFixed(4)} used`;
    return undefined;
  }
}
