// The eval runs of `evals:*`: each checked and prepared by core, then tracked like tools' runs (progress,
// cancel by run id) with a model client made for it.
import { dirname } from 'node:path';
import type { SkillDefinition } from '../../../shared/types.js';
import { defaultWorkspaceDir } from '../../core/evals/benchmark.js';
import { evalCacheDir } from '../../core/app-data.js';
import { Budget, type BudgetLimits } from '../../core/models/budget.js';
import { ResponseCache } from '../../core/models/cache.js';
import { generateTriggerQueries } from '../../core/evals/generate.js';
import { ModelClient } from '../../core/models/model-client.js';
import {
  collisionsRun,
  optimizeRun,
  outputEvalsRun,
  skillTriggersRun,
  type EvalRun,
} from '../../core/evals/skill-runs.js';
import { isWithin } from '../../core/fs/confine.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { trackWork } from './runs.js';
import { BatchPolls, evalBatchHandlers } from './eval-batches.js';
import type { BatchJob } from '../../core/evals/batch-jobs.js';
import type { RunMode } from '../../../shared/usage.js';

type RunChannel =
  | 'evals:run-triggers'
  | 'evals:run-collisions'
  | 'evals:run-output'
  | 'evals:generate-triggers'
  | 'evals:optimize-description';

/** The skill, and its `<skill>-workspace` folder where results go: inside a root the user may write to. */
export function skillAndWorkspace(
  ctx: HostContext,
  skillId: string,
): { skill: SkillDefinition; workspaceDir: string } {
  const skill = ctx.workspace.skill(skillId);
  const workspaceDir = defaultWorkspaceDir(skill);
  ctx.writable(dirname(workspaceDir)); // the bundled examples are read-only: duplicate the skill first
  return { skill, workspaceDir };
}

export function evalRunHandlers(
  ctx: HostContext,
): Pick<
  AreaHandlers<'evals'>,
  RunChannel | 'evals:list-batches' | 'evals:cancel-batch' | 'evals:remove-batch'
> {
  const cache = new ResponseCache(evalCacheDir(ctx.options.userDataDir));
  const library = () => ({ entries: ctx.workspace.entries, profile: ctx.settings.get().profile });
  const skillOf = (skillId: string) => skillAndWorkspace(ctx, skillId).skill;
  const polls = new BatchPolls(ctx.options.userDataDir);
  /** Batch mode: the run follows its batch (evals:list-batches shows it); a budget does not apply to a batch. */
  const modeOf = (runId: string, mode: RunMode | undefined, budget: BudgetLimits | undefined) =>
    mode === 'batch'
      ? { options: { mode, batch: polls.follow(runId) }, budget: {} }
      : { options: {}, budget: budget ?? {} };
  /**
   * Starts a prepared run; its budget (from the Evals tab; none = no limit) covers it all, grading included.
   */
  const start = <T>(
    runId: string,
    failure: string,
    provider: string,
    budget: BudgetLimits = {},
    run: EvalRun<T>,
  ) => {
    const client = new ModelClient(ctx.providers.open(provider), {
      budget: new Budget(budget),
      cache,
      prices: ctx.providers.prices(),
    });
    // The batch's run ends before `runs:finished`, so that the list that event asks for shows how it ended.
    return trackWork(ctx, runId, failure, (signal, onProgress) =>
      run({
        client,
        signal,
        onProgress: (done, total, label) => onProgress({ progress: done, total, message: `${label}\n` }),
      }).then(
        (value) => (polls.ended(runId), value),
        (error: unknown) => {
          polls.ended(runId, error);
          throw error;
        },
      ),
    ).finally(() => polls.ended(runId)); // and when the run could not start
  };
  /**
   * A saved batch no run follows: collected by a run like the one that sent it. One whose skill or provider is gone
   * stays saved (and listed) until they are back; a failure is the run's, in the log and the list.
   */
  const resume = (job: BatchJob, runId: string) => {
    const part = job.parts[0];
    const skill = job.kind === 'triggers' && part ? skillNamed(part.skill) : undefined;
    if (job.kind === 'triggers' && !skill) return;
    if (!ctx.providers.list().some((p) => p.name === job.provider.name)) return;
    const batch = polls.follow(runId, job.batch_id);
    const options = { runs: job.runs, mode: 'batch' as const, batch };
    const failure = `Collecting batch ${job.batch_id} failed`;
    const work = skill
      ? start(
          runId,
          failure,
          job.provider.name,
          {},
          skillTriggersRun(library(), skill, { ...options, description: part?.description }),
        )
      : start(
          runId,
          failure,
          job.provider.name,
          {},
          collisionsRun(library(), ctx.options.userDataDir, options),
        );
    work.catch(() => undefined);
  };
  const skillNamed = (name: string) => {
    const entry = ctx.workspace.entries.find(
      (e) => e.skill?.name === name && e.skill.shadowedBy === undefined,
    );
    return entry ? skillOf(entry.id) : undefined;
  };
  return {
    'evals:run-triggers': ({ runId, skillId, provider, budget, mode, ...o }) => {
      const m = modeOf(runId, mode, budget);
      const run = skillTriggersRun(library(), skillOf(skillId), { ...o, ...m.options });
      return start(runId, 'The trigger eval failed', provider, m.budget, run);
    },
    'evals:run-collisions': ({ runId, provider, budget, mode, ...o }) => {
      const m = modeOf(runId, mode, budget);
      const run = collisionsRun(library(), ctx.options.userDataDir, { ...o, ...m.options });
      return start(runId, 'The collision run failed', provider, m.budget, run);
    },
    ...evalBatchHandlers(ctx, polls, resume),
    'evals:run-output': ({ runId, skillId, provider, runs, baseline = 'without_skill', budget }) => {
      const skill = skillOf(skillId);
      const trusted = ctx.roots.find((r) => isWithin(r.path, skill.sourcePath))?.trusted === true;
      const { executor } = ctx.workspace;
      const run = outputEvalsRun({ ...library(), executor }, skill, { runs, baseline, trusted });
      return start(runId, 'The output evals failed', provider, budget, run);
    },
    'evals:generate-triggers': ({ runId, skillId, provider, count, existing }) => {
      const skill = ctx.workspace.skill(skillId);
      // Never the response cache: asking again is asking for new ideas.
      const client = new ModelClient(ctx.providers.open(provider), { budget: new Budget({}) });
      return trackWork(ctx, runId, 'Generating trigger queries failed', (signal) =>
        generateTriggerQueries({
          client,
          ...library(),
          skill,
          existing,
          signal,
          ...(count !== undefined ? { count } : {}),
        }),
      );
    },
    'evals:optimize-description': ({ runId, skillId, provider, budget, ...o }) => {
      const run = optimizeRun(library(), skillOf(skillId), o);
      return start(runId, 'The description optimisation failed', provider, budget, run);
    },
  };
}
