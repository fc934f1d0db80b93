// Owns the description optimisation loop, as skill-creator's run_loop.py runs it: the trigger set split into train and
// held-out queries (holdout-split.ts), each candidate description scored on both in one trigger eval, the model
// asked for a better one from the train failures (improve-description.ts) until every train query passes or the
// iterations run out, and the best on the held-out queries kept. It proposes; the CLI's --write and the Evals tab's
// accept apply (description-edit.ts).
// Tested by: test/integration/evals/optimize.test.ts
import type {
  OptimizeIteration,
  OptimizeResult,
  TriggerQuery,
  TriggerQueryResult,
} from '../../../shared/evals.js';
import type { LibraryEntry, SkillDefinition, ValidationProfile } from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import { BudgetExhaustedError, budgetStopped } from '../models/budget.js';
import { DEFAULT_HOLDOUT, splitTriggerSet } from './holdout-split.js';
import { improveDescription, type Attempt } from './improve-description.js';
import type { ModelClient } from '../models/model-client.js';
import { DEFAULT_TRIGGER_RUNS, runTriggerEval } from './triggers.js';

/** run_loop.py's default number of iterations. */
export const DEFAULT_MAX_ITERATIONS = 5;

export interface OptimizeOptions {
  client: ModelClient;
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  skill: SkillDefinition;
  set: readonly TriggerQuery[];
  setFile?: string;
  runs?: number;
  holdout?: number;
  maxIterations?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, label: string) => void;
}

const score = (passed: number | null, total: number | null) =>
  passed === null || total === null ? null : `${passed}/${total}`;

/** The first iteration with the most passed (Python's max keeps the first of equals). */
function bestOf(history: readonly OptimizeIteration[], key: 'test_passed' | 'train_passed') {
  return history.reduce<OptimizeIteration | undefined>(
    (best, h) => (best === undefined || (h[key] ?? 0) > (best[key] ?? 0) ? h : best),
    undefined,
  );
}

export async function optimizeDescription(o: OptimizeOptions): Promise<OptimizeResult> {
  if (o.set.length === 0)
    throw new SkillError('InvalidArgs', 'The trigger set has no queries: add some (or generate them) first.');
  const holdout = o.holdout ?? DEFAULT_HOLDOUT;
  const maxIterations = Math.max(1, o.maxIterations ?? DEFAULT_MAX_ITERATIONS);
  const runs = Math.max(1, o.runs ?? DEFAULT_TRIGGER_RUNS);
  const { train, test } = splitTriggerSet(o.set, holdout);
  const inTrain = new Set(train.map((q) => q.query));
  const original = o.skill.description;
  const tokensBefore = o.client.budget.tokens;
  const costBefore = o.client.budget.costUsd;
  const history: OptimizeIteration[] = [];
  let current = original;
  let exitReason = 'unknown';
  let stopped: string | undefined;
  let done = 0;
  const total = maxIterations * o.set.length * runs;

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    // Train and held-out queries in one eval, as run_loop.py batches them; the original goes as the skill has it.
    const report = await runTriggerEval({
      client: o.client,
      entries: o.entries,
      profile: o.profile,
      skill: o.skill.name,
      set: [...train, ...test],
      ...(o.setFile !== undefined ? { setFile: o.setFile } : {}),
      runs,
      ...(current !== original ? { description: current } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      onProgress: (_d, _t, query) =>
        o.onProgress?.(++done, total, `iteration ${iteration}/${maxIterations}: ${query}`),
    });
    if (report.stopped) {
      // An iteration the budget cut short is not scored: its skipped queries would count as failures.
      stopped = report.stopped;
      exitReason = `budget (iteration ${iteration})`;
      break;
    }
    const trainResults = report.results.filter((r) => inTrain.has(r.query));
    const testResults = report.results.filter((r) => !inTrain.has(r.query));
    const passed = (list: readonly TriggerQueryResult[]) => list.filter((r) => r.pass).length;
    const trainPassed = passed(trainResults);
    const testPassed = test.length ? passed(testResults) : null;
    history.push({
      iteration,
      description: current,
      train_passed: trainPassed,
      train_failed: trainResults.length - trainPassed,
      train_total: trainResults.length,
      train_results: trainResults,
      test_passed: testPassed,
      test_failed: testPassed === null ? null : testResults.length - testPassed,
      test_total: test.length ? testResults.length : null,
      test_results: test.length ? testResults : null,
      passed: trainPassed,
      failed: trainResults.length - trainPassed,
      total: trainResults.length,
      results: trainResults,
    });
    if (trainPassed === trainResults.length) {
      exitReason = `all_passed (iteration ${iteration})`;
      break;
    }
    if (iteration === maxIterations) {
      exitReason = `max_iterations (${maxIterations})`;
      break;
    }
    try {
      // The model sees the train results only: the held-out queries stay a fair test of what it writes.
      const attempts: Attempt[] = history.map((h) => ({
        description: h.description,
        passed: h.train_passed,
        total: h.train_total,
        results: h.train_results,
      }));
      current = await improveDescription(o.client, {
        skillName: o.skill.name,
        body: o.skill.instructions,
        current,
        train: trainResults,
        history: attempts,
        iteration,
        ...(o.signal ? { signal: o.signal } : {}),
      });
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
      stopped = budgetStopped(o.client.budget, `${history.length} of ${maxIterations} iterations finished`);
      exitReason = `budget (improving after iteration ${iteration})`;
      break;
    }
  }

  const best = test.length ? bestOf(history, 'test_passed') : bestOf(history, 'train_passed');
  return {
    exit_reason: exitReason,
    original_description: original,
    best_description: best?.description ?? original,
    best_score: best
      ? test.length
        ? score(best.test_passed, best.test_total)
        : score(best.train_passed, best.train_total)
      : null,
    best_train_score: best ? score(best.train_passed, best.train_total) : null,
    best_test_score: best && test.length ? score(best.test_passed, best.test_total) : null,
    final_description: current,
    iterations_run: history.length,
    holdout,
    train_size: train.length,
    test_size: test.length,
    history,
    skill_name: o.skill.name,
    provider: o.client.provider.config.name,
    model: o.client.provider.config.model,
    runs_per_query: runs,
    best_iteration: best?.iteration ?? null,
    ...(o.setFile !== undefined ? { eval_set: o.setFile } : {}),
    usage: {
      tokens: o.client.budget.tokens - tokensBefore,
      cost_usd: o.client.budget.costUsd - costBefore,
    },
    ...(stopped !== undefined ? { stopped } : {}),
  };
}
