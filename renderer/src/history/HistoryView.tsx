// Every recorded run, newest first: search, pin, replay into the runner, clear.
import { Fragment, useCallback, useEffect, useState } from 'react';
import type { HistoryEntryView, RunWireView, WireMessageView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import { formatDuration } from '../ui/format.js';
import { Modal } from '../ui/Modal.js';
import './history.css';

/** One JSON-RPC message as kept: pretty JSON, or the start of a message too long to keep whole. */
function WireMessage(props: { label: string; message: WireMessageView }) {
  const m = props.message;
  return (
    <>
      <div className="muted">
        {props.label} <span className="small-text">{new Date(m.at).toLocaleTimeString()}</span>
      </div>
      {'message' in m ? (
        <pre aria-label={props.label}>{JSON.stringify(m.message, null, 2)}</pre>
      ) : (
        <pre aria-label={props.label}>
          {m.cut}
          {`\n[cut: ${m.bytes} bytes in all]`}
        </pre>
      )}
    </>
  );
}

/** What an MCP run sent and received, as it went on the wire (issue 16): locked arguments included. */
function WireDetail(props: { wire: RunWireView }) {
  const { wire } = props;
  return (
    <section className="wire" aria-label="On the wire">
      <h4>
        On the wire <span className="muted small-text">MCP server {wire.server}</span>
      </h4>
      {wire.request ? <WireMessage label="Request sent" message={wire.request} /> : null}
      {wire.response ? (
        <WireMessage label="Response received" message={wire.response} />
      ) : (
        <p className="muted">No response was received.</p>
      )}
      {wire.cancelled ? <WireMessage label="Cancellation sent" message={wire.cancelled} /> : null}
    </section>
  );
}

export function HistoryView(props: { host: HostApi; onReplay(entry: HistoryEntryView): void }) {
  const { host } = props;
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<HistoryEntryView[]>();
  const [problem, setProblem] = useState<string>();
  const [open, setOpen] = useState<string>();
  const [confirmClear, setConfirmClear] = useState(false);

  const load = useCallback(async () => {
    const r = await host.invoke('history:list', {
      ...(query.trim() ? { query: query.trim() } : {}),
      limit: 500,
    });
    if (r.ok) {
      setEntries(r.value);
      setProblem(undefined);
    } else setProblem(r.error.message);
  }, [host, query]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 120);
    return () => clearTimeout(timer);
  }, [load]);
  useEffect(() => host.on('runs:finished', () => void load()), [host, load]);

  const pin = async (e: HistoryEntryView) => {
    await host.invoke('history:pin', { id: e.id, pinned: !e.pinned });
    await load();
  };
  const clear = async () => {
    await host.invoke('history:clear', { keepPinned: true });
    setConfirmClear(false);
    await load();
  };

  return (
    <section className="history page" aria-label="History">
      <header className="view-head">
        <h2>History</h2>
        <input
          type="search"
          aria-label="Search history"
          placeholder="Search tool, skill, arguments, output…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button onClick={() => setConfirmClear(true)} disabled={!entries?.length}>
          Clear…
        </button>
      </header>
      {problem ? (
        <p className="problem" role="alert">
          {problem}
        </p>
      ) : null}
      {!entries ? (
        <p className="empty">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="empty">
          {query ? 'No run matches.' : 'No runs yet. Run a tool from a skill’s Run tab.'}
        </p>
      ) : (
        <table className="history-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Skill</th>
              <th>Tool</th>
              <th>Status</th>
              <th>Time</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <Fragment key={e.id}>
                <tr className={open === e.id ? 'open' : ''}>
                  <td>
                    <button
                      className="link"
                      aria-expanded={open === e.id}
                      onClick={() => setOpen(open === e.id ? undefined : e.id)}
                    >
                      {new Date(e.at).toLocaleString()}
                    </button>
                  </td>
                  <td>{e.skillName}</td>
                  <td>
                    <code>{e.tool}</code>
                  </td>
                  <td className={e.status === 'ok' ? 'ok' : e.status === 'cancelled' ? 'muted' : 'sev-error'}>
                    {e.status}
                  </td>
                  <td>{formatDuration(e.durationMs)}</td>
                  <td className="row-actions">
                    <button
                      className="small"
                      aria-pressed={!!e.pinned}
                      aria-label={e.pinned ? 'Unpin' : 'Pin'}
                      onClick={() => void pin(e)}
                    >
                      {e.pinned ? '★' : '☆'}
                    </button>
                    <button className="small" onClick={() => props.onReplay(e)}>
                      Replay
                    </button>
                  </td>
                </tr>
                {open === e.id ? (
                  <tr className="details">
                    <td colSpan={6}>
                      <div className="muted">Arguments</div>
                      <pre>{JSON.stringify(e.args, null, 2)}</pre>
                      <div className="muted">Output</div>
                      <pre>{e.output}</pre>
                      {e.wire ? <WireDetail wire={e.wire} /> : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {confirmClear ? (
        <Modal
          title="Clear the history?"
          onCancel={() => setConfirmClear(false)}
          actions={
            <>
              <button className="danger" onClick={() => void clear()}>
                Clear unpinned runs
              </button>
              <button onClick={() => setConfirmClear(false)}>Cancel</button>
            </>
          }
        >
          <p>Every run that is not pinned is removed. Pinned runs stay.</p>
        </Modal>
      ) : null}
    </section>
  );
}
