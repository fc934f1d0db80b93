// Owns one eval run's lifecycle in the Evals tab: idle → running (the host's progress, a ticking clock) → a value or
// an error; cancel asks the host to stop it (`runs:cancel`, as tools' runs). One run at a time per hook.
import { useCallback, useState } from 'react';
import type { HostApi, IpcError, IpcResult } from '../../../shared/ipc.js';
import { useRunningCall, type ProgressOf } from '../runner/use-run.js';

/** The host batches progress lines: an eval run shows the latest. */
const latestLine: ProgressOf = (p) => ({
  ...p,
  ...(p.message ? { message: p.message.trimEnd().split('\n').at(-1) } : {}),
});

export function useEvalRun<T>(host: HostApi) {
  const { running, begin, end, ...call } = useRunningCall(host, latestLine);
  const [error, setError] = useState<IpcError>();

  /** Starts `run` with a fresh run id; resolves with the value, or undefined when it failed (see `error`). */
  const start = useCallback(
    async (run: (runId: string) => Promise<IpcResult<T>>): Promise<T | undefined> => {
      if (running) return undefined;
      const runId = begin();
      setError(undefined);
      const r = await run(runId);
      end();
      if (!r.ok) setError(r.error);
      return r.ok ? r.value : undefined;
    },
    [running, begin, end],
  );

  return { running, error, start, ...call };
}
