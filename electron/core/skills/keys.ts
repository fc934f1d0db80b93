// Owns the manifest vocabulary: canonical keys, their accepted spellings, and which profile knows which key.
import type { ValidationProfile } from '../../../shared/types.js';

/** Keys of the Agent Skills spec, the only ones hosted platforms accept on upload. */
export const PORTABLE_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;

/** Claude Code's extension keys. */
export const CLAUDE_CODE_KEYS = [
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'model',
  'context',
  'agent',
  'hooks',
] as const;

/** Keys known to other runtimes and to Skillbench itself. */
export const SKILLBENCH_KEYS = ['version', 'variables', 'tools', 'author', 'tags'] as const;

/** TOML/JSON manifests carry the instructions in a key instead of a Markdown body. */
export const INSTRUCTION_KEYS = ['instructions', 'prompt', 'prompts'] as const;

const KNOWN: Record<ValidationProfile, ReadonlySet<string>> = {
  portable: new Set(PORTABLE_KEYS),
  'claude-code': new Set([...PORTABLE_KEYS, ...CLAUDE_CODE_KEYS]),
  skillbench: new Set([...PORTABLE_KEYS, ...CLAUDE_CODE_KEYS, ...SKILLBENCH_KEYS]),
};

export function isKnownKey(profile: ValidationProfile, canonical: string): boolean {
  return KNOWN[profile].has(canonical);
}

/** `allowed_tools` and `allowedTools` mean `allowed-tools`; the same for every hyphenated key. */
const canonicalCache = new Map<string, string>();

export function canonicalKey(key: string): string {
  const cached = canonicalCache.get(key);
  if (cached !== undefined) return cached;
  const result = computeCanonicalKey(key);
  if (canonicalCache.size < 10_000) canonicalCache.set(key, result);
  return result;
}

function computeCanonicalKey(key: string): string {
  const kebab = key
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return KNOWN.skillbench.has(kebab) ? kebab : key;
}

/** Tool-entry keys: snake_case (SKILL.toml), kebab-case and camelCase all name the same field. */
const TOOL_KEY_ALIASES: Record<string, string> = {
  locked_args: 'lockedArgs',
  'locked-args': 'lockedArgs',
  lockedArgs: 'lockedArgs',
  default_args: 'lockedArgs',
  'default-args': 'lockedArgs',
  defaultArgs: 'lockedArgs',
  timeout_secs: 'timeoutSecs',
  'timeout-secs': 'timeoutSecs',
  timeoutSecs: 'timeoutSecs',
  input_schema: 'inputSchema',
  'input-schema': 'inputSchema',
  inputSchema: 'inputSchema',
  output_schema: 'outputSchema',
  'output-schema': 'outputSchema',
  outputSchema: 'outputSchema',
};

export const TOOL_KEYS = [
  'name',
  'description',
  'kind',
  'target',
  'command',
  'url',
  'method',
  'headers',
  'args',
  'inputSchema',
  'outputSchema',
  'lockedArgs',
  'timeoutSecs',
] as const;

export function canonicalToolKey(key: string): string {
  return TOOL_KEY_ALIASES[key] ?? key;
}

export function isKnownToolKey(canonical: string): boolean {
  return (TOOL_KEYS as readonly string[]).includes(canonical);
}
