// Owns trigger evals: where a skill's trigger set is, and running a set (or every set of a library) into a report,
// one request a query and run, or all of them in one batch (trigger-batch.ts). The request is trigger-request.ts's.
// Tested by: test/integration/evals/triggers.test.ts
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import {
  DEFAULT_TRIGGER_SET,
  formatTriggerSet,
  parseTriggerSet,
  TRIGGER_THRESHOLD,
  type TriggerQuery,
  type TriggerReport,
} from '../../../shared/evals.js';
import { catalogEntries } from '../../../shared/catalog.js';
import { SkillError } from '../../../shared/errors.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { BudgetExhaustedError, budgetStopped } from '../models/budget.js';
import { ProviderFailureStop } from './provider-failure.js';
import type { ModelClient } from '../models/model-client.js';
import { emptyResult, recordAnswer, recordError, triggerReport } from './trigger-report.js';
import { DEFAULT_TRIGGER_RUNS, invokedSkill, triggerRequest, triggerTarget } from './trigger-request.js';
import { runTriggerBatch, type BatchRunOptions } from './trigger-batch.js';
import { parseJsonText } from '../../../shared/json-read.js';
import { remedy, type Audience, type Remedy } from '../../../shared/remedy.js';
import type { RunMode, RunUsage } from '../../../shared/usage.js';

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

export { DEFAULT_TRIGGER_SET, parseTriggerSet, TRIGGER_THRESHOLD };
export {
  DEFAULT_TRIGGER_RUNS,
  invokedSkill,
  SKILL_TOOL,
  triggerPromptSize,
  triggerRequest,
  triggerTarget,
  withDescription,
} from './trigger-request.js';

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
  /** `batch`: every request in one batch at half the price (trigger-batch.ts); default `direct`. */
  mode?: RunMode;
  /** Batch mode: the batch's id, files and polling (trigger-batch.ts). */
  batch?: BatchRunOptions;
}

export async function runTriggerEval(o: TriggerRunOptions): Promise<TriggerReport> {
  if (o.mode === 'batch') {
    const { reports } = await runTriggerBatch({
      ...o,
      kind: 'triggers',
      parts: [
        {
          skill: o.skill,
          set: o.set,
          ...(o.setFile !== undefined ? { setFile: o.setFile } : {}),
          ...(o.description !== undefined ? { description: o.description } : {}),
        },
      ],
    });
    const [report] = reports;
    if (!report) throw new SkillError('NotFound', `The batch has no results for "${o.skill}".`);
    return report;
  }
  const runs = Math.max(1, o.runs ?? DEFAULT_TRIGGER_RUNS);
  const { entries, description } = triggerTarget(o);
  const results = o.set.map(emptyResult);
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
        recordAnswer(r, invokedSkill(response.toolCalls, entries, o.profile), o.skill, cached);
      } catch (error) {
        if (error instanceof BudgetExhaustedError) {
          // Stop cleanly: every run not yet started ends here; those in flight finish and are counted.
          stopped ??= error.message;
          return;
        }
        if (failure.absorb(error)) return;
        recordError(r, (error as Error).message);
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
  if (stopped !== undefined) {
    const ran = results.map((r) => r.runs + (r.errors?.count ?? 0));
    const finished = ran.filter((n) => n === runs).length;
    stopped = budgetStopped(
      o.client.budget,
      `${finished} of ${results.length} quer${results.length === 1 ? 'y' : 'ies'} finished (${ran.reduce((a, b) => a + b, 0)} of ${total} runs)`,
    );
  }
  return triggerReport({
    skill: o.skill,
    description,
    results,
    config: o.client.provider.config,
    runs,
    ...(o.setFile !== undefined ? { setFile: o.setFile } : {}),
    usage: usage.report(),
    ...(stopped !== undefined ? { stopped } : {}),
  });
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

/** A collision run's result: every skill's report, the matrix, the summed usage; the batch's id in batch mode. */
export interface LibraryTriggersResult {
  reports: TriggerReport[];
  matrix: Record<string, Record<string, number>>;
  usage: RunUsage;
  stopped?: string;
  mode?: 'batch';
  batch_id?: string;
}

/**
 * The collision view for a whole library: the trigger set of every skill in the catalog that has one
 * (`evals/trigger-eval.json`, or the older `evals/triggers.json`), run against the same catalog, and the matrix of
 * which skills fired. In batch mode every skill's queries go in one batch.
 */
export async function runLibraryTriggers(
  o: Omit<TriggerRunOptions, 'skill' | 'set' | 'description'> & { audience: Audience },
): Promise<LibraryTriggersResult> {
  const sets: Array<{ skill: string; set: TriggerQuery[]; setFile: string }> = [];
  for (const entry of catalogEntries(o.entries, o.profile)) {
    const skill = entry.skill;
    if (!skill || skill.shadowedBy !== undefined) continue;
    const set = resolveTriggerSet(dirname(skill.sourcePath));
    if (!set.exists) continue;
    sets.push({ skill: skill.name, set: readTriggerSet(set.path, o.audience), setFile: set.path });
  }
  if (o.mode === 'batch') {
    if (sets.length === 0) return { reports: [], matrix: {}, usage: o.client.tally().report() };
    const { reports, usage, batchId } = await runTriggerBatch({ ...o, kind: 'collisions', parts: sets });
    return { reports, matrix: collisionMatrix(reports), usage, mode: 'batch', batch_id: batchId };
  }
  const reports: TriggerReport[] = [];
  const usage = o.client.tally();
  for (const part of sets) {
    const report = await runTriggerEval({ ...o, ...part });
    reports.push(report);
    usage.merge(report.usage);
    if (report.stopped)
      return { reports, matrix: collisionMatrix(reports), usage: usage.report(), stopped: report.stopped };
  }
  return { reports, matrix: collisionMatrix(reports), usage: usage.report() };
}
