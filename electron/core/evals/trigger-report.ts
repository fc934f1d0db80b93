// Owns a trigger eval's results as a file: run_eval.py's shape (skill-creator) with Skillbench's fields, its two
// precision / recall views (counted over runs as run_loop.py counts, and per query), and reading a results file back,
// whether Skillbench wrote it now, in its earlier shape, or skill-creator's run_eval.py wrote it.
import { readFileSync } from 'node:fs';
import {
  TRIGGER_THRESHOLD,
  type ConfusionSummary,
  type TriggerQuery,
  type TriggerQueryResult,
  type TriggerReport,
} from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { parseJsonText } from '../../../shared/json-read.js';
import type { RunUsage } from '../../../shared/usage.js';

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/**
 * Skillbench's view: each query counted once (skipped queries and queries without an answered run left out), as
 * triggered when its rate reaches the threshold; a ratio with no denominator is null.
 */
export function scoreByQuery(
  results: readonly TriggerQueryResult[],
  threshold = TRIGGER_THRESHOLD,
): ConfusionSummary {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (const q of results) {
    if (q.skipped || q.runs === 0) continue;
    const triggered = q.trigger_rate >= threshold;
    if (q.should_trigger && triggered) tp++;
    else if (q.should_trigger) fn++;
    else if (triggered) fp++;
    else tn++;
  }
  return {
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    accuracy: ratio(tp + tn, tp + fp + tn + fn),
    tp,
    fp,
    tn,
    fn,
  };
}

/**
 * skill-creator's view (run_loop.py): every run counts. Triggers of should-trigger queries are true positives and
 * their other runs false negatives; triggers of the others false positives, their other runs true negatives. As
 * there, precision and recall are 1 and accuracy 0 when there is nothing to count.
 */
export function scoreByRun(results: readonly TriggerQueryResult[]): ConfusionSummary {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (const q of results) {
    if (q.should_trigger) {
      tp += q.triggers;
      fn += q.runs - q.triggers;
    } else {
      fp += q.triggers;
      tn += q.runs - q.triggers;
    }
  }
  const total = tp + fp + tn + fn;
  return {
    precision: tp + fp > 0 ? tp / (tp + fp) : 1,
    recall: tp + fn > 0 ? tp / (tp + fn) : 1,
    accuracy: total > 0 ? (tp + tn) / total : 0,
    tp,
    fp,
    tn,
    fn,
  };
}

/** run_eval.py's summary: queries that passed (a skipped query did not). */
export function passSummary(results: readonly TriggerQueryResult[]): TriggerReport['summary'] {
  const passed = results.filter((r) => r.pass).length;
  return { total: results.length, passed, failed: results.length - passed };
}

/** The three summaries, computed from the per-query results. */
export function summaries(
  results: readonly TriggerQueryResult[],
  threshold = TRIGGER_THRESHOLD,
): Pick<TriggerReport, 'summary' | 'by_run' | 'by_query'> {
  return {
    summary: passSummary(results),
    by_run: scoreByRun(results),
    by_query: scoreByQuery(results, threshold),
  };
}

/** A query's result before any run answered. */
export function emptyResult(q: TriggerQuery): TriggerQueryResult {
  return {
    query: q.query,
    should_trigger: q.should_trigger,
    trigger_rate: 0,
    triggers: 0,
    runs: 0,
    pass: false,
    picked: {},
    cached: 0,
    duration_ms: 0,
  };
}

/** One answered run of a query: the skill it invoked (if any) counted, a trigger when it is the run's skill. */
export function recordAnswer(
  r: TriggerQueryResult,
  picked: string | undefined,
  skill: string,
  cached: boolean,
): void {
  r.runs++;
  if (cached) r.cached++;
  if (picked !== undefined) r.picked[picked] = (r.picked[picked] ?? 0) + 1;
  if (picked === skill) r.triggers++;
}

/** One run of a query that got no answer: counted, and the first message kept. */
export function recordError(r: TriggerQueryResult, message: string): void {
  r.errors = { count: (r.errors?.count ?? 0) + 1, message: r.errors?.message ?? message };
}

/** A finished run's report: each query's rate, skip and pass settled, and the summaries computed. */
export function triggerReport(o: {
  skill: string;
  description: string;
  results: TriggerQueryResult[];
  config: { name: string; model: string };
  runs: number;
  setFile?: string;
  usage: RunUsage;
  stopped?: string;
  batchId?: string;
}): TriggerReport {
  for (const r of o.results) {
    r.trigger_rate = r.runs === 0 ? 0 : r.triggers / r.runs;
    if (r.runs === 0 && !r.errors) r.skipped = true;
    r.pass = r.runs > 0 && r.trigger_rate >= TRIGGER_THRESHOLD === r.should_trigger;
  }
  return {
    skill_name: o.skill,
    description: o.description,
    results: o.results,
    ...summaries(o.results),
    provider: o.config.name,
    model: o.config.model,
    runs_per_query: o.runs,
    trigger_threshold: TRIGGER_THRESHOLD,
    ...(o.setFile !== undefined ? { eval_set: o.setFile } : {}),
    usage: o.usage,
    ...(o.stopped !== undefined ? { stopped: o.stopped } : {}),
    ...(o.batchId !== undefined ? { mode: 'batch' as const, batch_id: o.batchId } : {}),
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
/** A cost as written: null stands for a model without a price. */
const cost = (v: unknown): number | null => (v === null ? null : count(v));
const picks = (v: unknown): Record<string, number> =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, n]) => [k, count(n)])) : {};

