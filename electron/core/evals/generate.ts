// Owns generating trigger-set queries with a model (issue 15, "generate near-misses with the model on request"):
// what the model is told (the skill's name, description and a bounded summary of its body, the library's other
// skills, the set so far), the strict JSON it must answer, and the proposals kept (new ones only). Nothing is added to
// a set here: the CLI's --write and the Evals tab's accepted rows do that.
// Tested by: test/integration/evals/generate.test.ts
import type { LibraryEntry, SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import {
  queryKey,
  type GeneratedQueries,
  type ProposedQuery,
  type TriggerQuery,
} from '../../../shared/evals.js';
import { catalogEntries, escapeXml } from '../../../shared/catalog.js';
import { listedDescription } from '../../../shared/effective.js';
import { SkillError } from '../../../shared/errors.js';
import type { ModelClient } from '../models/model-client.js';
import type { ChatRequest, ChatResponse } from '../models/providers/types.js';
import { describeJsonProblem, readJson } from '../../../shared/json-read.js';

export const DEFAULT_GENERATE_COUNT = 10;
export const MAX_GENERATE_COUNT = 50;
/** An answer longer than this is refused, not read: 50 queries of 500 characters fit with room to spare. */
export const MAX_GENERATE_ANSWER_CHARS = 64 * 1024;
/** A proposed query longer than this is not a request a user types. */
export const MAX_QUERY_CHARS = 500;
/** How much of the skill's body the model sees. */
const BODY_SUMMARY_CHARS = 3000;
const MAX_OTHER_SKILLS = 100;
const OTHER_DESCRIPTION_CHARS = 300;
/** The set so far, shown so the model writes new queries (duplicates are dropped anyway). */
const MAX_EXISTING_SHOWN = 100;

const SYSTEM = [
  'You write test queries for an AI agent skill: requests a user might type, used to check whether a model picks',
  'the skill from its description among the other skills of a library.',
  'Write realistic, specific requests as a user would type them (file names, details, varied wording).',
  '"should_trigger": true for requests this skill should handle. false for near-misses: requests that share words',
  'or a topic with the skill but need something else, often another skill of the library; for those, "close_to"',
  'names the library skill the request resembles or belongs to (null when none does).',
  'Reply with JSON only, no prose, in this shape:',
  '{"queries": [{"query": "...", "should_trigger": true, "close_to": null}]}',
].join('\n');

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)} [… ${text.length - max} more characters]`;

/** The library's other skills a model may pick: what a near-miss may be `close_to`. */
const otherSkills = (entries: readonly LibraryEntry[], skill: SkillDefinition) =>
  catalogEntries(entries).flatMap((e) =>
    e.skill && e.skill.name !== skill.name && e.skill.shadowedBy === undefined ? [e.skill] : [],
  );

/** The request: the skill, a bounded summary of its body, the other skills of the library, the set so far. */
export function generateRequest(o: {
  skill: SkillDefinition;
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  existing: readonly TriggerQuery[];
  count: number;
}): ChatRequest {
  const others = otherSkills(o.entries, o.skill)
    .slice(0, MAX_OTHER_SKILLS)
    .map(
      (s) =>
        `- ${escapeXml(s.name)}: ${escapeXml(cut(listedDescription(s, o.profile), OTHER_DESCRIPTION_CHARS))}`,
    );
  const existing = o.existing
    .slice(0, MAX_EXISTING_SHOWN)
    .map(
      (q) => `- [${q.should_trigger ? 'trigger' : 'near-miss'}] ${escapeXml(cut(q.query, MAX_QUERY_CHARS))}`,
    );
  const positives = Math.ceil(o.count / 2);
  const user = [
    '<skill>',
    `<name>${escapeXml(o.skill.name)}</name>`,
    `<description>${escapeXml(o.skill.description)}</description>`,
    `<instructions_summary>\n${escapeXml(cut(o.skill.instructions.trim(), BODY_SUMMARY_CHARS))}\n</instructions_summary>`,
    '</skill>',
    '',
    `<other_skills>\n${others.length ? others.join('\n') : '(none)'}\n</other_skills>`,
    '',
    `<existing_queries>\n${existing.length ? existing.join('\n') : '(none)'}\n</existing_queries>`,
    '',
    `Write ${o.count} new quer${o.count === 1 ? 'y' : 'ies'}: ${positives} that should trigger "${o.skill.name}" and ` +
      `${o.count - positives} near-miss${o.count - positives === 1 ? '' : 'es'} that should not. Do not repeat an existing query.`,
  ].join('\n');
  return {
    system: SYSTEM,
    messages: [{ role: 'user', content: user }],
    maxTokens: Math.min(8192, 512 + o.count * 160),
  };
}

function refuse(what: string): never {
  throw new SkillError(
    'InvalidFormat',
    `The model's answer was not used: ${what} Ask again, or try another model.`,
  );
}

