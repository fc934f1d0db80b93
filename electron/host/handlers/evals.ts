// `evals:*`: model providers in Settings (keys write-only: the page sees "key set", never the key) and eval
// results read back from the files the runs wrote; the runs themselves are in eval-runs.ts.
import { evalResults, readTranscript } from '../../core/evals/results.js';
import { snapshotSkill } from '../../core/evals/baseline.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { evalRunHandlers, skillAndWorkspace } from './eval-runs.js';

type EvalHandlers = AreaHandlers<'evals'>;

export function evalHandlers(ctx: HostContext): EvalHandlers {
  const providers = ctx.providers;
  const results = (skillId: string) =>
    evalResults(ctx.workspace.skill(skillId), ctx.options.userDataDir, {
      entries: ctx.workspace.entries,
      profile: ctx.settings.get().profile,
    });
  return {
    'evals:list-providers': () => providers.views(),
    'evals:save-provider': ({ provider, key, previousName }) => {
      providers.save(provider, key, previousName);
      return providers.views();
    },
    'evals:remove-provider': ({ name }) => {
      providers.remove(name);
      return providers.views();
    },
    'evals:snapshot': ({ skillId, replace }) => {
      const { skill, workspaceDir } = skillAndWorkspace(ctx, skillId);
      snapshotSkill(skill, workspaceDir, { force: replace === true });
      return results(skillId);
    },
    'evals:results': ({ skillId }) => results(skillId),
    'evals:transcript': ({ skillId, dir }) => readTranscript(ctx.workspace.skill(skillId), dir),
    ...evalRunHandlers(ctx),
  };
}
