// Owns choosing and building a provider: the providers file format, its checks, and where each kind's key comes from.
import { SkillError } from '../../../../shared/errors.js';
import { createAnthropicProvider } from './anthropic.js';
import { createClaudeCodeProvider } from './claude-code.js';
import { createOpenAiProvider } from './openai.js';
import { anthropicBatchApi } from '../batch/anthropic-batch.js';
import { openAiBatchApi } from '../batch/openai-batch.js';
import { PROVIDER_KINDS, type ModelProvider, type ProviderConfig, type ProviderKind } from './types.js';
import { notJson, readJson } from '../../../../shared/json-read.js';

export * from './types.js';
export { findClaudeOnPath } from './claude-code.js';

export const DEFAULT_KEY_ENV: Record<ProviderKind, string | undefined> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'claude-code': undefined, // Claude Code signs in by itself; with apiKeyEnv it is given ANTHROPIC_API_KEY
};

/** An environment variable's name, as `apiKeyEnv` and `--api-key-env` take it. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Where a provider came from, which decides which key it may be sent. Every place that builds a provider from a
 * configuration says which, so a new reader of providers (a file found in a library root, say) cannot send keys by
 * default.
 */
export type KeySource =
  /** The user gave it: on the command line, in the app's Settings, or in a providers file outside every root. */
  | { from: 'user' }
  /** A providers file inside a library root (a cloned repository's, say): its base URL is anyone's. */
  | { from: 'root'; file: string; root: string; trusted: boolean };

/** A key the caller holds (the app's kept key), or the environment read as `source` allows. */
export type KeyOptions = { apiKey: string; keptIn?: string } | { source: KeySource; env?: NodeJS.ProcessEnv };

/**
 * The environment variable a provider's key comes from: its `apiKeyEnv`, else its kind's default (Claude Code signs in
 * by itself unless a variable is named). A base URL from a file inside a library root is sent no key unless the root
 * is trusted and the file names the variable: the key for OpenAI or Anthropic does not go to whatever server such a
 * file points at. An untrusted root's file names no variable at all: it could name any secret of the environment.
 */
export function keyEnvOf(config: ProviderConfig, source: KeySource): string | undefined {
  if (source.from === 'root' && config.baseURL !== undefined)
    return source.trusted ? config.apiKeyEnv : undefined;
  if (source.from === 'root' && !source.trusted) return DEFAULT_KEY_ENV[config.kind];
  return config.apiKeyEnv ?? DEFAULT_KEY_ENV[config.kind];
}

/** Why no key is read for a provider from a root's file: what the 401 hint and a missing-key error say. */
function withheld(config: ProviderConfig, source: KeySource): string | undefined {
  if (source.from !== 'root' || config.baseURL === undefined) return undefined;
  const why = source.trusted
    ? 'the file names no variable (apiKeyEnv)'
    : `the root is not trusted${config.apiKeyEnv ? '' : ' and the file names no variable (apiKeyEnv)'}`;
  return `its base URL comes from ${source.file}, inside the library root ${source.root}, and ${why}`;
}

/**
 * A provider from its config. A key the caller holds wins (the app passes the one it keeps in the OS keychain);
 * otherwise the environment variable `keyEnvOf` names. A missing key is a clear error, not a 401 later; the provider
 * knows which key it sent, so a 401 says so.
 */
export function createProvider(config: ProviderConfig & { kind: 'claude-code' }): ModelProvider;
export function createProvider(config: ProviderConfig, options: KeyOptions): ModelProvider;
export function createProvider(config: ProviderConfig, options?: KeyOptions): ModelProvider {
  let apiKey: string | undefined;
  let sent: string;
  const source: KeySource = options && 'source' in options ? options.source : { from: 'user' };
  // An untrusted library runs nothing, a program its providers file names included.
  if (config.command !== undefined && source.from === 'root' && !source.trusted)
    throw new SkillError(
      'PermissionDenied',
      `Provider "${config.name}" names a program to run (command: ${config.command}) in ${source.file}, inside the library root ${source.root}, which is not trusted. Trust the root (--trust) to run it, or use a provider of your own.`,
    );
  if (options && 'apiKey' in options) {
    apiKey = options.apiKey;
    sent = `the key sent is the one ${options.keptIn ?? 'given'}`;
  } else {
    const envName = keyEnvOf(config, source);
    apiKey = envName !== undefined ? (options?.env ?? process.env)[envName] || undefined : undefined;
    const why = withheld(config, source);
    sent =
      apiKey !== undefined
        ? `the key sent came from ${envName}`
        : why
          ? `no key was sent: ${why}`
          : envName
            ? `no key was sent: ${envName} is not set`
            : 'no key was sent: name the variable that holds it with --api-key-env NAME (apiKeyEnv)';
    // Claude Code signs in by itself, and local OpenAI-compatible servers (Ollama, LM Studio, vLLM) take any key;
    // the vendors' own APIs do not.
    const keyless =
      config.kind === 'claude-code' || (config.kind === 'openai' && config.baseURL !== undefined);
    // A variable named on purpose and not set is a mistake to say, not a reason to send no key (or sign in) quietly.
    if (apiKey === undefined && envName !== undefined && envName === config.apiKeyEnv)
      throw new SkillError(
        'ConfigValidation',
        `Provider "${config.name}" (${config.kind}) reads its key from ${envName} (apiKeyEnv or --api-key-env), and ${envName} is not set in the environment.`,
      );
    if (apiKey === undefined && !keyless)
      throw new SkillError(
        'ConfigValidation',
        why
          ? `Provider "${config.name}" (${config.kind}) gets no API key: ${why}. Trust the root and name the variable in the file, or give the base URL yourself (--base-url).`
          : `Provider "${config.name}" (${config.kind}) needs an API key: set ${envName ?? 'its apiKeyEnv'} in the environment${envName ? ', or name the variable that holds it with --api-key-env NAME' : ''}.`,
      );
  }
  if (config.kind === 'claude-code')
    return createClaudeCodeProvider(config, apiKey !== undefined ? { ANTHROPIC_API_KEY: apiKey } : {});
  // The batch API goes with the same key, base URL and request building (batch/*-batch.ts).
  return config.kind === 'anthropic'
    ? {
        ...createAnthropicProvider(config, apiKey ?? '', sent),
        batch: anthropicBatchApi(config, apiKey ?? '', sent),
      }
    : {
        ...createOpenAiProvider(config, apiKey ?? 'not-needed', sent),
        batch: openAiBatchApi(config, apiKey ?? 'not-needed', sent),
      };
}

