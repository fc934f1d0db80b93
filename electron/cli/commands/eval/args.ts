// Owns what the eval subcommands share on the command line: their options, numbers and fractions checked with what
// was wrong, the model (a providers file entry or --anthropic / --openai / --claude-code), its client and budget, and
// the library the model sees.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { parseArgs } from 'node:util';
import { formatRate } from '../../../../shared/evals.js';
import { evalCacheDir, userDataDir } from '../../../core/app-data.js';
import { Budget } from '../../../core/models/budget.js';
import { ResponseCache } from '../../../core/models/cache.js';
import { ModelClient } from '../../../core/models/model-client.js';
import { readPriceTable } from '../../../core/models/prices.js';
import type { RootInfo } from '../../../../shared/types.js';
import { isWithin } from '../../../core/fs/confine.js';
import {
  createProvider,
  ENV_NAME,
  parseProviderConfigs,
  type KeySource,
  type ProviderConfig,
} from '../../../core/models/providers/index.js';
import { ProviderStore } from '../../../core/models/provider-store.js';
import { UsageError, type CliIo } from '../../io.js';
import { openFromArgs } from '../../library-args.js';
import { cliTrust } from '../../trust.js';

/** How a command that calls a model picks it, its key, its limits and its caching (eval, chat). */
export const MODEL_OPTIONS = {
  provider: { type: 'string' },
  providers: { type: 'string' },
  anthropic: { type: 'boolean' },
  openai: { type: 'boolean' },
  'claude-code': { type: 'boolean' },
  'base-url': { type: 'string' },
  'api-key-env': { type: 'string' },
  model: { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-cost': { type: 'string' },
  'no-prompt-cache': { type: 'boolean' },
} as const;

/** The library a model-calling command loads, and whether its tools may run. */
export const LIBRARY_OPTIONS = {
  root: { type: 'string', multiple: true },
  discover: { type: 'boolean' },
  'with-bundled': { type: 'boolean' },
  profile: { type: 'string' },
  trust: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const OPTIONS = {
  set: { type: 'string' },
  count: { type: 'string' },
  write: { type: 'boolean' },
  evals: { type: 'string' },
  runs: { type: 'string' },
  ...MODEL_OPTIONS,
  grader: { type: 'string' },
  'grader-model': { type: 'string' },
  description: { type: 'string' },
  format: { type: 'string' },
  'min-precision': { type: 'string' },
  'min-recall': { type: 'string' },
  'min-pass-rate': { type: 'string' },
  'no-baseline': { type: 'boolean' },
  baseline: { type: 'string' },
  'baseline-skill': { type: 'string' },
  force: { type: 'boolean' },
  holdout: { type: 'string' },
  'max-iterations': { type: 'string' },
  'max-turns': { type: 'string' },
  workspace: { type: 'string' },
  concurrency: { type: 'string' },
  'no-cache': { type: 'boolean' },
  batch: { type: 'boolean' },
  resume: { type: 'string' },
  cancel: { type: 'string' },
  'poll-interval': { type: 'string' },
  ...LIBRARY_OPTIONS,
} as const;

export type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

export function number(
  v: Values,
  key: keyof Values,
  { min, integer }: { min: number; integer?: boolean },
): number | undefined {
  const raw = v[key];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n)))
    throw new UsageError(
      `--${key} must be ${integer ? 'a whole number' : 'a number'} of at least ${min} (got ${String(raw)}).`,
    );
  return n;
}

export function fraction(v: Values, key: keyof Values): number | undefined {
  const n = number(v, key, { min: 0 });
  if (n !== undefined && n > 1) throw new UsageError(`--${key} is a fraction between 0 and 1 (got ${n}).`);
  return n;
}

/** The providers of --providers FILE, else the app's own (the provider store's file, as Settings keeps it). */
function readProviders(v: Values, io: CliIo): ProviderConfig[] {
  if (!v.providers) return new ProviderStore(userDataDir()).list();
  const file = resolve(io.cwd, v.providers);
  if (!existsSync(file)) throw new UsageError(`No such providers file: ${v.providers}`);
  return parseProviderConfigs(readFileSync(file, 'utf8'), file);
}

/** The model chosen on the command line, with the providers file it came from when one was named (--providers). */
interface ProviderChoice {
  config: ProviderConfig;
  /** `--providers FILE`: where that file is decides which key its base URLs may be sent (`keySource`). */
  file?: string;
  /** The base URL was typed on the command line (--base-url): the user's, whatever the file said. */
  urlGiven: boolean;
}