/**
 * A trigger report read back from a file, in any of the shapes that exist: the current one, run_eval.py's own
 * output (no provider, picks or timings: left empty), and Skillbench's earlier shape (`skill`, `queries`,
 * `shouldTrigger`, `rate`, `durationMs`, camelCase usage), which results written before are in. The summaries are
 * computed again from the per-query results, so every shape gets both views.
 */
export function readTriggerReport(data: unknown, where: string): TriggerReport {
  const fail = (what: string): never => {
    throw new SkillError(
      'InvalidFormat',
      `${where}: ${what}; expected trigger results as run_eval.py writes them ({"skill_name", "description", "results": [{"query", "should_trigger", "triggers", "runs", "pass"}]}).`,
    );
  };
  if (!isObject(data)) return fail('it is not a JSON object');
  const legacy = !Array.isArray(data.results) && Array.isArray(data.queries);
  const list: unknown = legacy ? data.queries : data.results;
  if (!Array.isArray(list)) return fail('it has no "results" list');
  const threshold = typeof data.trigger_threshold === 'number' ? data.trigger_threshold : TRIGGER_THRESHOLD;
  const results = list.map((item: unknown, i): TriggerQueryResult => {
    if (!isObject(item)) return fail(`results[${i}] is not an object`);
    const shouldTrigger = legacy ? item.shouldTrigger : item.should_trigger;
    if (typeof item.query !== 'string') return fail(`results[${i}] has no "query"`);
    if (typeof shouldTrigger !== 'boolean') return fail(`results[${i}] has no "should_trigger"`);
    const runs = count(item.runs);
    const triggers = count(item.triggers);
    const rate = legacy ? item.rate : item.trigger_rate;
    const errors = isObject(item.errors) ? item.errors : undefined;
    return {
      query: item.query,
      should_trigger: shouldTrigger,
      trigger_rate: typeof rate === 'number' ? rate : runs ? triggers / runs : 0,
      triggers,
      runs,
      pass: typeof item.pass === 'boolean' ? item.pass : false,
      picked: picks(item.picked),
      cached: count(item.cached),
      duration_ms: count(legacy ? item.durationMs : item.duration_ms),
      ...(errors
        ? {
            errors: {
              count: count(errors.count),
              message: typeof errors.message === 'string' ? errors.message : '',
            },
          }
        : {}),
      ...(item.skipped === true ? { skipped: true } : {}),
    };
  });
  const skill = legacy ? data.skill : data.skill_name;
  if (typeof skill !== 'string') return fail(`it has no "${legacy ? 'skill' : 'skill_name'}"`);
  const usage = isObject(data.usage) ? data.usage : {};
  const runsPerQuery = legacy ? data.runs : data.runs_per_query;
  return {
    skill_name: skill,
    description: typeof data.description === 'string' ? data.description : '',
    results,
    ...summaries(results, threshold),
    provider: typeof data.provider === 'string' ? data.provider : '',
    model: typeof data.model === 'string' ? data.model : '',
    runs_per_query:
      typeof runsPerQuery === 'number' ? runsPerQuery : Math.max(0, ...results.map((r) => r.runs)),
    trigger_threshold: threshold,
    ...(typeof data.eval_set === 'string' ? { eval_set: data.eval_set } : {}),
    usage: {
      input_tokens: count(legacy ? usage.inputTokens : usage.input_tokens),
      cache_creation_input_tokens: count(usage.cache_creation_input_tokens),
      cache_read_input_tokens: count(usage.cache_read_input_tokens),
      output_tokens: count(legacy ? usage.outputTokens : usage.output_tokens),
      cost_usd: cost(legacy ? usage.costUsd : usage.cost_usd),
      // Written before costs without caching were kept: the cost then was the whole cost.
      cost_without_cache_usd: cost(
        'cost_without_cache_usd' in usage
          ? usage.cost_without_cache_usd
          : legacy
            ? usage.costUsd
            : usage.cost_usd,
      ),
      ...(typeof usage.price_note === 'string' ? { price_note: usage.price_note } : {}),
    },
    ...(typeof data.stopped === 'string' ? { stopped: data.stopped } : {}),
    ...(data.mode === 'batch' && typeof data.batch_id === 'string'
      ? { mode: 'batch' as const, batch_id: data.batch_id }
      : {}),
  };
}

/** A trigger results file, in any shape `readTriggerReport` reads. */
export function readTriggerReportFile(file: string): TriggerReport {
  return readTriggerReport(parseJsonText(readFileSync(file, 'utf8'), file), file);
}
