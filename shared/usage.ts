// Owns what a run's model usage is and how it is shown: tokens by kind (uncached input, cache writes, cache reads,
// output), a price per million of each, the cost with prompt caching and what it would have cost without.
import { withThousands } from './tokens.js';

/** USD per million tokens of each kind. A cache write is input written to the prompt cache; a read is input read back. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/**
 * A run's usage, summed over its requests (responses read back from Skillbench's own response cache cost nothing
 * and are not counted). Field names follow the Anthropic Messages API; OpenAI's `cached_tokens` are cache reads.
 */
export interface RunUsage {
  /** Input tokens billed at the full rate: the part of each prompt that was not read from or written to the cache. */
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
  /** What the run cost with caching: the provider's own figure where it reports one, else priced; null when the model
   *  has no price (`price_note` says how to add one). */
  cost_usd: number | null;
  /** What the same tokens would have cost with every input token at the full rate; null without a price. */
  cost_without_cache_usd: number | null;
  /** Why a cost is unknown and how to add a price. */
  price_note?: string;
}

export const EMPTY_USAGE: RunUsage = {
  input_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 0,
  cost_usd: 0,
  cost_without_cache_usd: 0,
};

/** Both vendors' batch APIs (Anthropic's Message Batches, OpenAI's Batch API) bill every kind of token at half. */
export const BATCH_PRICE_FACTOR = 0.5;

/** A model's price for requests sent in a batch. */
export function batchPrice(price: ModelPrice): ModelPrice {
  return {
    input: price.input * BATCH_PRICE_FACTOR,
    output: price.output * BATCH_PRICE_FACTOR,
    cacheWrite: price.cacheWrite * BATCH_PRICE_FACTOR,
    cacheRead: price.cacheRead * BATCH_PRICE_FACTOR,
  };
}

/** How a trigger or collision run sends its requests: one call each, or one batch at the batch price. */
export type RunMode = 'direct' | 'batch';

/** Every input token of a run, cached or not. */
export const promptTokens = (u: RunUsage): number =>
  u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;

/**
 * Input as billed, in full-rate tokens: cache writes and reads weighted by their price against the input price.
 * What caching saves is this figure against `promptTokens`.
 */
export function billedInputTokens(u: RunUsage, price: ModelPrice): number {
  if (price.input === 0) return u.input_tokens;
  return (
    u.input_tokens +
    (u.cache_creation_input_tokens * price.cacheWrite) / price.input +
    (u.cache_read_input_tokens * price.cacheRead) / price.input
  );
}

/** Tokens of each kind, as one response or a run has them. */
export interface TokenCounts {
  input: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

/** USD of `tokens` at `price`: each kind at its rate, or (`cached: false`) every input token at the full rate. */
export function costOfTokens(tokens: TokenCounts, price: ModelPrice, { cached = true } = {}): number {
  const input = cached
    ? tokens.input * price.input + tokens.cacheWrite * price.cacheWrite + tokens.cacheRead * price.cacheRead
    : (tokens.input + tokens.cacheWrite + tokens.cacheRead) * price.input;
  return (input + tokens.output * price.output) / 1_000_000;
}

/** The shortest prompt prefix the vendors cache (Anthropic's Sonnet and Opus, OpenAI's models). */
export const MIN_CACHED_PREFIX_TOKENS = 1024;

/** What a trigger run will send: its queries, the prefix every request repeats, and the queries' own tokens. */
export interface TriggerPromptSize {
  queries: number;
  prefix_tokens: number;
  query_tokens: number;
}

/** What the model answers a trigger query with, about: one Skill call or a short reply. */
const ANSWER_TOKENS = 30;

/**
 * The tokens a trigger run of `runs` per query will use, estimated before it runs: the first request writes the
 * prefix to the cache, every later one reads it (when it is long enough to be cached).
 */
export function estimateTriggerTokens(size: TriggerPromptSize, runs: number): TokenCounts {
  const requests = size.queries * runs;
  const perQuery = runs * size.query_tokens;
  if (requests === 0) return { input: 0, cacheWrite: 0, cacheRead: 0, output: 0 };
  const cacheable = size.prefix_tokens >= MIN_CACHED_PREFIX_TOKENS;
  return {
    input: perQuery + (cacheable ? 0 : requests * size.prefix_tokens),
    cacheWrite: cacheable ? size.prefix_tokens : 0,
    cacheRead: cacheable ? (requests - 1) * size.prefix_tokens : 0,
    output: requests * ANSWER_TOKENS,
  };
}

/** What an estimated run costs in each mode: one request each (with and without caching), or one batch. */
export function estimatedCosts(
  tokens: TokenCounts,
  price: ModelPrice,
): { direct: number; without_cache: number; batch: number } {
  return {
    direct: costOfTokens(tokens, price),
    without_cache: costOfTokens(tokens, price, { cached: false }),
    batch: costOfTokens(tokens, batchPrice(price)),
  };
}

export const formatUsd = (usd: number): string => `$${usd.toFixed(4)}`;

/** "12,345 in, 1,024 cache write, 110,000 cache read, 300 out", the cache parts only when there are any. */
export function tokensText(u: RunUsage): string {
  const parts = [`${withThousands(u.input_tokens)} in`];
  if (u.cache_creation_input_tokens)
    parts.push(`${withThousands(u.cache_creation_input_tokens)} cache write`);
  if (u.cache_read_input_tokens) parts.push(`${withThousands(u.cache_read_input_tokens)} cache read`);
  parts.push(`${withThousands(u.output_tokens)} out`);
  return parts.join(', ');
}

/** "$0.0123 (without caching $0.0456)", or "unknown" with the note saying how to add a price. */
export function costText(u: RunUsage): string {
  if (u.cost_usd === null) return `unknown${u.price_note ? ` (${u.price_note})` : ''}`;
  const without =
    u.cost_without_cache_usd !== null && u.cost_without_cache_usd !== u.cost_usd
      ? ` (without caching ${formatUsd(u.cost_without_cache_usd)})`
      : '';
  return `${formatUsd(u.cost_usd)}${without}`;
}

/** The line the CLI prints under a run's results. */
export const usageLine = (u: RunUsage): string => `tokens ${tokensText(u)}; cost ${costText(u)}`;
