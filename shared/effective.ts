// Owns the effective view (issue 11): the value of every frontmatter key as the profile's runtime would use it —
// written, or its default — and the description as that runtime would list it. Pure: the CLI and the app share it.
// Tested by: test/unit/core/skills/runtime-grid.test.ts
import { CLAUDE_CODE_LISTING_MAX, defaultFor, PROFILE_RUNTIMES, RUNTIME_TABLE } from './runtime-table.js';
import type { JsonValue, ListedSkill, ValidationProfile } from './types.js';

interface EffectiveValue {
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
    else if (k.key === 'description' && profile === 'claude-code')
      out[k.key] = { value: listedDescription(skill, profile), source: 'default' };
    else if (fallback !== undefined) out[k.key] = { value: fallback, source: 'default' };
  }
  return out;
}

/** What Claude Code lists for a skill without a description: the first line of the body (a heading's text), cut at
 *  100 characters, else "Skill". */
const CLAUDE_CODE_NO_DESCRIPTION = 'Skill';

/** The first non-empty line of a body, a heading's text without its `#`s, cut as Claude Code cuts it. */
export function firstLineOf(body: string): string | undefined {
  for (let start = 0; start < body.length;) {
    const end = body.indexOf('\n', start);
    const line = body.slice(start, end === -1 ? body.length : end).trim();
    if (line) {
      const text = /^#+\s+(\S.*)$/.exec(line)?.[1] ?? line;
      return text.length > 100 ? `${text.slice(0, 97)}...` : text;
    }
    if (end === -1) break;
    start = end + 1;
  }
  return undefined;
}

/** The name a runtime shows: `plugin:name` for a skill of a Claude Code plugin (its key is `plugin:folder`). */
export function qualifiedName(skill: Pick<ListedSkill, 'name' | 'plugin'>): string {
  return skill.plugin ? `${skill.plugin}:${skill.name}` : skill.name;
}

/**
 * The description as the profile's runtime lists it to a model: Claude Code falls back to the body's first line,
 * appends `when_to_use` after " - " and cuts the whole at 1536 characters, the last one an ellipsis.
 */
export function listedDescription(skill: ListedSkill, profile: ValidationProfile): string {
  const written = skill.description.trim();
  if (profile !== 'claude-code' && profile !== 'skillbench') return written;
  // Claude Code lists each skill on one line: a multi-line description (a `|` block) is joined with spaces.
  const oneLine = written.replace(/\s*\n\s*/g, ' ');
  const description =
    oneLine || (profile === 'claude-code' ? (skill.firstLine ?? CLAUDE_CODE_NO_DESCRIPTION) : '');
  const when = skill.metadata.when_to_use;
  const full = typeof when === 'string' && when.trim() ? `${description} - ${when.trim()}` : description;
  const chars = [...full];
  return chars.length > CLAUDE_CODE_LISTING_MAX
    ? `${chars.slice(0, CLAUDE_CODE_LISTING_MAX - 1).join('')}…`
    : full;
}
