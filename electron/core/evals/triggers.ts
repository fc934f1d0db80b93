// Owns trigger evals (issue 15): where a skill's trigger set is, what the model is shown (the library's catalog for the
// profile and a `Skill` tool), how a trigger is detected, and running a set into a report (trigger-report.ts).
// Tested by: test/integration/evals/triggers.test.ts
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import {
  DEFAULT_TRIGGER_SET,
  formatTriggerSet,
  parseTriggerSet,
  TRIGGER_THRESHOLD,
  type TriggerQuery,
  type TriggerQueryResult,
  type TriggerReport,
} from '../../../shared/evals.js';
import { catalogEntries, renderAvailableSkills } from '../../../shared/catalog.js';
import { qualifiedName } from '../../../shared/effective.js';
import { SkillError } from '../../../shared/errors.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { BudgetExhaustedError, budgetStopped } from '../models/budget.js';
import { ProviderFailureStop } from './provider-failure.js';
import type { ModelClient } from '../models/model-client.js';
import { summaries } from './trigger-report.js';
import type { ChatRequest, ToolCall, ToolSpec } from '../models/providers/types.js';
import { parseJsonText } from '../../../shared/json-read.js';
import { remedy, type Audience, type Remedy } from '../../../shared/remedy.js';
import type { RunUsage, TriggerPromptSize } from '../../../shared/usage.js';
import { estimateTokens } from '../../../shared/tokens.js';

export const DEFAULT_TRIGGER_RUNS = 3;
/** Skillbench's earlier name for it, still read when the skill has no `evals/trigger-eval.json`. */
export const LEGACY_TRIGGER_SET = 'evals/triggers.json';

/**
 * A skill's trigger set file: `evals/trigger-eval.json`, else the older `evals/triggers.json` when only that one
 * exists (`legacy`); `exists` false when the skill has neither (then the new name, where a first set is created).
 */
export function resolveTriggerSet(skillDir: string): { path: string; legacy: boolean; exists: boolean } {
  const current = join(skillDir, DEFAULT_TRIGGER_SET);
  if (existsSync(current)) return { path: current, legacy: false, exists: true };
  const legacy = join(skillDir, LEGACY_TRIGGER_SET);
  if (existsSync(legacy)) return { path: legacy, legacy: true, exists: true };
  return { path: current, legacy: false, exists: false };
}

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

export { DEFAULT_TRIGGER_SET, parseTriggerSet, TRIGGER_THRESHOLD };

/** The way to another trigger set, in each edge's words. */
const OTHER_SET: Remedy = {
  cli: 'or pass --set FILE',
  app: 'or add queries in the Evals tab (Add query, then Save trigger set)',
};

export function readTriggerSet(file: string, audience: Audience): TriggerQuery[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SkillError(
      'NotFound',
      `No trigger set at ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}): write one as [{"query", "should_trigger"}]${file.endsWith(DEFAULT_TRIGGER_SET.replace('/', sep)) ? ` (Skillbench also reads the older ${LEGACY_TRIGGER_SET})` : ''} ${remedy(OTHER_SET, audience)}.`,
    );
  }
  return parseTriggerSet(text, file);
}

/**
 * Appends queries to a trigger set file, creating it (and its folder) in skill-creator's format when missing. The
 * entries already there are kept as written (any extra keys too); the file is checked first, so a broken set is
 * refused with the parser's message, never overwritten.
 */
export function appendToTriggerSet(file: string, queries: readonly TriggerQuery[]): void {
  let entries: unknown[] = [];
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    parseTriggerSet(text, file);
    entries = parseJsonText(text, file) as unknown[];
  } else mkdirSync(dirname(file), { recursive: true });
  const added = queries.map((q) => ({ query: q.query, should_trigger: q.should_trigger }));
  writeFileAtomically(file, formatTriggerSet([...entries, ...added]));
}

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

export interface TriggerRunOptions {
  client: ModelClient;
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  skill: string;
  set: readonly TriggerQuery[];
  /** The file the set was read from, named in the report (`eval_set`). */
  setFile?: string;
  runs?: number;
  /** Replaces the skill's description in the catalog (A/B against the saved one). */
  description?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, query: string) => void;
}

