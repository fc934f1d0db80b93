// Owns what a trigger eval shows the model and reads back: the request for one query (the library's catalog for the
// profile and a `Skill` tool), its size for the estimate before a run, and which skill an answer invoked.
import { basename, dirname } from 'node:path';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import type { TriggerQuery } from '../../../shared/evals.js';
import { catalogEntries, renderAvailableSkills } from '../../../shared/catalog.js';
import { qualifiedName } from '../../../shared/effective.js';
import type { ChatRequest, ToolCall, ToolSpec } from '../models/providers/types.js';
import type { TriggerPromptSize } from '../../../shared/usage.js';
import { estimateTokens } from '../../../shared/tokens.js';
import { SkillError } from '../../../shared/errors.js';

export const DEFAULT_TRIGGER_RUNS = 3;

/** The tool a runtime gives the model to load a skill (Claude Code's name and argument). */
export const SKILL_TOOL: ToolSpec = {
  name: 'Skill',
  description:
    'Load a skill from <available_skills> into the conversation. Call it when the request matches a skill’s description, before answering.',
  inputSchema: {
    type: 'object',
    properties: { skill: { type: 'string', description: 'The skill name, exactly as listed.' } },
    required: ['skill'],
  },
};

/** The catalog with one skill's description replaced (description A/B: the editor's unsaved text). */
export function withDescription(
  entries: readonly LibraryEntry[],
  skillName: string,
  description: string,
): LibraryEntry[] {
  return entries.map((e) =>
    e.skill?.name === skillName && e.skill.shadowedBy === undefined
      ? { ...e, skill: { ...e.skill, description, metadata: { ...e.skill.metadata, when_to_use: '' } } }
      : e,
  );
}

/** The system prompt a runtime gives the model: how skills work, then the profile's catalog (the Playground's too). */
export function catalogSystem(entries: readonly LibraryEntry[], profile: ValidationProfile): string {
  return [
    'You are a helpful assistant. Skills extend what you can do; each is listed with its name and description.',
    'When the user’s request matches a skill, call the Skill tool with that skill’s name before doing anything else.',
    'When no skill fits, answer directly without calling it.',
    '',
    renderAvailableSkills(entries, profile),
  ].join('\n');
}

export function triggerRequest(
  entries: readonly LibraryEntry[],
  profile: ValidationProfile,
  query: string,
): ChatRequest {
  return {
    system: catalogSystem(entries, profile),
    messages: [{ role: 'user', content: query }],
    tools: [SKILL_TOOL],
    maxTokens: 512,
    stopAtFirstToolCall: true,
  };
}

/**
 * What a trigger run of `set` sends, in tokens: the prefix every request repeats (the instructions, the catalog and
 * the Skill tool) and the queries after it, for the Evals tab's estimate before a run.
 */
export function triggerPromptSize(
  entries: readonly LibraryEntry[],
  profile: ValidationProfile,
  set: readonly TriggerQuery[],
): TriggerPromptSize {
  const request = triggerRequest(entries, profile, '');
  return {
    queries: set.length,
    prefix_tokens: estimateTokens(`${request.system ?? ''}${JSON.stringify(request.tools ?? [])}`),
    query_tokens: set.reduce((n, q) => n + estimateTokens(q.query), 0),
  };
}

/**
 * The skill a response invoked, as skill-creator detects it: a `Skill` call with {"skill": name} (a plugin prefix
 * `plugin:name` allowed), or a read of a listed skill's SKILL.md. Undefined when none was invoked.
 */
export function invokedSkill(
  toolCalls: readonly ToolCall[],
  entries: readonly LibraryEntry[],
  profile: ValidationProfile = 'skillbench',
): string | undefined {
  const listed = catalogEntries(entries, profile).flatMap((e) => (e.skill ? [e.skill] : []));
  for (const call of toolCalls) {
    const input = (call.input ?? {}) as Record<string, unknown>;
    if (call.name === 'Skill' && typeof input.skill === 'string') {
      const name = input.skill.trim();
      // The catalog lists a plugin's skill as `plugin:name`: that first, then a bare name or any prefix.
      const hit =
        listed.find((s) => qualifiedName(s) === name) ??
        listed.find((s) => s.name === name || name.endsWith(`:${s.name}`));
      return hit?.name ?? name;
    }
    const path = input.file_path ?? input.path;
    if (typeof path === 'string' && /(^|[\\/])SKILL\.md$/.test(path)) {
      const folder = basename(dirname(path));
      const hit =
        listed.find((s) => s.sourcePath === path) ??
        listed.find((s) => basename(dirname(s.sourcePath)) === folder);
      if (hit) return hit.name;
    }
  }
  return undefined;
}

/** The skill's catalog with its description as the run has it, and that description; NotFound when not listed. */
export function triggerTarget(o: {
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  skill: string;
  description?: string;
}): { entries: readonly LibraryEntry[]; description: string } {
  const target = catalogEntries(o.entries, o.profile).find(
    (e) => e.skill?.name === o.skill && e.skill.shadowedBy === undefined,
  );
  if (!target?.skill)
    throw new SkillError(
      'NotFound',
      `Skill "${o.skill}" is not in the catalog a model sees (missing, shadowed, without a description, or disable-model-invocation).`,
    );
  return {
    entries: o.description !== undefined ? withDescription(o.entries, o.skill, o.description) : o.entries,
    description: o.description ?? target.skill.description,
  };
}
