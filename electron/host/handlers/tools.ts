// `tools:*`: a skill's advertised tools, and runs with ids the renderer can cancel, progress (throttled and capped)
// and results as events.
import type { ExecuteOptions, JsonValue, ToolOutput } from '../../../shared/types.js';
import type { HostContext } from '../context.js';
import { ProgressGate } from '../progress-gate.js';
import { toSkillError, type AreaHandlers } from '../server.js';

/**
 * A run the renderer can follow and cancel (`tools:run`, `mcp:call-tool`): registered under its id, progress throttled
 * into `runs:progress`, and the output or the error announced as `runs:finished`.
 */
export function trackRun(
  ctx: HostContext,
  runId: string,
  failure: string,
  run: (signal: AbortSignal, onProgress: NonNullable<ExecuteOptions['onProgress']>) => Promise<ToolOutput>,
): Promise<ToolOutput> {
  return trackWork(ctx, runId, failure, run, (output) => output);
}

/**
 * Any long piece of work followed the same way (an eval run, issue 15): cancelled with `tools:cancel` and its id;
 * `outputOf` says what `runs:finished` carries as its output (nothing when the result is not a tool's).
 */
export async function trackWork<T>(
  ctx: HostContext,
  runId: string,
  failure: string,
  run: (signal: AbortSignal, onProgress: NonNullable<ExecuteOptions['onProgress']>) => Promise<T>,
  outputOf: (value: T) => ToolOutput | undefined = () => undefined,
): Promise<T> {
  return ctx.trackRun(runId, async (signal) => {
    const progress = new ProgressGate((p) => ctx.emit('runs:progress', { runId, ...p }));
    try {
      const value = await run(signal, (p) => progress.push(p));
      progress.flush();
      const output = outputOf(value);
      ctx.emit('runs:finished', { runId, ...(output ? { output } : {}) });
      return value;
    } catch (error) {
      const e = toSkillError(error, failure, 'ToolExecution');
      progress.flush();
      ctx.emit('runs:finished', { runId, error: e.toJSON() });
      throw e;
    }
  });
}

export function toolHandlers(ctx: HostContext): AreaHandlers<'tools'> {
  return {
    'tools:list': ({ skillId }) => ctx.workspace.executor.describeTools(skillId),
    'tools:run': ({ runId, skillId, tool, args, timeoutSecs }) =>
      trackRun(ctx, runId, `Tool "${tool}" failed`, (signal, onProgress) =>
        ctx.workspace.executor.executeTool(skillId, tool, args as JsonValue, {
          signal,
          ...(timeoutSecs ? { timeoutSecs } : {}),
          onProgress,
        }),
      ),
    'tools:cancel': ({ runId }) => ctx.cancelRun(runId),
  };
}