export async function runTriggerEval(o: TriggerRunOptions): Promise<TriggerReport> {
  const runs = Math.max(1, o.runs ?? DEFAULT_TRIGGER_RUNS);
  const target = catalogEntries(o.entries, o.profile).find(
    (e) => e.skill?.name === o.skill && e.skill.shadowedBy === undefined,
  );
  if (!target?.skill)
    throw new SkillError(
      'NotFound',
      `Skill "${o.skill}" is not in the catalog a model sees (missing, shadowed, without a description, or disable-model-invocation).`,
    );
  const entries =
    o.description !== undefined ? withDescription(o.entries, o.skill, o.description) : o.entries;
  const description = o.description ?? target.skill.description;
  const results: TriggerQueryResult[] = o.set.map((q) => ({
    query: q.query,
    should_trigger: q.should_trigger,
    trigger_rate: 0,
    triggers: 0,
    runs: 0,
    pass: false,
    picked: {},
    cached: 0,
    duration_ms: 0,
  }));
  const usage = o.client.tally();
  let stopped: string | undefined;
  let done = 0;
  const total = o.set.length * runs;
  const failure = new ProviderFailureStop(o.signal);
  const { signal } = o;
  const jobs = o.set.flatMap((q, qi) =>
    Array.from({ length: runs }, async (_, sample) => {
      const r = results[qi];
      if (!r) return;
      const started = performance.now();
      try {
        const { response, cached } = await o.client.complete(triggerRequest(entries, o.profile, q.query), {
          ...(signal ? { signal } : {}),
          stopStarting: failure.stopStarting,
          sample,
        });
        if (!cached) usage.add(response.usage);
        r.runs++;
        if (cached) r.cached++;
        const picked = invokedSkill(response.toolCalls, entries, o.profile);
        if (picked !== undefined) r.picked[picked] = (r.picked[picked] ?? 0) + 1;
        if (picked === o.skill) r.triggers++;
      } catch (error) {
        if (error instanceof BudgetExhaustedError) {
          // Stop cleanly: every run not yet started ends here; those in flight finish and are counted.
          stopped ??= error.message;
          return;
        }
        if (failure.absorb(error)) return;
        r.errors = {
          count: (r.errors?.count ?? 0) + 1,
          message: r.errors?.message ?? (error as Error).message,
        };
      } finally {
        r.duration_ms += performance.now() - started;
        done++;
        o.onProgress?.(done, total, q.query);
      }
    }),
  );
  await Promise.all(jobs);
  failure.throwIfStopped(
    results.reduce((n, r) => n + r.runs, 0),
    total,
  );
  for (const r of results) {
    r.trigger_rate = r.runs === 0 ? 0 : r.triggers / r.runs;
    if (r.runs === 0 && !r.errors) r.skipped = true;
    r.pass = r.runs > 0 && r.trigger_rate >= TRIGGER_THRESHOLD === r.should_trigger;
  }
  if (stopped !== undefined) {
    const ran = results.map((r) => r.runs + (r.errors?.count ?? 0));
    const finished = ran.filter((n) => n === runs).length;
    stopped = budgetStopped(
      o.client.budget,
      `${finished} of ${results.length} quer${results.length === 1 ? 'y' : 'ies'} finished (${ran.reduce((a, b) => a + b, 0)} of ${total} runs)`,
    );
  }
  return {
    skill_name: o.skill,
    description,
    results,
    ...summaries(results),
    provider: o.client.provider.config.name,
    model: o.client.provider.config.model,
    runs_per_query: runs,
    trigger_threshold: TRIGGER_THRESHOLD,
    ...(o.setFile !== undefined ? { eval_set: o.setFile } : {}),
    usage: usage.report(),
    ...(stopped !== undefined ? { stopped } : {}),
  };
}

/** The collision view: for each skill's should-trigger queries, how often each skill fired. */
export function collisionMatrix(reports: readonly TriggerReport[]): Record<string, Record<string, number>> {
  const matrix: Record<string, Record<string, number>> = {};
  for (const report of reports) {
    const row: Record<string, number> = {};
    for (const q of report.results) {
      if (!q.should_trigger) continue;
      for (const [name, count] of Object.entries(q.picked)) row[name] = (row[name] ?? 0) + count;
    }
    matrix[report.skill_name] = row;
  }
  return matrix;
}

/**
 * The collision view for a whole library: the trigger set of every skill in the catalog that has one
 * (`evals/trigger-eval.json`, or the older `evals/triggers.json`), run against the same catalog, and the matrix of
 * which skills fired.
 */
export async function runLibraryTriggers(
  o: Omit<TriggerRunOptions, 'skill' | 'set' | 'description'> & { audience: Audience },
): Promise<{
  reports: TriggerReport[];
  matrix: Record<string, Record<string, number>>;
  usage: RunUsage;
  stopped?: string;
}> {
  const reports: TriggerReport[] = [];
  const usage = o.client.tally();
  for (const entry of catalogEntries(o.entries, o.profile)) {
    const skill = entry.skill;
    if (!skill || skill.shadowedBy !== undefined) continue;
    const set = resolveTriggerSet(dirname(skill.sourcePath));
    if (!set.exists) continue;
    const report = await runTriggerEval({
      ...o,
      skill: skill.name,
      set: readTriggerSet(set.path, o.audience),
      setFile: set.path,
    });
    reports.push(report);
    usage.merge(report.usage);
    if (report.stopped)
      return { reports, matrix: collisionMatrix(reports), usage: usage.report(), stopped: report.stopped };
  }
  return { reports, matrix: collisionMatrix(reports), usage: usage.report() };
}
