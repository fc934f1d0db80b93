// `tools:*`: a skill's advertised tools, and runs with ids the renderer can cancel, progress (throttled and capped)
// and results as events.
import type { JsonValue } from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import type { HostContext } from '../context.js';
import { ProgressGate } from '../progress-gate.js';
import { toSkillError, type AreaHandlers } from '../server.js';

export function toolHandlers(ctx: HostContext): AreaHandlers<'tools'> {
  return {
    'tools:list': ({ skillId }) => ctx.workspace.executor.describeTools(skillId),
    'tools:run': async ({ runId, skillId, tool, args, timeoutSecs }) => {
      if (ctx.runs.has(runId)) throw new SkillError('Conflict', `A run with id ${runId} is already going.`);
      const controller = new AbortController();
      ctx.runs.set(runId, controller);
      const progress = new ProgressGate((p) => ctx.emit('runs:progress', { runId, ...p }));
      try {
        const output = await ctx.workspace.executor.executeTool(skillId, tool, args as JsonValue, {
          signal: controller.signal,
          ...(timeoutSecs ? { timeoutSecs } : {}),
          onProgress: (p) => progress.push(p),
        });
        progress.flush();
        ctx.emit('runs:finished', { runId, output });
        return output;
      } catch (error) {
        const e = toSkillError(error, `Tool "${tool}" failed`, 'ToolExecution');
        progress.flush();
        ctx.emit('runs:finished', { runId, error: e.toJSON() });
        throw e;
      } finally {
        ctx.runs.delete(runId);
      }
    },
    'tools:cancel': ({ runId }) => {
      const run = ctx.runs.get(runId);
      run?.abort();
      return { cancelled: run !== undefined };
    },
  };
}
