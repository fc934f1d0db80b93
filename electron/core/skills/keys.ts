// Owns the manifest vocabulary: canonical keys, their accepted spellings, and which profile knows which key.
// Tested by: test/unit/shared/runtime-table.test.ts
import { profileKeys } from '../../../shared/runtime-table.js';
import { VALIDATION_PROFILES, type ValidationProfile } from '../../../shared/types.js';

/** TOML/JSON manifests carry the instructions in a key instead of a Markdown body. */
export const INSTRUCTION_KEYS = ['instructions', 'prompt', 'prompts'] as const;

const KNOWN = {} as Record<ValidationProfile, ReadonlySet<string>>;
for (const p of VALIDATION_PROFILES) KNOWN[p] = new Set(profileKeys(p));

export function isKnownKey(profile: ValidationProfile, canonical: string): boolean {
  return KNOWN[profile].has(canonical);
}

/**
 * `allowed_tools` and `allowedTools` mean `allowed-tools`; the same for every hyphenated key. Keys are case-sensitive,
 * as every runtime reads them: `Name` is not `name` (issue 11).
 */
const canonicalCache = new Map<string, string>();

export function canonicalKey(key: string): string {
  const cached = canonicalCache.get(key);
  if (cached !== undefined) return cached;
  const result = computeCanonicalKey(key);
  if (canonicalCache.size < 10_000) canonicalCache.set(key, result);
  return result;
}

function computeCanonicalKey(key: string): string {
  if (KNOWN.skillbench.has(key)) return key;
  const kebab = key
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a}-${b.toLowerCase()}`);
  if (KNOWN.skillbench.has(kebab)) return kebab;
  const snake = kebab.replace(/-/g, '_');
  return KNOWN.skillbench.has(snake) ? snake : key;
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
  allow_shell_eval: 'allowShellEval',
  'allow-shell-eval': 'allowShellEval',
  allowShellEval: 'allowShellEval',
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
  'allowShellEval',
] as const;

export function canonicalToolKey(key: string): string {
  return TOOL_KEY_ALIASES[key] ?? key;
}

export function isKnownToolKey(canonical: string): boolean {
  return (TOOL_KEYS as readonly string[]).includes(canonical);
}
