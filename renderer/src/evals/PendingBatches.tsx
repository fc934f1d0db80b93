// The batches sent from the Evals tab and not yet collected, this skill's and the library's: each one's progress at
// the last poll and a Cancel, or one that failed for good with its reason and a Remove. Listing them is what picks
// up batches saved before the app was restarted.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BatchView } from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';

function what(b: BatchView): string {
  return b.kind === 'collisions' ? 'library collisions' : `trigger eval of ${b.skills.join(', ')}`;
}

export function PendingBatches(props: {
  host: HostApi;
  /** The run the tab started itself: shown by its own progress, not here. */
  ownRunId: string | undefined;
  /** A listed batch was collected: its results are written. */
  onCollected: () => void;
}) {
  const { host, onCollected } = props;
  const [batches, setShown] = useState<BatchView[]>([]);
  /** The runs listed, for the events (which arrive outside React's state). */
  const listed = useRef(new Set<string>());
  const setBatches = useCallback((all: BatchView[]) => {
    listed.current = new Set(all.map((b) => b.runId));
    setShown(all);
  }, []);
  const [problem, setProblem] = useState<string>();
  const list = useCallback(
    () =>
      void host.invoke('evals:list-batches', {}).then((r) => {
        if (r.ok) setBatches(r.value);
      }),
    [host, setBatches],
  );
  useEffect(list, [list]);
  useEffect(() => {
    const off = [
      host.on('runs:progress', (p) => {
        // A batch's progress names it; a run not listed yet has just sent its batch.
        if (p.message?.includes('batch ')) list();
      }),
      host.on('runs:finished', (p) => {
        if (!listed.current.has(p.runId)) return;
        onCollected();
        list();
      }),
    ];
    return () => off.forEach((f) => f());
  }, [host, list, onCollected]);

  const cancel = async (b: BatchView) => {
    const r = await host.invoke('evals:cancel-batch', { runId: b.runId });
    setProblem(r.ok ? undefined : r.error.message);
    if (r.ok) setBatches(r.value);
  };

  const remove = async (b: BatchView) => {
    const r = await host.invoke('evals:remove-batch', { batchId: b.batchId });
    setProblem(r.ok ? undefined : r.error.message);
    if (r.ok) setBatches(r.value);
  };

  const shown = batches.filter((b) => b.runId !== props.ownRunId);
  if (shown.length === 0 && !problem) return null;
  return (
    <section aria-label="Batches in progress" className="pending-batches">
      <h3>Batches in progress</h3>
      <ul>
        {shown.map((b) => (
          <li key={b.batchId}>
            <span>
              {what(b)} on {b.provider} ({b.model}): {b.done} of {b.requests} requests done, {b.state}{' '}
              <span className="muted small-text">
                (batch {b.batchId}, sent {new Date(b.createdAt).toLocaleString()})
              </span>
            </span>{' '}
            {b.error ? (
              <span className={b.state === 'failed' ? 'sev-error' : 'muted'}>{b.error} </span>
            ) : null}
            {b.state === 'failed' ? (
              <button onClick={() => void remove(b)}>Remove</button>
            ) : (
              <button onClick={() => void cancel(b)} disabled={b.state === 'canceling'}>
                Cancel batch
              </button>
            )}
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="sev-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
