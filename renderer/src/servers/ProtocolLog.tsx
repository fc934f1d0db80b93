// A server's protocol log (every JSON-RPC message both ways, with its time and the answer's delay), filterable and
// exportable as JSON; its stderr; the notifications it sent.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { McpNotificationView, McpProtocolEntryView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
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
  const exportUrl = useMemo(
    () => URL.createObjectURL(new Blob([logExport(server, shown)], { type: 'application/json' })),
    [server, shown],
  );
  useEffect(() => () => URL.revokeObjectURL(exportUrl), [exportUrl]);
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
        <a className="button" href={exportUrl} download={`${server}-protocol-log.json`}>
          Export JSON
        </a>
        <span className="muted small-text">
          {shown.length} of {entries.length} messages
        </span>
      </div>
      {problem ? <p className="problem">{problem}</p> : null}
      <ol className="log-entries" aria-label="Protocol log">
        {shown.map((e) => {
          const index = entries.indexOf(e);
          const ms = times.get(index);
          return (
            <li key={index} className={`log-entry ${e.direction}`}>
              <details>
                <summary>
                  <span className="muted">{new Date(e.at).toLocaleTimeString()}</span>{' '}
                  <span className="dir">{e.direction === 'out' ? '→' : '←'}</span>{' '}
                  <code>{entryLabel(e)}</code>
                  {e.message.id !== undefined ? (
                    <span className="muted"> #{textOf(e.message.id)}</span>
                  ) : null}
                  {ms !== undefined ? <span className="muted"> · {ms} ms</span> : null}
                </summary>
                <div className="json-tree">
                  <JsonTree value={e.message} />
                </div>
              </details>
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
