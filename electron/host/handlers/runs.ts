// `runs:*`: long work of any area (a tool, an MCP call, an eval) followed one way: progress as `runs:progress`,
// its end as `runs:finished`, stopped by `runs:cancel`.
import type { ExecuteOptions } from '../../../shared/types.js';
import type { HostContext } from '../context.js';
import { ProgressGate } from '../progress-gate.js';
import { toSkillError, type AreaHandlers } from '../server.js';

/**
 * Runs `run` as a tracked run; a failure is a SkillError (`failure` says what failed) and the call's answer.
 */
export async function trackWork<T>(
  ctx: HostContext,
  runId: string,
  failure: string,
  run: (signal: AbortSignal, onProgress: NonNullable<ExecuteOptions['onProgress']>) => Promise<T>,
): Promise<T> {
  return ctx.trackRun(runId, async (signal) => {
    const progress = new ProgressGate((p) => ctx.emit('runs:progress', { runId, ...p }));
    try {
      return await run(signal, (p) => progress.push(p));
    } catch (error) {
      throw toSkillError(error, failure, 'ToolExecution');
    } finally {
      progress.flush();
      ctx.emit('runs:finished', { runId });
    }
  });
}

export function runHandlers(ctx: HostContext): AreaHandlers<'runs'> {
  return { 'runs:cancel': ({ runId }) => ctx.cancelRun(runId) };
}
