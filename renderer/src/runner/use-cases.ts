// Owns a skill's saved cases in the runner: the list, running one or all of them with their results, saving a
// call as a new case.
import { useCallback, useEffect, useState } from 'react';
import type { CaseResultSummary, SavedCaseView } from '../../../shared/host-types.js';
import type { HostApi, IpcError } from '../../../shared/ipc.js';
import type { JsonValue } from '../../../shared/types.js';

export function useCases(host: HostApi, skillId: string) {
  const [cases, setCases] = useState<SavedCaseView[]>([]);
  const [results, setResults] = useState<CaseResultSummary[]>();
  const [running, setRunning] = useState(false);

  const reload = useCallback(() => {
    void host.invoke('cases:list', { skillId }).then((r) => setCases(r.ok ? r.value : []));
  }, [host, skillId]);
  useEffect(reload, [reload]);

  /** Runs the named cases, or all of them. */
  const run = async (names?: string[]) => {
    setRunning(true);
    const r = await host.invoke('cases:run', { skillId, ...(names ? { names } : {}) });
    setRunning(false);
    setResults(
      r.ok
        ? r.value
        : [{ name: '(all)', tool: '', passed: false, failures: [r.error.message], durationMs: 0 }],
    );
  };

  /** Saves a call as `tests/<name>.case.json`; the error when the host refuses. */
  const save = async (
    name: string,
    call: { tool: string; args: JsonValue; expect: Record<string, JsonValue> },
  ): Promise<IpcError | undefined> => {
    const r = await host.invoke('cases:save', { skillId, name, case: call });
    if (!r.ok) return r.error;
    reload();
    return undefined;
  };

  return { cases, results, running, run, save };
}
