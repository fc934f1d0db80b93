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

export function evalRunHandlers(ctx: HostContext): Pick<AreaHandlers<'evals'>, RunChannel> {
  const cache = new ResponseCache(evalCacheDir(ctx.options.userDataDir));
  const library = () => ({ entries: ctx.workspace.entries, profile: ctx.settings.get().profile });
  const skillOf = (skillId: string) => skillAndWorkspace(ctx, skillId).skill;
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
    return trackWork(ctx, runId, failure, (signal, onProgress) =>
      run({
        client,
        signal,
        onProgress: (done, total, label) => onProgress({ progress: done, total, message: `${label}\n` }),
      }),
    );
  };
  return {
    'evals:run-triggers': ({ runId, skillId, provider, budget, ...o }) => {
      const run = skillTriggersRun(library(), skillOf(skillId), o);
      return start(runId, 'The trigger eval failed', provider, budget, run);
    },
    'evals:run-collisions': ({ runId, provider, budget, ...o }) =>
      start(
        runId,
        'The collision run failed',
        provider,
        budget,
        collisionsRun(library(), ctx.options.userDataDir, o),
      ),
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
