// Owns what the Playground's model sees of the library: the catalog with the editor's unsaved text in it, a Skill call
// resolved to a listed skill with its instructions as the runtime delivers them, the tools it then offers, and why a
// turn fired no skill, in the author's terms.
// Tested by: test/integration/chat/chat-loop.test.ts
import { dirname } from 'node:path';
import { catalogEntries } from '../../../shared/catalog.js';
import { listedDescription } from '../../../shared/effective.js';
import { SkillError } from '../../../shared/errors.js';
import { argumentNamesOf, renderInstructions } from '../../../shared/syntax/instructions.js';
import type {
  JsonValue,
  LibraryEntry,
  SkillDefinition,
  ToolDefinition,
  ValidationProfile,
} from '../../../shared/types.js';
import { invokedSkill } from '../evals/triggers.js';
import type { ToolSpec } from '../models/providers/types.js';

/** The editor's text of a skill's manifest, used instead of the saved file for one run. */
export interface UnsavedText {
  skillId: string;
  text: string;
}

/**
 * The library's entries with the unsaved texts in place: each skill's description, instructions and listing fields
 * come from its text (parsed as a load parses it, by `parse`), its tools stay the saved ones (the executor runs what is
 * on disk). A text that does not parse into a skill is refused with its first error.
 */
export function withUnsaved(
  entries: readonly LibraryEntry[],
  unsaved: readonly UnsavedText[],
  parse: (path: string, text: string) => LibraryEntry,
): LibraryEntry[] {
  const byId = new Map(unsaved.map((u) => [u.skillId, u.text]));
  for (const id of byId.keys())
    if (!entries.some((e) => e.id === id))
      throw new SkillError('NotFound', `No skill with id "${id}" is loaded (unsaved text given for it).`);
  return entries.map((e) => {
    const text = byId.get(e.id);
    if (text === undefined || !e.skill) return e;
    const parsed = parse(e.path, text).skill;
    if (!parsed)
      throw new SkillError(
        'ParseError',
        `${e.path}: the unsaved text does not parse into a skill; fix it in the editor or save it first.`,
      );
    const skill: SkillDefinition = {
      ...e.skill,
      description: parsed.description,
      instructions: parsed.instructions,
      metadata: parsed.metadata,
      disableModelInvocation: parsed.disableModelInvocation,
      variables: parsed.variables,
      ...(parsed.firstLine !== undefined ? { firstLine: parsed.firstLine } : {}),
      ...(parsed.argumentHint !== undefined ? { argumentHint: parsed.argumentHint } : {}),
    };
    return { ...e, skill };
  });
}

/** Why a skill of that name is not in the profile's catalog, or undefined when it is listed. */
export function notListedReason(
  entries: readonly LibraryEntry[],
  profile: ValidationProfile,
  name: string,
): string | undefined {
  const listed = catalogEntries(entries, profile);
  if (listed.some((e) => e.skill?.name === name && e.skill.shadowedBy === undefined)) return undefined;
  const own = entries.filter((e) => e.skill?.name === name);
  const entry = own.find((e) => e.status !== 'shadowed') ?? own[0];
  if (!entry?.skill) return 'no loaded skill has that name';
  if (entry.status === 'excluded') return `it is excluded (${entry.reason ?? 'by the library settings'})`;
  if (entry.status === 'shadowed' || entry.skill.shadowedBy !== undefined)
    return `another skill of the same name wins (${entry.reason ?? entry.skill.shadowedBy ?? 'shadowed'})`;
  if (entry.skill.disableModelInvocation)
    return 'it sets disable-model-invocation: true, so only the user can invoke it';
  if (listedDescription(entry.skill, profile) === '')
    return `it has no description, and the ${profile} profile lists only described skills`;
  return 'it could not be parsed';
}

/** Why a turn ended with no skill fired: the focus skill's place in the catalog, or what the catalog listed. */
export function noSkillReason(
  entries: readonly LibraryEntry[],
  profile: ValidationProfile,
  focus?: string,
  /** Names the model's Skill calls asked for that loaded nothing. */
  asked: readonly string[] = [],
): string {
  if (asked.length > 0) {
    const names = asked.map((n) => `"${n}"`).join(', ');
    const about = focus !== undefined ? ` ${noSkillReason(entries, profile, focus)}` : '';
    return `The model called Skill with ${names}, which loaded nothing (see the skill step).${about}`;
  }
  if (focus !== undefined) {
    const missing = notListedReason(entries, profile, focus);
    if (missing) return `${focus} is not in the catalog for the ${profile} profile: ${missing}.`;
    const skill = catalogEntries(entries, profile).find((e) => e.skill?.name === focus)?.skill;
    const description = skill ? listedDescription(skill, profile) : '';
    return `The model answered without calling Skill; ${focus} was in the catalog with the description "${description}".`;
  }
  const names = catalogEntries(entries, profile).flatMap((e) =>
    e.skill && e.skill.shadowedBy === undefined ? [e.skill.name] : [],
  );
  if (names.length === 0)
    return `The catalog for the ${profile} profile is empty: no skill has a description the model can see.`;
  const shown = names.slice(0, 10).join(', ') + (names.length > 10 ? `, and ${names.length - 10} more` : '');
  return `The model answered without calling Skill; the catalog listed ${names.length} skill${names.length === 1 ? '' : 's'}: ${shown}.`;
}

export interface SkillCall {
  /** The name the model asked for, resolved as skill-creator detects a trigger (a plugin prefix allowed). */
  name: string;
  /** The argument string, when the model passed `args`. */
  args: string;
  entry?: LibraryEntry;
  /** Why the call loads nothing (told to the model as the tool's error). */
  problem?: string;
}

/** A `Skill` call's input resolved against the catalog the model was shown. */
export function resolveSkillCall(
  entries: readonly LibraryEntry[],
  profile: ValidationProfile,
  input: JsonValue,
): SkillCall {
  const given = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<
    string,
    JsonValue
  >;
  const args = typeof given.args === 'string' ? given.args : '';
  if (typeof given.skill !== 'string' || given.skill.trim() === '')
    return {
      name: '',
      args,
      problem: 'The Skill tool needs {"skill": "<name>"} with a name from <available_skills>.',
    };
  const name = invokedSkill([{ id: '', name: 'Skill', input: given }], entries, profile) ?? given.skill;
  const entry = catalogEntries(entries, profile).find(
    (e) => e.skill?.name === name && e.skill.shadowedBy === undefined,
  );
  if (entry) return { name, args, entry };
  const why = notListedReason(entries, profile, name) ?? 'it is not listed';
  return { name, args, problem: `There is no skill "${given.skill}" in <available_skills>: ${why}.` };
}

/** The instructions as the runtime delivers them on invocation (the Preview tab's rendering). */
export function deliveredInstructions(skill: SkillDefinition, args: string): string {
  return renderInstructions({
    instructions: skill.instructions,
    args,
    argumentNames: argumentNamesOf(skill.metadata.arguments),
    skillDir: dirname(skill.sourcePath),
  }).text;
}

/** A skill's tools as the model is offered them: composed names and advertised schemas (locked args hidden). */
export function toolSpecs(definitions: readonly ToolDefinition[]): ToolSpec[] {
  return definitions.map((d) => ({
    name: d.composedName,
    description: d.description,
    inputSchema: d.inputSchema,
  }));
}
