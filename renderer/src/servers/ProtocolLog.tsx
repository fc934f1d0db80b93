// A server's protocol log (every JSON-RPC message both ways, with its time and the answer's delay), filterable and
// exportable as JSON; its stderr; the notifications it sent.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { McpNotificationView, McpProtocolEntryView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import { formatBytes } from '../../../shared/units.js';
import { JsonTree } from '../runner/OutputView.js';
import { entryLabel, filterLog, logExport, responseTimes, textOf, type LogFilter } from './servers-model.js';

export function ProtocolLog(props: { host: HostApi; server: string; notifications: McpNotificationView[] }) {
  const { host, server } = props;
  const [entries, setEntries] = useState<McpProtocolEntryView[]>([]);
  const [stderr, setStderr] = useState('');
  const [filter, setFilter] = useState<LogFilter>({ text: '', direction: 'both' });
  const [problem, setProblem] = useState<string>();

  const refresh = useCallback(async () => {
    const r = await host.invoke('mcp:protocol-log', { name: server });
    if (!r.ok) return setProblem(r.error.message);
    setProblem(undefined);
    setEntries(r.value.entries);
    setStderr(r.value.stderr);
  }, [host, server]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const times = useMemo(() => responseTimes(entries), [entries]);
  const shown = useMemo(() => filterLog(entries, filter), [entries, filter]);
  // Each entry's place in the whole log (its key and its timing), found once, not per entry on every keystroke.
  const indexOf = useMemo(() => new Map(entries.map((e, i) => [e, i])), [entries]);
  // The export is made when asked for, not on every keystroke in the filter.
  const exportShown = () => {
    const url = URL.createObjectURL(new Blob([logExport(server, shown)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${server}-protocol-log.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const logs = props.notifications.filter((n) => n.server === server && n.method === 'notifications/message');

  return (
    <div className="protocol-log">
      <div className="view-head">
        <input
          type="search"
          placeholder="Filter messages (method, id, text)…"
          aria-label="Filter messages"
          value={filter.text}
          onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
        />
        <select
          aria-label="Direction"
          value={filter.direction}
          onChange={(e) => setFilter((f) => ({ ...f, direction: e.target.value as LogFilter['direction'] }))}
        >
          <option value="both">Both ways</option>
          <option value="out">Sent</option>
          <option value="in">Received</option>
        </select>
        <button onClick={() => void refresh()}>Refresh</button>
        <button onClick={exportShown}>Export JSON</button>
        <span className="muted small-text">
          {shown.length} of {entries.length} messages
        </span>
      </div>
      {problem ? <p className="problem">{problem}</p> : null}
      <ol className="log-entries" aria-label="Protocol log">
        {shown.map((e) => {
          const index = indexOf.get(e)!;
          const ms = times.get(index);
          return (
            <li key={index} className={`log-entry ${e.direction}`}>
              <LogMessage entry={e}>
                <span className="muted">{new Date(e.at).toLocaleTimeString()}</span>{' '}
                <span className="dir">{e.direction === 'out' ? '→' : '←'}</span> <code>{entryLabel(e)}</code>
                {e.message.id !== undefined ? <span className="muted"> #{textOf(e.message.id)}</span> : null}
                {ms !== undefined ? <span className="muted"> · {ms} ms</span> : null}
                {e.bytes !== undefined ? <span className="muted"> · {formatBytes(e.bytes)}, cut</span> : null}
              </LogMessage>
            </li>
          );
        })}
      </ol>
      {logs.length ? (
        <details open>
          <summary>Log messages from the server ({logs.length})</summary>
          <pre className="output-text">
            {logs
              .map((n) => {
                const p = (n.params ?? {}) as { level?: string; data?: unknown };
                return `${n.at} ${p.level ?? ''} ${typeof p.data === 'string' ? p.data : JSON.stringify(p.data)}`;
              })
              .join('\n')}
          </pre>
        </details>
      ) : null}
      <details open={!!stderr}>
        <summary>Standard error</summary>
        <pre className="output-text">{stderr || '(nothing)'}</pre>
      </details>
    </div>
  );
}

/**
 * One message of the log: its line, and its JSON tree only once opened (a log of 2,000 messages would otherwise
 * build 2,000 trees). A message kept cut shows what is kept of it.
 */
function LogMessage(props: { entry: McpProtocolEntryView; children: ReactNode }) {
  const { entry } = props;
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{props.children}</summary>
      {open ? (
        <div className="json-tree">
          <JsonTree value={entry.message} />
          {entry.cut !== undefined ? (
            <>
              <p className="muted small-text">
                {entry.bytes !== undefined
                  ? `The message is ${formatBytes(entry.bytes)}; the log keeps its first ${entry.cut.length.toLocaleString()} characters:`
                  : null}
              </p>
              <pre className="output-text">{entry.cut}</pre>
            </>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