function fail(where: string, message: string): never {
  throw new SkillError('ConfigValidation', `${where}: ${message}`);
}

/** One provider entry, checked field by field (what, where, how to fix). */
export function parseProviderConfig(value: unknown, where: string): ProviderConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(where, 'a provider is an object like {"name", "kind", "model", "baseURL"}.');
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string' || !v.name.trim()) fail(where, '"name" is required (a string).');
  if (typeof v.kind !== 'string' || !(PROVIDER_KINDS as readonly string[]).includes(v.kind))
    fail(where, `"kind" must be one of ${PROVIDER_KINDS.join(', ')} (got ${JSON.stringify(v.kind)}).`);
  if (typeof v.model !== 'string' || !v.model.trim()) fail(where, '"model" is required (a string).');
  const config: ProviderConfig = { name: v.name, kind: v.kind as ProviderKind, model: v.model };
  if (v.baseURL !== undefined) {
    if (typeof v.baseURL !== 'string' || !/^https?:\/\//.test(v.baseURL))
      fail(where, `"baseURL" must be an http(s) URL (got ${JSON.stringify(v.baseURL)}).`);
    if (/^https?:\/\/[^/]*@/.test(v.baseURL))
      fail(where, '"baseURL" must not hold credentials: put the key in an environment variable (apiKeyEnv).');
    config.baseURL = v.baseURL;
  }
  if (v.apiKey !== undefined)
    fail(
      where,
      'keys are never written in this file: name an environment variable with "apiKeyEnv" instead.',
    );
  if (v.apiKeyEnv !== undefined) {
    if (typeof v.apiKeyEnv !== 'string' || !ENV_NAME.test(v.apiKeyEnv))
      fail(where, '"apiKeyEnv" must be an environment variable name.');
    config.apiKeyEnv = v.apiKeyEnv;
  }
  if (v.price !== undefined) {
    const p = v.price as Record<string, unknown> | null;
    if (
      typeof p !== 'object' ||
      p === null ||
      typeof p.input !== 'number' ||
      typeof p.output !== 'number' ||
      p.input < 0 ||
      p.output < 0 ||
      [p.cacheWrite, p.cacheRead].some((c) => c !== undefined && (typeof c !== 'number' || c < 0))
    )
      fail(
        where,
        '"price" is {"input": USD per million input tokens, "output": USD per million output tokens}, optionally "cacheWrite" and "cacheRead" (USD per million cached input tokens written and read).',
      );
    config.price = {
      input: p.input,
      output: p.output,
      ...(typeof p.cacheWrite === 'number' ? { cacheWrite: p.cacheWrite } : {}),
      ...(typeof p.cacheRead === 'number' ? { cacheRead: p.cacheRead } : {}),
    };
  }
  if (v.command !== undefined) {
    if (typeof v.command !== 'string' || !v.command)
      fail(where, '"command" must be a path to the claude executable.');
    config.command = v.command;
  }
  return config;
}

/** A providers file: `{"providers": [...]}` or a bare array. Names must be unique. */
export function parseProviderConfigs(text: string, file: string): ProviderConfig[] {
  const read = readJson(text);
  if (!read.ok) fail(file, `${notJson(read.problem)}.`);
  const data: unknown = read.ok ? read.value : undefined;
  const list = Array.isArray(data) ? data : (data as { providers?: unknown } | null)?.providers;
  if (!Array.isArray(list)) fail(file, 'expected {"providers": [{"name", "kind", "model", ...}]}.');
  const configs = list.map((p, i) => parseProviderConfig(p, `${file}: providers[${i}]`));
  const seen = new Set<string>();
  for (const c of configs) {
    if (seen.has(c.name)) fail(file, `two providers are named "${c.name}": names must be unique.`);
    seen.add(c.name);
  }
  return configs;
}
