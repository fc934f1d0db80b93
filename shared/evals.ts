// Owns the shapes of eval results (issue 15) shared by core, the CLI's JSON output and any view of them: trigger
// reports in the CLI's documented JSON, and skill-creator's grading.json / benchmark.json field names.

import { SkillError } from './errors.js';
import { parseJsonText } from './json-read.js';
import type { ModelPrice, RunUsage, TriggerPromptSize } from './usage.js';

/** The kinds of model provider (issue 15): the Anthropic Messages API, OpenAI-compatible servers, Claude Code. */
export const PROVIDER_KINDS = ['anthropic', 'openai', 'claude-code'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A configured provider as the app shows it: never its key, only whether one is kept. */
export interface ProviderView {
  name: string;
  kind: ProviderKind;
  model: string;
  baseURL?: string;
  /** A key is kept for it (encrypted by the OS keychain in the app, in a 0600 file in browser mode). */
  hasKey: boolean;
  /** The environment variable the key is read from when none is kept. */
  keyEnv?: string;
  /** What its model's tokens cost (the price table's or its own), for the Evals tab's estimate; absent when unknown. */
  price?: ModelPrice;
}

/** A run's budget (`--max-tokens`, `--max-cost`, the Evals tab's limits): grading included; absent = no limit. */
export interface BudgetLimits {
  maxTokens?: number;
  maxCostUsd?: number;
}

/** Every message of a run stopped by its budget starts with this (results, benchmark.json's notes, the CLI). */
export const STOPPED_PREFIX = 'Stopped: ';

/** Where a skill's output evals are, as skill-creator names them. */
export const DEFAULT_EVALS_FILE = 'evals/evals.json';
/** Where a skill's trigger set is, as skill-creator names it (the `--eval-set` its run_loop.py reads). */
export const DEFAULT_TRIGGER_SET = 'evals/trigger-eval.json';

/** skill-creator's threshold: triggered in half the runs or more counts as triggered. */
export const TRIGGER_THRESHOLD = 0.5;

/** One query of a trigger set, as skill-creator writes it (`evals/trigger-eval.json`, the file its run_loop.py reads). */
export interface TriggerQuery {
  query: string;
  should_trigger: boolean;
}

/** Reads and checks a trigger set (the host, the CLI and the Evals tab's import); each problem names the file, the
 * entry and the fix. */
export function parseTriggerSet(text: string, file: string): TriggerQuery[] {
  const data: unknown = parseJsonText(text, file);
  if (!Array.isArray(data))
    throw new SkillError(
      'InvalidFormat',
      `${file}: expected a list like [{"query": "...", "should_trigger": true}].`,
    );
  return data.map((item: unknown, i) => {
    const q = item as Partial<TriggerQuery> | null;
    if (typeof q !== 'object' || q === null || typeof q.query !== 'string' || !q.query.trim())
      throw new SkillError('InvalidFormat', `${file}: entry ${i} needs "query" (a non-empty string).`);
    if (typeof q.should_trigger !== 'boolean')
      throw new SkillError('InvalidFormat', `${file}: entry ${i} needs "should_trigger" (true or false).`);
    return { query: q.query, should_trigger: q.should_trigger };
  });
}

/** The set written as skill-creator writes it (the Evals tab's save and `eval generate --write`): 2-space JSON. */
export function formatTriggerSet(set: readonly unknown[]): string {
  return `${JSON.stringify(set, null, 2)}\n`;
}

/** Two queries are the same query when they differ only in case and whitespace. */
export const queryKey = (query: string): string => query.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A query the model proposed for a trigger set (`eval generate`, the Evals tab's "Generate near-misses…"): one that
 * should trigger the skill, or a near-miss that should not, with the library's skill it is close to.
 */
export interface ProposedQuery extends TriggerQuery {
  /** A near-miss: the other skill in the library it resembles (it may be the one that should fire instead). */
  close_to?: string;
}

export interface GeneratedQueries {
  skill: string;
  provider: string;
  model: string;
  proposals: ProposedQuery[];
  /** Proposals left out because the set (or an earlier proposal) already has them, ignoring case and spacing. */
  duplicates: number;
}

/**
 * One query's result: run_eval.py's fields (`query`, `should_trigger`, `trigger_rate`, `triggers`, `runs`, `pass`), then
 * Skillbench's.
 */
export interface TriggerQueryResult {
  query: string;
  should_trigger: boolean;
  /** triggers / runs. */
  trigger_rate: number;
  /** Runs in which this skill was invoked. */
  triggers: number;
  /** Runs that got an answer (a run that failed is counted in `errors`, not here). */
  runs: number;
  /** Triggered at `trigger_threshold` or more when it should trigger, under it when it should not. */
  pass: boolean;
  /** Every skill invoked across the runs, with how often: another name here is a competing description. */
  picked: Record<string, number>;
  /** Runs answered from the response cache. */
  cached: number;
  /** Time spent waiting for this query's answers, summed over its runs (runs overlap, so the sum can pass the run's
   *  wall time); what a JUnit report gives as the case's time. */
  duration_ms: number;
  /** Runs that failed (after retries), with the first message; a query whose runs all failed does not pass. */
  errors?: { count: number; message: string };
  /** Not run: the budget was spent or the run was cancelled first. */
  skipped?: boolean;
}

export interface ConfusionSummary {
  /** tp / (tp + fp); `by_query`: null when the skill never triggered. */
  precision: number | null;
  /** tp / (tp + fn); `by_query`: null when no query should trigger. */
  recall: number | null;
  accuracy: number | null;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

/**
 * A trigger eval's results in skill-creator's shape: run_eval.py's JSON output (`skill_name`, `description`,
 * `results`, `summary`), which its run_loop.py and improve_description.py read, plus Skillbench's fields.
 */
export interface TriggerReport {
  skill_name: string;
  /** The description the model saw for this skill (the saved one, or a candidate). */
  description: string;
  results: TriggerQueryResult[];
  /** run_eval.py's summary: how many queries passed. */
  summary: { total: number; passed: number; failed: number };
  /**
   * Precision, recall and accuracy counted over runs, as skill-creator's run_loop.py counts them: every run of a
   * should-trigger query that triggered is a true positive, and so on; a ratio with nothing to count is 1 (precision,
   * recall) or 0 (accuracy), as there. The thresholds (`--min-precision`, `--min-recall`) apply to these.
   */
  by_run: ConfusionSummary;
  /** Skillbench's per-query view: each query counted once, as triggered when its rate reaches the threshold. */
  by_query: ConfusionSummary;
  provider: string;
  model: string;
  runs_per_query: number;
  trigger_threshold: number;
  /** The trigger set file the queries came from. */
  eval_set?: string;
  /** Tokens by kind, summed over the run, and its cost with prompt caching and without (shared/usage.ts). */
  usage: RunUsage;
  /** Why the run stopped before every query ran (budget spent). */
  stopped?: string;
  /** Sent as one batch at the batch price (absent: one request each, the direct mode). */
  mode?: 'batch';
  /** The vendor's id of that batch. */
  batch_id?: string;
}

/** One iteration of the description optimisation loop, in run_loop.py's history shape. */
export interface OptimizeIteration {
  iteration: number;
  description: string;
  train_passed: number;
  train_failed: number;
  train_total: number;
  train_results: TriggerQueryResult[];
  /** null when nothing is held out. */
  test_passed: number | null;
  test_failed: number | null;
  test_total: number | null;
  test_results: TriggerQueryResult[] | null;
  /** run_loop.py repeats the train figures under these names for its report. */
  passed: number;
  failed: number;
  total: number;
  results: TriggerQueryResult[];
}

/**
 * The description optimisation loop's result, in run_loop.py's JSON shape (`exit_reason` … `history`), then
 * Skillbench's fields. The best description is the one with the most held-out queries passed (train, when nothing is
 * held out); nothing is written until the author accepts it.
 */
export interface OptimizeResult {
  exit_reason: string;
  original_description: string;
  best_description: string;
  /** "passed/total" of the best iteration on the held-out queries (train when none); null before any iteration. */
  best_score: string | null;
  best_train_score: string | null;
  best_test_score: string | null;
  final_description: string;
  iterations_run: number;
  holdout: number;
  train_size: number;
  test_size: number;
  history: OptimizeIteration[];
  skill_name: string;
  provider: string;
  model: string;
  runs_per_query: number;
  /** The iteration the best description comes from (1 is the original), null before any. */
  best_iteration: number | null;
  eval_set?: string;
  usage: { tokens: number; cost_usd: number };
  /** Why the loop stopped early (budget spent). */
  stopped?: string;
}

/** What the Evals tab gets back from an optimisation: the result and, when it found better, SKILL.md as proposed. */
export interface OptimizeView {
  result: OptimizeResult;
  /** SKILL.md, and the hash of the text the proposal was made from (the write is refused if the file changed). */
  path: string;
  hash: string;
  /** SKILL.md with the best description; absent when the best is the current one. */
  proposed?: string;
  /** The unified diff from the file to the proposal. */
  diff?: string;
}

/** One graded expectation, skill-creator's grading.json field names. */
export interface GradedExpectation {
  text: string;
  passed: boolean;
  evidence: string;
  /**
   * Skillbench's: the grader gave no readable verdict (its answer was not JSON, or skipped this one). `passed` is
   * false for readers that know only skill-creator's fields; the summary leaves it out of `total` and the pass rate.
   */
  ungraded?: true;
}

export interface Grading {
  expectations: GradedExpectation[];
  /** Over the graded expectations; `ungraded` (Skillbench's) counts the others, when there are any. */
  summary: { passed: number; failed: number; total: number; pass_rate: number; ungraded?: number };
}

/** skill-creator's configurations: the skill, and a baseline without it or with its old version (a snapshot). */
export const EVAL_CONFIGURATIONS = ['with_skill', 'without_skill', 'old_skill'] as const;
export type EvalConfiguration = (typeof EVAL_CONFIGURATIONS)[number];

export interface EvalRunResult {
  eval_id: number | string;
  /** The eval's folder in the iteration, `eval-<name or id>` as skill-creator names it. */
  eval_name: string;
  /** Skillbench's: what the CLI and the Evals tab call it, its name or else the start of its prompt. */
  eval_title?: string;
  configuration: EvalConfiguration;
  run_number: number;
  result: {
    pass_rate: number;
    passed: number;
    failed: number;
    total: number;
    time_seconds: number;
    tokens: number;
    tool_calls: number;
    errors: number;
    cost_usd: number;
    ungraded?: number;
  };
  expectations: GradedExpectation[];
  /** skill-creator's notes on the run; "Not graded: …" when its eval has no expectations yet. */
  notes?: string[];
  /** Where the run's files are (grading.json, transcript.json, outputs/). */
  dir: string;
  cached: boolean;
}

export interface StatSummary {
  mean: number;
  stddev: number;
  min: number;
  max: number;
}

/** benchmark.json, skill-creator's layout. */
export interface Benchmark {
  metadata: {
    skill_name: string;
    skill_path: string;
    executor_model: string;
    grader_model: string;
    timestamp: string;
    evals_run: Array<number | string>;
    runs_per_configuration: number;
    /** The old version's folder when the baseline is `old_skill`. */
    old_skill_path?: string;
  };
  runs: EvalRunResult[];
  run_summary: Partial<
    Record<EvalConfiguration, { pass_rate: StatSummary; time_seconds: StatSummary; tokens: StatSummary }>
  > & {
    delta?: { pass_rate: string; time_seconds: string; tokens: string };
  };
  /** Skillbench's: the iteration's tokens by kind and its cost, executor and grader together. */
  usage?: RunUsage;
  notes: string[];
}

/** How many runs of a configuration were graded (an eval without expectations yet has nothing to grade). */
export const gradedRuns = (benchmark: Benchmark, configuration: EvalConfiguration): number =>
  benchmark.runs.filter((r) => r.configuration === configuration && r.result.total > 0).length;

/** One message of an output eval's transcript.json (every message, tool call with its input and output). */
export interface TranscriptMessage {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  toolCalls?: Array<{ id: string; name: string; input: unknown }>;
  tool?: { name: string; input: unknown; output: string; isError: boolean };
  cached?: boolean;
}

/** The library's collision matrix: for each skill's should-trigger queries, how often each skill fired. */
export interface CollisionsView {
  reports: TriggerReport[];
  matrix: Record<string, Record<string, number>>;
  /** Summed over every skill's run; absent in results written before it was kept. */
  usage?: RunUsage;
  stopped?: string;
  /** Sent as one batch at the batch price (absent: the direct mode), and that batch's id. */
  mode?: 'batch';
  batch_id?: string;
  /** When it was run (ISO time). */
  at: string;
}

/** A trigger or collision run sent as a batch and not yet collected, as the Evals tab lists it. */
export interface BatchView {
  batchId: string;
  /** The host's run polling it (`runs:progress`, `runs:finished`); cancel the batch with `evals:cancel-batch`. */
  runId: string;
  kind: 'triggers' | 'collisions';
  /** The skills whose queries are in it. */
  skills: string[];
  provider: string;
  model: string;
  requests: number;
  /** Requests answered, errored, expired or cancelled at the last poll; 0 before the first. */
  done: number;
  /** The vendor's word at the last poll (`in_progress`, `canceling`, `ended`…), `sent`, or `failed`. */
  state: string;
  /** Why it can never be collected (`state` is `failed`; remove it with `evals:remove-batch`), or why collecting it
   * failed this session (it is tried again when the same run is asked for in batch mode, or after a restart). */
  error?: string;
  /** When it was sent (ISO time). */
  createdAt: string;
}

/** An output eval iteration: where its files are, and its benchmark.json. */
export interface OutputRunView {
  iterationDir: string;
  benchmark: Benchmark;
  /** The run was stopped by its budget: the limit, what was used, how many runs finished. */
  stopped?: string;
}

/** What the Evals tab reopens with: the results last written for the skill (and the library's collisions). */
export interface EvalResultsView {
  workspaceDir: string;
  /**
   * The skill's trigger set: skill-creator's `evals/trigger-eval.json`, or Skillbench's older `evals/triggers.json`
   * when only that one exists (`legacy`); `exists` false when there is none yet (the first save creates the first).
   */
  triggerSet: { path: string; legacy: boolean; exists: boolean };
  /** What a trigger run of the set sends, for the estimate of its cost; absent without a readable set. */
  triggerPrompt?: TriggerPromptSize;
  /** What a collision run of the library sends (every skill's set), for its estimate; absent when no skill has one. */
  collisionsPrompt?: TriggerPromptSize;
  /** Against the saved description. */
  triggers?: TriggerReport;
  /** Against the editor's unsaved description (A/B). */
  triggersDraft?: TriggerReport;
  collisions?: CollisionsView;
  /** The latest iteration. */
  output?: OutputRunView;
  /** skill-creator's snapshot of the skill before the edits (`<skill>-workspace/skill-snapshot/`), when taken. */
  snapshot?: { path: string; at: string };
}

export interface TranscriptView {
  messages: TranscriptMessage[];
  answer: string;
  grading?: Grading;
}

/** The start of a prompt as a title: its first line, spaces collapsed, cut at a word to about `max` characters. */
export function promptExcerpt(prompt: string, max = 60): string {
  const line = (prompt.split('\n').find((l) => l.trim()) ?? '').trim().replace(/\s+/g, ' ');
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The two views of a trigger report, named as the CLI and the Evals tab label them. */
export const TRIGGER_VIEWS = {
  by_run: 'over runs (skill-creator)',
  by_query: `per query (rate ≥ ${TRIGGER_THRESHOLD * 100}%)`,
} as const;

/** Precision, recall and accuracy with the counts they come from, as the CLI and the Evals tab show them. */
export function confusionParts(s: ConfusionSummary): Array<{ label: string; value: string; counts: string }> {
  return [
    { label: 'precision', value: formatRate(s.precision), counts: `${s.tp}/${s.tp + s.fp}` },
    { label: 'recall', value: formatRate(s.recall), counts: `${s.tp}/${s.tp + s.fn}` },
    {
      label: 'accuracy',
      value: formatRate(s.accuracy),
      counts: `${s.tp + s.tn}/${s.tp + s.tn + s.fp + s.fn}`,
    },
  ];
}

/** A rate as the CLI and the Evals tab print it: "66.7%", or "n/a" when there is no data (a null precision). */
export const formatRate = (x: number | null | undefined): string =>
  x === null || x === undefined ? 'n/a' : `${(x * 100).toFixed(1)}%`;
