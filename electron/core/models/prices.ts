// Owns what model tokens cost: the shipped prices of the models the providers are used with, the user's own table
// (`prices.json` in the data folder, read on top of them), and which price applies to a provider's model.
import { readFileSync } from 'node:fs';
import { SkillError } from '../../../shared/errors.js';
import { notJson, readJson } from '../../../shared/json-read.js';
import type { ModelPrice } from '../../../shared/usage.js';
import { pricesFile } from '../app-data.js';
import type { ProviderConfig } from './providers/types.js';

export type { ModelPrice };

const anthropic = (input: number, output: number): ModelPrice => ({
  input,
  output,
  cacheWrite: input * 1.25, // a 5-minute cache write
  cacheRead: input / 10, // a tenth (3 * 0.1 would be 0.30000000000000004)
});
const openai = (input: number, output: number, cacheRead: number): ModelPrice => ({
  input,
  output,
  cacheWrite: input, // OpenAI caches on its own and charges nothing extra to write
  cacheRead,
});

/** USD per million tokens, as the vendors list them. A dated id (`claude-sonnet-4-5-20250929`) takes its model's. */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-4-5': anthropic(5, 25),
  'claude-opus-4-1': anthropic(15, 75),
  'claude-opus-4': anthropic(15, 75),
  'claude-sonnet-4-5': anthropic(3, 15),
  'claude-sonnet-4': anthropic(3, 15),
  'claude-3-7-sonnet': anthropic(3, 15),
  'claude-haiku-4-5': anthropic(1, 5),
  'claude-3-5-haiku': anthropic(0.8, 4),
  'gpt-5': openai(1.25, 10, 0.125),
  'gpt-5-mini': openai(0.25, 2, 0.025),
  'gpt-5-nano': openai(0.05, 0.4, 0.005),
  'gpt-4.1': openai(2, 8, 0.5),
  'gpt-4.1-mini': openai(0.4, 1.6, 0.1),
  'gpt-4.1-nano': openai(0.1, 0.4, 0.025),
  'gpt-4o': openai(2.5, 10, 1.25),
  'gpt-4o-mini': openai(0.15, 0.6, 0.075),
  'o4-mini': openai(1.1, 4.4, 0.275),
};

/** The prices in effect and the file the user adds to (named when a model has none). */
export interface PriceTable {
  prices: Readonly<Record<string, ModelPrice>>;
  file?: string;
}

export const SHIPPED_PRICES: PriceTable = { prices: DEFAULT_PRICES };

type Kind = keyof ModelPrice;
const EXAMPLE = '{"models": {"MODEL": {"input": 3, "output": 15, "cacheWrite": 3.75, "cacheRead": 0.3}}}';

/** The user's prices file, checked entry by entry; each problem names the file, the model and the fix. */
export function parsePrices(text: string, file: string): Record<string, ModelPrice> {
  const fail = (what: string): never => {
    throw new SkillError(
      'ConfigValidation',
      `${file}: ${what}. Write it as ${EXAMPLE} (USD per million tokens).`,
    );
  };
  const read = readJson(text);
  if (!read.ok) return fail(notJson(read.problem));
  const models = (read.value as { models?: unknown } | null)?.models;
  if (typeof models !== 'object' || models === null || Array.isArray(models))
    return fail('it has no "models" object');
  const out: Record<string, ModelPrice> = {};
  for (const [model, value] of Object.entries(models)) {
    const v = (value ?? {}) as Record<string, unknown>;
    const figure = (k: Kind): number => {
      const n = v[k];
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
        return fail(`"${model}" needs "${k}", a number of USD per million tokens (0 or more)`);
      return n;
    };
    out[model] = {
      input: figure('input'),
      output: figure('output'),
      cacheWrite: figure('cacheWrite'),
      cacheRead: figure('cacheRead'),
    };
  }
  return out;
}

/** The shipped prices with the user's `prices.json` on top (a missing file is no error, a broken one is). */
export function readPriceTable(dataDir: string): PriceTable {
  const file = pricesFile(dataDir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { prices: DEFAULT_PRICES, file };
  }
  return { prices: { ...DEFAULT_PRICES, ...parsePrices(text, file) }, file };
}

/** A model's price: its own entry, else the longest entry its id starts with (a dated or suffixed id). */
export function modelPrice(model: string, table: PriceTable): ModelPrice | undefined {
  const own = table.prices[model];
  if (own) return own;
  const base = Object.keys(table.prices)
    .filter((key) => model.startsWith(`${key}-`) || model.startsWith(`${key}@`))
    .sort((a, b) => b.length - a.length)[0];
  return base !== undefined ? table.prices[base] : undefined;
}

/**
 * What a provider's tokens cost: the `price` its configuration gives (cache tokens at the input rate unless it says
 * otherwise), else its model's in the table; undefined when neither knows.
 */
export function priceOf(config: ProviderConfig, table: PriceTable): ModelPrice | undefined {
  const own = config.price;
  if (own)
    return {
      input: own.input,
      output: own.output,
      cacheWrite: own.cacheWrite ?? own.input,
      cacheRead: own.cacheRead ?? own.input,
    };
  return modelPrice(config.model, table);
}

/** What a run without a price says: the model, and where and how to add one. */
export function unknownPriceNote(model: string, table: PriceTable): string {
  const where = table.file ?? 'prices.json in the Skillbench data folder';
  return `no price for model "${model}": add it to ${where} as ${EXAMPLE.replace('MODEL', model)}`;
}
