// Owns the shapes of eval results (issue 15) shared by core, the CLI's JSON output and any view of them: trigger
// reports in the CLI's documented JSON, and skill-creator's grading.json / benchmark.json field names.

/** One query of a trigger set, as skill-creator writes it (`evals/triggers.json`). */
export interface TriggerQuery {
  query: string;
  should_trigger: boolean;
}

export interface TriggerQueryResult {
  query: string;
  shouldTrigger: boolean;
  /** Runs that got an answer (errored runs are not counted). */
  runs: number;
  /** Runs in which this skill was invoked. */
  triggers: number;
  rate: number;
  pass: boolean;
  /** Every skill invoked across the runs, with how often: another name here is a competing description. */
  picked: Record<string, number>;
  /** Runs answered from the response cache. */
  cached: number;
  /** Runs that failed (after retries), with the first message; a query whose runs all failed does not pass. */
  errors?: { count: number; message: string };
  /** Not run: the budget was spent or the run was cancelled first. */
  skipped?: boolean;
}

export interface ConfusionSummary {
  /** tp / (tp + fp); null when the skill never triggered. */
  precision: number | null;
  /** tp / (tp + fn); null when no query should trigger. */
  recall: number | null;
  accuracy: number | null;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface TriggerReport {
  skill: string;
  provider: string;
  model: string;
  runs: number;
  /** The description the model saw for this skill (the saved one, or --description). */
  description: string;
  queries: TriggerQueryResult[];
  summary: ConfusionSummary;
  usage: { inputTokens: number; outputTokens: number; costUsd: number };
  /** Why the run stopped before every query ran (budget spent). */
  stopped?: string;
}

/** One graded expectation, skill-creator's grading.json field names. */
export interface GradedExpectation {
  text: string;
  passed: boolean;
  evidence: string;
}

export interface Grading {
  expectations: GradedExpectation[];
  summary: { passed: number; failed: number; total: number; pass_rate: number };
}

export type EvalConfiguration = 'with_skill' | 'without_skill';

export interface EvalRunResult {
  eval_id: number | string;
  eval_name: string;
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
  };
  expectations: GradedExpectation[];
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
  };
  runs: EvalRunResult[];
  run_summary: Partial<
    Record<EvalConfiguration, { pass_rate: StatSummary; time_seconds: StatSummary; tokens: StatSummary }>
  > & {
    delta?: { pass_rate: string; time_seconds: string; tokens: string };
  };
  notes: string[];
}