/** The model to use, from --provider (a providers file entry) or --anthropic / --openai / --claude-code. */
export function chooseProvider(v: Values, io: CliIo): ProviderChoice {
  const chosen = [v.provider !== undefined, v.anthropic, v.openai, v['claude-code']].filter(Boolean).length;
  if (chosen !== 1)
    throw new UsageError(
      chosen === 0
        ? 'Choose a model: --provider NAME (from providers.json), --anthropic --model M, --openai --model M [--base-url URL], or --claude-code.'
        : 'Choose one of --provider, --anthropic, --openai and --claude-code.',
    );
  if (v['api-key-env'] !== undefined && !ENV_NAME.test(v['api-key-env']))
    throw new UsageError(
      `--api-key-env takes the name of an environment variable, such as OPENROUTER_API_KEY (got ${v['api-key-env']}); the key itself stays in the environment.`,
    );
  let config: ProviderConfig;
  if (v.provider !== undefined) {
    const all = readProviders(v, io);
    const found = all.find((p) => p.name === v.provider);
    if (!found)
      throw new UsageError(
        `No provider named "${v.provider}"${all.length ? ` (configured: ${all.map((p) => p.name).join(', ')})` : ''}. Add it to providers.json ({"providers": [{"name", "kind", "model", "baseURL"}]}) or pass --providers FILE.`,
      );
    config = { ...found };
  } else if (v['claude-code']) config = { name: 'claude-code', kind: 'claude-code', model: 'default' };
  else {
    const kind = v.anthropic ? 'anthropic' : 'openai';
    if (!v.model) throw new UsageError(`--${kind} needs --model (the model id the server knows).`);
    config = { name: kind, kind, model: v.model };
  }
  if (v.model) config.model = v.model;
  if (v['base-url']) {
    if (!/^https?:\/\//.test(v['base-url']))
      throw new UsageError(`--base-url must be an http(s) URL (got ${v['base-url']}).`);
    config.baseURL = v['base-url'];
  }
  return {
    config,
    ...(v.provider !== undefined && v.providers ? { file: resolve(io.cwd, v.providers) } : {}),
    urlGiven: v['base-url'] !== undefined,
  };
}

/**
 * Where the chosen provider's base URL comes from: the user (the command line, the user's providers.json, a file
 * named with --providers outside the library), or a providers file inside one of the library's roots.
 */
function keySource(choice: ProviderChoice, roots: readonly RootInfo[]): KeySource {
  if (choice.file === undefined || choice.urlGiven) return { from: 'user' };
  const root = roots.find((r) => isWithin(r.path, choice.file ?? ''));
  return root
    ? { from: 'root', file: choice.file, root: root.path, trusted: root.trusted }
    : { from: 'user' };
}

/**
 * The client of the chosen model, its key read as `keySource` allows. --api-key-env names the variable for a provider
 * the user gave; it cannot send a key to a base URL written in a library root's file.
 */
export function clientFor(
  choice: ProviderChoice,
  v: Values,
  io: CliIo,
  budget: Budget,
  roots: readonly RootInfo[],
): ModelClient {
  const timeout = number(v, 'timeout', { min: 1 });
  const retries = number(v, 'retries', { min: 0, integer: true });
  const concurrency = number(v, 'concurrency', { min: 1, integer: true });
  const source = keySource(choice, roots);
  const named = v['api-key-env'];
  if (named !== undefined && source.from === 'root' && choice.config.baseURL !== undefined)
    throw new UsageError(
      `--api-key-env cannot send ${named} to the base URL of "${choice.config.name}": it comes from ${source.file}, inside the library root ${source.root}. Name the variable in that file (apiKeyEnv) and trust the root (--trust), or give --base-url yourself.`,
    );
  const config = named !== undefined ? { ...choice.config, apiKeyEnv: named } : choice.config;
  return new ModelClient(createProvider(config, { source }), {
    budget,
    ...(v['no-cache'] ? {} : { cache: new ResponseCache(evalCacheDir(userDataDir())) }),
    prices: readPriceTable(userDataDir()),
    ...(v['no-prompt-cache'] ? { promptCache: false } : {}),
    ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
    ...(retries !== undefined ? { maxRetries: retries } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    onRetry: ({ attempt, delayMs, error }) =>
      io.stderr(`skillbench: ${error.message} Retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s.\n`),
  });
}

export function budgetFrom(v: Values): Budget {
  const maxTokens = number(v, 'max-tokens', { min: 1, integer: true });
  const maxCostUsd = number(v, 'max-cost', { min: 0 });
  return new Budget({
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
  });
}

/** The library the model sees: SKILL's folder when it is a path, plus --root / --discover / --with-bundled. */
export function openLibrary(skillRef: string, v: Values, io: CliIo) {
  const asPath = resolve(io.cwd, skillRef);
  const isPath = /[\\/]/.test(skillRef) || skillRef === '.' || existsSync(asPath);
  const paths = [...(v.root ?? []), ...(isPath ? [skillRef] : [])];
  const workspace = openFromArgs(
    {
      paths,
      ...(v.profile !== undefined ? { profile: v.profile } : {}),
      withBundled:
        v['with-bundled'] === true || (!isPath && !v.discover && paths.length > 0 ? false : undefined),
      ...(v.discover ? { discover: true } : {}),
    },
    io,
    { trust: cliTrust(v.trust) },
  );
  try {
    const skill = workspace.skill(isPath ? asPath : skillRef);
    return { workspace, skill };
  } catch (error) {
    void workspace.close();
    throw error;
  }
}

export const pct = formatRate;
