// "Check for updates" for every skill installed from a source (issue 17), under the library's count: asks each locked
// source once (git sources are cloned), then the rows show "Update available"; says how many have one, or what failed.
// It runs only when asked (it reaches the network).
import { useRef, useState } from 'react';
import { updateSummary } from './manage-model.js';
import type { ManageSnapshot, ManageStore } from './manage-store.js';

export function UpdatesCheck(props: { manage: ManageSnapshot; store: ManageStore }) {
  const { manage, store } = props;
  const locked = manage.installed.filter((i) => i.source).length;
  const [busy, setBusy] = useState(false);
  // After a check: undefined while none ran; '' when it answered (the count is then read from the store, so an
  // update applied or a skill removed since is counted out); else what stopped it.
  const [outcome, setOutcome] = useState<string>();
  const runId = useRef('');
  const check = async () => {
    setBusy(true);
    setOutcome(undefined);
    runId.current = `updates-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
    const problem = await store.checkUpdates(undefined, runId.current);
    setBusy(false);
    setOutcome(problem === 'Cancelled.' ? problem : problem ? `Could not check: ${problem}` : '');
  };
  const said = outcome === '' ? updateSummary(manage.installed, manage.updates) : outcome;
  if (locked === 0) return null;
  return (
    <div className="updates-check">
      <button className="link" disabled={busy} onClick={() => void check()}>
        {busy ? 'Checking for updates…' : 'Check for updates'}
      </button>
      {busy ? (
        <button className="link" onClick={() => store.cancel(runId.current)}>
          Cancel
        </button>
      ) : null}
      {said ? (
        <span className="muted" role="status">
          {' '}
          {said}
        </span>
      ) : null}
    </div>
  );
}
