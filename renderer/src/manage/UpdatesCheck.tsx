// "Check for updates" for every skill installed from a source (issue 17), under the library's count: asks each locked
// source once (git sources are cloned), then the rows show "Update available"; says how many have one, or what failed.
// It runs only when asked (it reaches the network).
import { useRef, useState } from 'react';
import type { ManageSnapshot, ManageStore } from './manage-store.js';

export function UpdatesCheck(props: { manage: ManageSnapshot; store: ManageStore }) {
  const { manage, store } = props;
  const locked = manage.installed.filter((i) => i.source).length;
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string>();
  const runId = useRef('');
  const check = async () => {
    setBusy(true);
    setSaid(undefined);
    runId.current = `updates-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
    const problem = await store.checkUpdates(undefined, runId.current);
    setBusy(false);
    const available = [...store.snapshot().updates.values()].filter((u) => u.status === 'update-available');
    const failed = [...store.snapshot().updates.values()].filter(
      (u) => u.status === 'error' || u.status === 'missing',
    );
    setSaid(
      problem === 'Cancelled.'
        ? 'Cancelled.'
        : problem
          ? `Could not check: ${problem}`
          : `${available.length ? `${available.length} update${available.length === 1 ? '' : 's'} available` : 'All up to date'}${failed.length ? `; ${failed.length} could not be checked (${failed.map((u) => u.name).join(', ')})` : ''}.`,
    );
  };
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
