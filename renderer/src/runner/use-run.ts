// Owns one tool call's lifecycle in the runner: idle → running (with the host's progress and a ticking clock) →
// a result (output or error) for the tool it was run with; cancel asks the host to stop the run.
import { useCallback, useEffect, useState } from 'react';
import type { EventOf, HostApi, IpcError, IpcResult } from '../../../shared/ipc.js';
import type { JsonValue, ToolOutput } from '../../../shared/types.js';
import { useCommand } from '../commands/use-commands.js';

interface RunningCall {
  runId: string;
  startedAt: number;
  progress?: { progress?: number; total?: number; message?: string };
}

export interface RunResult {
  tool: string;
  output?: ToolOutput;
  error?: IpcError;
}

const TICK_MS = 200;

/** How a run reaches the host: `tools:run` for a skill's tool; the Servers view calls a server's tool directly. */
export type StartRun = (request: {
  runId: string;
  tool: string;
  args: JsonValue;
  timeoutSecs?: number;
}) => Promise<IpcResult<ToolOutput>>;

/** The host's progress of one run, as a call keeps it. */
export type ProgressOf = (p: EventOf<'runs:progress'>) => RunningCall['progress'];
const asReported: ProgressOf = (p) => p;

/**
 * What every run of the app shares (tools, server tools, evals): the running call with the host's progress (as
 * `progressOf` keeps it: pass a function defined once, not per render), a ticking clock, and cancel
 * (`runs:cancel`). `begin` starts a run and answers its id; `end` marks it finished.
 */
export function useRunningCall(host: HostApi, progressOf: ProgressOf = asReported) {
  const [running, setRunning] = useState<RunningCall>();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(
    () =>
      host.on('runs:progress', (p) => {
        setRunning((r) => (r && r.runId === p.runId ? { ...r, progress: progressOf(p) } : r));
      }),
    [host, progressOf],
  );

  const begin = useCallback(() => {
    const runId = crypto.randomUUID();
    const startedAt = Date.now();
    setNow(startedAt);
    setRunning({ runId, startedAt });
    return runId;
  }, []);
  const end = useCallback(() => setRunning(undefined), []);

  const cancel = useCallback(() => {
    if (running) void host.invoke('runs:cancel', { runId: running.runId });
  }, [running, host]);

  const progress = running?.progress;
  return {
    running,
    begin,
    end,
    cancel,
    /** Seconds since the run started, to a tenth. */
    elapsed: running ? Math.max(0, Math.round((now - running.startedAt) / 100) / 10) : 0,
    /** Percent done, when the host reports a total. */
    percent: progress?.total ? Math.min(100, (100 * (progress.progress ?? 0)) / progress.total) : undefined,
  };
}

/**
 * The keys of a tool call, wherever a tool is called (the runner, the Servers view): Ctrl/Cmd+Enter runs (`run`
 * decides whether it may), Esc cancels the call while it runs.
 */
export function useRunKeys(run: () => void, call: { running: RunningCall | undefined; cancel: () => void }) {
  useCommand('run', run);
  useCommand('cancel-run', call.cancel, { enabled: !!call.running });
}

export function useRun(host: HostApi, skillId: string, startRun?: StartRun) {
  const { running, begin, end, ...call } = useRunningCall(host);
  const [result, setResult] = useState<RunResult>();

  /** Runs `tool` with `args` (one call at a time); `timeoutSecs` overrides the manifest's timeout. */
  const start = useCallback(
    async (tool: string, args: JsonValue, timeoutSecs?: number) => {
      if (running) return;
      const runId = begin();
      setResult(undefined);
      const request = { runId, tool, args, ...(timeoutSecs !== undefined ? { timeoutSecs } : {}) };
      const r = startRun ? await startRun(request) : await host.invoke('tools:run', { ...request, skillId });
      end();
      setResult(r.ok ? { tool, output: r.value } : { tool, error: r.error });
    },
    [running, begin, end, host, skillId, startRun],
  );

  return { running, result, start, ...call };
}