/**
 * The proposals in a model's answer, checked strictly: JSON only (the whole answer, or one ```json block), at most
 * MAX_GENERATE_ANSWER_CHARS, `{"queries": [...]}` (or the bare list) of at most `count` entries, each with a
 * non-empty `query` of at most MAX_QUERY_CHARS and a boolean `should_trigger`; `close_to` is kept when it names one
 * of `others` (the library's other skills). Anything else is refused with what was wrong.
 */
export function parseProposals(
  text: string,
  o: { count: number; others: ReadonlySet<string>; stopReason?: string },
): ProposedQuery[] {
  if (text.length > MAX_GENERATE_ANSWER_CHARS)
    refuse(
      `it is ${text.length} characters long, more than the ${MAX_GENERATE_ANSWER_CHARS} allowed for ${o.count} queries.`,
    );
  const trimmed = text.trim();
  const fenced = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(trimmed);
  const body = fenced?.[1] ?? trimmed;
  const read = readJson(body);
  if (!read.ok) {
    const cutShort =
      o.stopReason === 'max_tokens' || o.stopReason === 'length'
        ? ' (it was cut at the token limit: ask for fewer queries)'
        : '';
    refuse(
      `it is not JSON${cutShort} (${describeJsonProblem(read.problem)}). It began: ${JSON.stringify(trimmed.slice(0, 120))}.`,
    );
  }
  const data: unknown = read.ok ? read.value : undefined;
  const list = Array.isArray(data) ? data : (data as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(list))
    refuse('expected {"queries": [{"query", "should_trigger", "close_to"}]}, and it has no "queries" list.');
  if (list.length > o.count) refuse(`it has ${list.length} queries where ${o.count} were asked for.`);
  return list.map((item: unknown, i): ProposedQuery => {
    const q = item as { query?: unknown; should_trigger?: unknown; close_to?: unknown } | null;
    if (typeof q !== 'object' || q === null || Array.isArray(q))
      refuse(`queries[${i}] is not an object like {"query", "should_trigger"}.`);
    if (typeof q.query !== 'string' || !q.query.trim())
      refuse(`queries[${i}] has no "query" (a non-empty string).`);
    if (q.query.length > MAX_QUERY_CHARS)
      refuse(`queries[${i}].query is ${q.query.length} characters long; at most ${MAX_QUERY_CHARS}.`);
    if (typeof q.should_trigger !== 'boolean')
      refuse(`queries[${i}] has no "should_trigger" (true or false).`);
    if (q.close_to !== undefined && q.close_to !== null && typeof q.close_to !== 'string')
      refuse(`queries[${i}].close_to is not a skill name or null.`);
    const closeTo = typeof q.close_to === 'string' ? q.close_to.trim() : '';
    return {
      query: q.query.trim(),
      should_trigger: q.should_trigger,
      ...(closeTo && o.others.has(closeTo) ? { close_to: closeTo } : {}),
    };
  });
}

/** Proposals that are new: not in `existing` nor earlier in the list, ignoring case and spacing (`queryKey`). */
export function newProposals(
  proposals: readonly ProposedQuery[],
  existing: readonly TriggerQuery[],
): { proposals: ProposedQuery[]; duplicates: number } {
  const seen = new Set(existing.map((q) => queryKey(q.query)));
  const kept: ProposedQuery[] = [];
  for (const p of proposals) {
    const key = queryKey(p.query);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(p);
  }
  return { proposals: kept, duplicates: proposals.length - kept.length };
}

export interface GenerateOptions {
  client: ModelClient;
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  skill: SkillDefinition;
  /** The set so far (with the Evals tab's unsaved rows): proposals repeating one of these are dropped. */
  existing: readonly TriggerQuery[];
  count?: number;
  signal?: AbortSignal;
}

/** Asks the model for `count` queries for the skill's trigger set and returns the new ones. Nothing is written. */
export async function generateTriggerQueries(o: GenerateOptions): Promise<GeneratedQueries> {
  const count = o.count ?? DEFAULT_GENERATE_COUNT;
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATE_COUNT)
    throw new SkillError(
      'InvalidArgs',
      `The number of queries to generate is a whole number from 1 to ${MAX_GENERATE_COUNT} (got ${count}).`,
    );
  const others = new Set(otherSkills(o.entries, o.skill).map((s) => s.name));
  const request = generateRequest({ ...o, count });
  let response: ChatResponse;
  try {
    ({ response } = await o.client.complete(request, o.signal ? { signal: o.signal } : {}));
  } catch (error) {
    if (error instanceof SkillError) throw error;
    throw new SkillError('Http', (error as Error).message);
  }
  const parsed = parseProposals(response.text, { count, others, stopReason: response.stopReason });
  const { config } = o.client.provider;
  return {
    skill: o.skill.name,
    provider: config.name,
    model: config.model,
    ...newProposals(parsed, o.existing),
  };
}
