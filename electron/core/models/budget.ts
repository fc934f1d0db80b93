// Owns a run's token and cost budget: what was spent, and whether another request may start.
// Tested by: test/unit/core/models/providers.test.ts
import { STOPPED_PREFIX, type BudgetLimits } from '../../../shared/evals.js';
import { CHARS_PER_TOKEN, tokensForChars } from '../../../shared/tokens.js';
import { costOfTokens, type ModelPrice } from '../../../shared/usage.js';
import type { ChatRequest, ReportedUsage, ToolCall, Usage } from './providers/types.js';

export { STOPPED_PREFIX, type BudgetLimits };

/** Thrown when a request would start past the budget; runners catch it and stop cleanly with what they have. */
export class BudgetExhaustedError extends Error {
  override readonly name = 'BudgetExhaustedError';
}

/**
 * What a run stopped by its budget says at its end: the limit, what the run used in the end (requests in flight
 * when it was spent are counted too) and how much of the run finished, e.g. `Stopped: token budget spent: 360 of 300
 * tokens used; 1 of 6 queries finished (3 of 18 runs).`
 */
export function budgetStopped(budget: Budget, finished: string): string {
  return `${STOPPED_PREFIX}${budget.exhausted() ?? 'the budget was spent'}; ${finished}.`;
}

/** The budget's stop line among benchmark.json's notes, when the run was stopped by its budget. */
export const budgetStopNote = (notes: readonly string[]): string | undefined =>
  notes.find((n) => n.startsWith(STOPPED_PREFIX));

/** Every token of one response, the cached input included: what the token budget counts. */
export const tokensOf = (usage: Usage): number =>
  usage.inputTokens + (usage.cacheWriteTokens ?? 0) + (usage.cacheReadTokens ?? 0) + usage.outputTokens;

/** A price as a providers file may give it: cache tokens at the input rate unless it says otherwise. */
type Price = Pick<ModelPrice, 'input' | 'output'> & Partial<ModelPrice>;

/** USD of one response at `price`: each kind of token at its rate, or every input token at the full rate. */
export function pricedCost(usage: Usage, price: Price, { cached = true } = {}): number {
  const full = { cacheWrite: price.input, cacheRead: price.input, ...price };
  const tokens = {
    input: usage.inputTokens,
    cacheWrite: usage.cacheWriteTokens ?? 0,
    cacheRead: usage.cacheReadTokens ?? 0,
    output: usage.outputTokens,
  };
  return costOfTokens(tokens, full, { cached });
}

/** USD of one response: the provider's own figure when it reports one, else priced; 0 without a price. */
export function costOf(usage: Usage, price: Price | undefined): number {
  if (usage.costUsd !== undefined) return usage.costUsd;
  return price ? pricedCost(usage, price) : 0;
}

/** A token count or cost as reported: a finite number >= 0, else undefined. */
function figure(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** How far under the characters / 4 estimate an answer's reported count may be before it is taken for made up. */
const FLOOR_RATIO = 3;

function requestChars(request: ChatRequest): number {
  let chars = (request.system ?? '').length;
  for (const m of request.messages)
    chars += m.content.length + ('toolCalls' in m && m.toolCalls ? JSON.stringify(m.toolCalls).length : 0);
  if (request.tools?.length) chars += JSON.stringify(request.tools).length;
  return chars;
}

/**
 * The usage a response is charged. The provider's token counts when both are finite numbers >= 0, not both 0 (a
 * call that reads a prompt costs tokens) and the answer's not far below its own size; otherwise, so that a server which reports none, negative or
 * made-up counts cannot run past --max-tokens / --max-cost, an estimate of characters / 4 of the request and the
 * answer, marked `estimated`. A reported cost is kept only when it is a finite number >= 0.
 */
export function checkedUsage(
  reported: ReportedUsage | undefined,
  request: ChatRequest,
  answer: { text: string; toolCalls: readonly ToolCall[] },
): Usage {
  const costUsd = figure(reported?.costUsd);
  const cost = costUsd !== undefined ? { costUsd } : {};
  const input = figure(reported?.inputTokens);
  const output = figure(reported?.outputTokens);
  const write = figure(reported?.cacheWriteTokens) ?? 0;
  const read = figure(reported?.cacheReadTokens) ?? 0;
  const cache = { ...(write ? { cacheWriteTokens: write } : {}), ...(read ? { cacheReadTokens: read } : {}) };
  const answerChars =
    answer.text.length + (answer.toolCalls.length ? JSON.stringify(answer.toolCalls).length : 0);
  const guess = {
    inputTokens: tokensForChars(requestChars(request)),
    outputTokens: tokensForChars(answerChars),
  };
  if (input !== undefined && output !== undefined && input + write + read + output > 0) {
    // An answer counted far below its own size (1 token for fifty tool calls) is not trusted either: no tokenizer
    // gets below one token per FLOOR_RATIO estimated ones, so an honest count is never raised.
    if (output >= Math.floor(guess.outputTokens / FLOOR_RATIO))
      return { inputTokens: input, outputTokens: output, ...cache, ...cost };
    return { inputTokens: input, outputTokens: guess.outputTokens, ...cache, ...cost, estimated: true };
  }
  return { ...guess, ...cost, estimated: true };
}

export class Budget {
  tokens = 0;
  costUsd = 0;
  /** Responses whose usage was estimated (the provider reported none usable). */
  estimatedResponses = 0;
  constructor(readonly limits: BudgetLimits = {}) {}

  charge(usage: Usage, price: Price | undefined): void {
    this.tokens += tokensOf(usage);
    this.costUsd += costOf(usage, price);
    if (usage.estimated) this.estimatedResponses++;
  }

  /**
   * Why no further request may start, or undefined. Checked before each request, so requests already in flight
   * finish and are counted: a run overshoots by at most the concurrency limit's worth of responses.
   */
  exhausted(): string | undefined {
    const { maxTokens, maxCostUsd } = this.limits;
    const estimated = this.estimatedResponses
      ? ` (${this.estimatedResponses} response${this.estimatedResponses === 1 ? '' : 's'} reported no usable usage: estimated at ${CHARS_PER_TOKEN} characters a token)`
      : '';
    if (maxTokens !== undefined && this.tokens >= maxTokens)
      return `token budget spent: ${this.tokens} of ${maxTokens} tokens used${estimated}`;
    if (maxCostUsd !== undefined && this.costUsd >= maxCostUsd)
      return `cost budget spent: $${this.costUsd.toFixed(4)} of $${maxCostUsd.toFixed(4)} used${estimated}`;
    return undefined;
  }
}
