// `tools:*`: a skill's advertised tools, and running one as a tracked run (progress, `runs:cancel`).
import type { JsonValue } from '../../../shared/types.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { trackWork } from './runs.js';

export function toolHandlers(ctx: HostContext): AreaHandlers<'tools'> {
  return {
    'tools:list': ({ skillId }) => ctx.workspace.executor.describeTools(skillId),
    'tools:run': ({ runId, skillId, tool, args, timeoutSecs }) =>
      trackWork(ctx, runId, `Tool "${tool}" failed`, (signal, onProgress) =>
        ctx.workspace.executor.executeTool(skillId, tool, args as JsonValue, {
          signal,
          ...(timeoutSecs ? { timeoutSecs } : {}),
          onProgress,
        }),
      ),
  };
}
