// Owns one eval run's lifecycle in the Evals tab: idle → running (the host's progress, a ticking clock) → a value or
// an error; cancel asks the host to stop it (`tools:cancel`, as tools' runs). One run at a time per hook.
import { useCallback, useEffect, useState } from 'react';
import type { HostApi, IpcError, IpcResult } from '../../../shared/ipc.js';
import type { RunningCall } from '../runner/use-run.js';

const TICK_MS = 200;

export function useEvalRun<T>(host: HostApi) {
  const [running, setRunning] = useState<RunningCall>();
  const [error, setError] = useState<IpcError>();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(
    () =>
      host.on('runs:progress', (p) =>
        setRunning((r) =>
          r && r.runId === p.runId
            ? {
                ...r,
                // The host batches progress lines: show the latest.
                progress: { ...p, ...(p.message ? { message: p.message.trimEnd().split('\n').at(-1) } : {}) },
              }
            : r,
        ),
      ),
    [host],
  );

  /** Starts `run` with a fresh run id; resolves with the value, or undefined when it failed (see `error`). */
  const start = useCallback(
    async (run: (runId: string) => Promise<IpcResult<T>>): Promise<T | undefined> => {
      if (running) return undefined;
      const runId = crypto.randomUUID();
      const startedAt = Date.now();
      setNow(startedAt);
      setRunning({ runId, startedAt });
      setError(undefined);
      const r = await run(runId);
      setRunning(undefined);
      if (!r.ok) setError(r.error);
      return r.ok ? r.value : undefined;
    },
    [running],
  );

  const cancel = useCallback(() => {
    if (running) void host.invoke('tools:cancel', { runId: running.runId });
  }, [running, host]);

  const progress = running?.progress;
  return {
    running,
    error,
    start,
    cancel,
    elapsed: running ? Math.max(0, Math.round((now - running.startedAt) / 100) / 10) : 0,
    percent: progress?.total ? Math.min(100, (100 * (progress.progress ?? 0)) / progress.total) : undefined,
  };
}
