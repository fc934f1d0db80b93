// Owns the effective view (issue 11): the value of every frontmatter key as the profile's runtime would use it —
// written, or its default — and the description as that runtime would list it. Pure: the CLI and the app share it.
import { CLAUDE_CODE_LISTING_MAX, defaultFor, PROFILE_RUNTIMES, RUNTIME_TABLE } from './runtime-table.js';
import type { JsonValue, ListedSkill, ValidationProfile } from './types.js';

export interface EffectiveValue {
  value: JsonValue;
  /** `written` in the manifest, the runtime's `default`, or `ignored`: written but not read by this runtime. */
  source: 'written' | 'default' | 'ignored';
}

/** The named fields of the data model, by canonical key; every other key lives in `metadata`. */
function writtenValue(skill: ListedSkill, key: string): JsonValue | undefined {
  switch (key) {
    case 'name':
      return skill.name;
    case 'description':
      return skill.description || undefined;
    case 'version':
      return skill.version || undefined;
    case 'argument-hint':
      return skill.argumentHint;
    case 'allowed-tools':
      return skill.allowedTools.length ? skill.allowedTools : undefined;
    case 'variables':
      return skill.variables.length ? skill.variables : undefined;
    case 'user-invocable':
      return skill.userInvocable;
    case 'disable-model-invocation':
      return skill.disableModelInvocation;
    case 'tools':
      return skill.tools.length ? skill.tools.map((t) => t.name) : undefined;
    default:
      return Object.hasOwn(skill.metadata, key) ? skill.metadata[key] : undefined;
  }
}

/** Every key of the runtime table that is written or has a default, as the profile's runtime reads it. */
export function effectiveValues(
  skill: ListedSkill,
  profile: ValidationProfile,
): Record<string, EffectiveValue> {
  const runtimes = PROFILE_RUNTIMES[profile];
  const written = new Set(skill.writtenKeys);
  const out: Record<string, EffectiveValue> = {};
  for (const k of RUNTIME_TABLE) {
    const read = k.readBy.some((r) => runtimes.includes(r));
    const value = written.has(k.key) ? writtenValue(skill, k.key) : undefined;
    const fallback = read ? defaultFor(k.key, profile) : undefined;
    if (value !== undefined) out[k.key] = { value, source: read ? 'written' : 'ignored' };
    else if (fallback !== undefined) out[k.key] = { value: fallback, source: 'default' };
  }
  return out;
}

/** The description as the profile's runtime lists it to a model: Claude Code appends `when_to_use` and cuts at 1536. */
export function listedDescription(skill: ListedSkill, profile: ValidationProfile): string {
  const description = skill.description.trim();
  if (profile !== 'claude-code' && profile !== 'skillbench') return description;
  const when = skill.metadata.when_to_use;
  const full = typeof when === 'string' && when.trim() ? `${description} ${when.trim()}` : description;
  const chars = [...full];
  return chars.length > CLAUDE_CODE_LISTING_MAX ? chars.slice(0, CLAUDE_CODE_LISTING_MAX).join('') : full;
}
