// Owns choosing and building a provider: the providers file format, its checks, and where each kind's key comes from.
import { SkillError } from '../../../../shared/errors.js';
import { createAnthropicProvider } from './anthropic.js';
import { createClaudeCodeProvider } from './claude-code.js';
import { createOpenAiProvider } from './openai.js';
import { PROVIDER_KINDS, type ModelProvider, type ProviderConfig, type ProviderKind } from './types.js';

export * from './types.js';
export { findClaudeOnPath } from './claude-code.js';

export const DEFAULT_KEY_ENV: Record<ProviderKind, string | undefined> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'claude-code': undefined, // Claude Code signs in by itself
};

/**
 * The environment variable a provider's key comes from: its `apiKeyEnv`, else its kind's default, except for an
 * OpenAI-compatible provider with a base URL (a local server, a proxy, anyone's endpoint), which gets
 * OPENAI_API_KEY only when it names it: the key for OpenAI is not sent to whatever server a base URL points at.
 */
export function keyEnvOf(config: ProviderConfig): string | undefined {
  if (config.apiKeyEnv !== undefined) return config.apiKeyEnv;
  if (config.kind === 'openai' && config.baseURL !== undefined) return undefined;
  return DEFAULT_KEY_ENV[config.kind];
}

/**
 * A provider from its config. `apiKey` wins (the app passes the key it keeps in the OS keychain); otherwise the
 * environment variable (`apiKeyEnv`, else the kind's default). A missing key is a clear error, not a 401 later.
 */
export function createProvider(
  config: ProviderConfig,
  options: { apiKey?: string; env?: NodeJS.ProcessEnv } = {},
): ModelProvider {
  if (config.kind === 'claude-code') return createClaudeCodeProvider(config);
  const envName = keyEnvOf(config);
  const apiKey =
    options.apiKey ?? (envName !== undefined ? (options.env ?? process.env)[envName] : undefined);
  // Local OpenAI-compatible servers (Ollama, LM Studio, vLLM) take any key; the vendor's own API does not.
  const keyless = config.kind === 'openai' && config.baseURL !== undefined;
  if (!apiKey && !keyless)
    throw new SkillError(
      'ConfigValidation',
      `Provider "${config.name}" (${config.kind}) needs an API key: set ${envName ?? 'its apiKeyEnv'} in the environment.`,
    );
  return config.kind === 'anthropic'
    ? createAnthropicProvider(config, apiKey ?? '')
    : createOpenAiProvider(config, apiKey || 'not-needed');
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
    if (typeof v.apiKeyEnv !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v.apiKeyEnv))
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
      p.output < 0
    )
      fail(
        where,
        '"price" is {"input": USD per million input tokens, "output": USD per million output tokens}.',
      );
    config.price = { input: p.input, output: p.output };
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
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(file, `not valid JSON (${(error as Error).message}).`);
  }
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
