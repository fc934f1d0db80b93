// The Servers view (issue 16): every configured MCP server (settings, each root's config; an untrusted root's
// servers shown and not started) with its status; the selected one's overview (version, capabilities,
// instructions, connect / restart / disconnect, ping, logging level, export), tools, resources, prompts and
// protocol log.
import { useCallback, useEffect, useState } from 'react';
import type { McpNotificationView, McpServerInfoView, McpServerView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { JsonValue, ListedEntry, RootInfo } from '../../../shared/types.js';
import { JsonTree } from '../runner/OutputView.js';
import { useTablistKeys } from '../ui/roving-focus.js';
import { ProtocolLog } from './ProtocolLog.js';
import { ServerPrompts } from './ServerPrompts.js';
import { ServerResources } from './ServerResources.js';
import { ServerTools } from './ServerTools.js';
import '../runner/runner.css';
import './servers.css';

type ServerTab = 'overview' | 'tools' | 'resources' | 'prompts' | 'log';
const SERVER_TABS: ReadonlyArray<readonly [ServerTab, string]> = [
  ['overview', 'Overview'],
  ['tools', 'Tools'],
  ['resources', 'Resources'],
  ['prompts', 'Prompts'],
  ['log', 'Protocol log'],
];
const SERVER_TAB_IDS = SERVER_TABS.map(([t]) => t);
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
/** Notifications kept in the view (the newest). */
const NOTIFICATIONS_KEPT = 500;

function CopyJson(props: { value: JsonValue; label: string }) {
  const text = `${JSON.stringify(props.value, null, 2)}\n`;
  const [copied, setCopied] = useState(false);
  return (
    <div className="export-block">
      <button
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : props.label}
      </button>
      <pre className="output-text" aria-label="mcpServers JSON">
        {text}
      </pre>
    </div>
  );
}

function Overview(props: {
  host: HostApi;
  server: McpServerView;
  info?: McpServerInfoView;
  onChanged(view?: McpServerView): void;
  onInfo(info?: McpServerInfoView): void;
}) {
  const { host, server, info } = props;
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string>();
  const [exported, setExported] = useState<JsonValue>();
  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setNote(undefined);
    await what();
    setBusy(false);
  };
  const connect = () =>
    act(async () => {
      const r = await host.invoke('mcp:info', { name: server.name });
      props.onInfo(r.ok ? r.value : undefined);
      if (!r.ok) setNote(r.error.message);
      props.onChanged();
    });
  const untrusted = server.state === 'untrusted';
  return (
    <div className="page server-overview">
      <div className="run-bar">
        <button className="primary" disabled={busy || untrusted} onClick={() => void connect()}>
          {server.state === 'connected' ? 'Refresh' : 'Connect'}
        </button>
        <button
          disabled={busy || untrusted}
          onClick={() =>
            void act(async () => {
              const r = await host.invoke('mcp:restart', { name: server.name });
              props.onChanged(r.ok ? r.value : undefined);
              const i = await host.invoke('mcp:info', { name: server.name });
              props.onInfo(i.ok ? i.value : undefined);
            })
          }
        >
          Restart
        </button>
        <button
          disabled={busy || untrusted || server.state !== 'connected'}
          onClick={() =>
            void act(async () => {
              const r = await host.invoke('mcp:disconnect', { name: server.name });
              props.onInfo(undefined);
              props.onChanged(r.ok ? r.value : undefined);
            })
          }
        >
          Disconnect
        </button>
        <button
          disabled={busy || untrusted}
          onClick={() =>
            void act(async () => {
              const r = await host.invoke('mcp:ping', { name: server.name });
              setNote(r.ok ? `Ping: ${r.value.ms.toFixed(1)} ms` : r.error.message);
              props.onChanged();
            })
          }
        >
          Ping
        </button>
        {info?.capabilities?.logging !== undefined ? (
          <label className="timeout">
            Log level
            <select
              defaultValue=""
              onChange={(e) =>
                void host
                  .invoke('mcp:set-logging-level', { name: server.name, level: e.target.value })
                  .then((r) => setNote(r.ok ? `Log level set to ${r.value.level}.` : r.error.message))
              }
            >
              <option value="" disabled>
                (server default)
              </option>
              {LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
        ) : null}
        <button
          onClick={() =>
            void host
              .invoke('mcp:export', { names: [server.name] })
              .then((r) => (r.ok ? setExported(r.value as JsonValue) : setNote(r.error.message)))
          }
        >
          Export entry
        </button>
      </div>
      {note ? <p role="status">{note}</p> : null}
      <dl className="server-facts">
        <dt>Status</dt>
        <dd>
          <span className={`badge state-${server.state}`}>{server.state}</span>
          {server.error ? <span className="sev-error small-text"> {server.error}</span> : null}
        </dd>
        <dt>Transport</dt>
        <dd>{server.transport}</dd>
        <dt>Defined in</dt>
        <dd>
          <code>{server.source}</code>
        </dd>
        <dt>Called by</dt>
        <dd>{server.callers}</dd>
        {info?.version ? (
          <>
            <dt>Server</dt>
            <dd>
              {info.version.title ?? info.version.name} <span className="muted">{info.version.version}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {info?.capabilities ? (
        <section aria-label="Capabilities">
          <h4>Capabilities</h4>
          <div className="json-tree">
            <JsonTree value={info.capabilities} />
          </div>
        </section>
      ) : null}
      {info?.instructions ? (
        <section aria-label="Instructions">
          <h4>Instructions</h4>
          <pre className="output-text">{info.instructions}</pre>
        </section>
      ) : null}
      {exported !== undefined ? <CopyJson value={exported} label="Copy entry" /> : null}
    </div>
  );
}

export function ServersView(props: {
  host: HostApi;
  entries: ListedEntry[];
  roots: RootInfo[];
  onOpenSkill(skillId: string): void;
}) {
  const { host } = props;
  const [servers, setServers] = useState<McpServerView[]>();
  const [problem, setProblem] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const [tab, setTab] = useState<ServerTab>('overview');
  const [infos, setInfos] = useState<Record<string, McpServerInfoView | undefined>>({});
  const [notifications, setNotifications] = useState<McpNotificationView[]>([]);
  const [exportAll, setExportAll] = useState<JsonValue>();
  /** Resources subscribed to, by server: a connection that ends takes its subscriptions with it. */
  const [subscriptions, setSubscriptions] = useState<Record<string, string[]>>({});

  const refresh = useCallback(async () => {
    const r = await host.invoke('mcp:list', {});
    if (!r.ok) return setProblem(r.error.message);
    setProblem(undefined);
    setServers(r.value);
    setSelected((s) => s ?? r.value[0]?.name);
  }, [host]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(
    () =>
      host.on('mcp:notification', (n) => setNotifications((list) => [...list, n].slice(-NOTIFICATIONS_KEPT))),
    [host],
  );

  useEffect(() => {
    setSubscriptions((m) => {
      const ended = Object.keys(m).filter((n) => servers?.find((s) => s.name === n)?.state !== 'connected');
      if (!ended.length) return m;
      const next = { ...m };
      for (const n of ended) delete next[n];
      return next;
    });
  }, [servers]);

  const server = servers?.find((s) => s.name === selected);
  const serverTabs = useTablistKeys(
    SERVER_TAB_IDS,
    tab,
    setTab,
    (t) => server?.state === 'untrusted' && t !== 'overview',
  );
  const info = selected ? infos[selected] : undefined;
  // Tools, resources and prompts connect the server: the overview learns what it said about itself.
  // Keyed by name and state (not the view object, which every refresh replaces): a failure is not retried in a loop.
  const name = server?.name;
  const state = server?.state;
  useEffect(() => {
    if (!name || state === 'untrusted' || tab === 'overview' || tab === 'log' || info) return;
    let live = true;
    void host.invoke('mcp:info', { name }).then((r) => {
      if (live && r.ok) setInfos((m) => ({ ...m, [name]: r.value }));
      if (live) void refresh();
    });
    return () => {
      live = false;
    };
  }, [host, name, state, tab, info, refresh]);

  return (
    <div className="servers-view workspace">
      <nav className="side-pane server-list" aria-label="MCP servers">
        <div className="view-head">
          <h2>Servers</h2>
          <span className="spacer" />
          <button className="small" onClick={() => void refresh()}>
            Refresh
          </button>
        </div>
        {problem ? <p className="problem">{problem}</p> : null}
        {servers && servers.length === 0 ? (
          <p className="muted">
            No MCP servers are configured. Add them in Settings (mcpServers), or in a root&apos;s{' '}
            <code>.skillbench/mcp.json</code>.
          </p>
        ) : null}
        <ul role="listbox" aria-label="Server">
          {(servers ?? []).map((s) => (
            <li
              key={s.name}
              role="option"
              tabIndex={0}
              aria-selected={s.name === selected}
              className={s.name === selected ? 'active' : ''}
              onClick={() => setSelected(s.name)}
              onKeyDown={(e) => e.key === 'Enter' && setSelected(s.name)}
            >
              <strong>{s.name}</strong> <span className={`badge state-${s.state}`}>{s.state}</span>
              <div className="muted small-text">
                {s.transport} · {s.source.split(/[\\/]/).slice(-3).join('/')}
              </div>
            </li>
          ))}
        </ul>
        {servers?.length ? (
          <button
            onClick={() =>
              void host.invoke('mcp:export', {}).then((r) => r.ok && setExportAll(r.value as JsonValue))
            }
          >
            Export all servers
          </button>
        ) : null}
        {exportAll !== undefined ? <CopyJson value={exportAll} label="Copy config" /> : null}
      </nav>
      {server ? (
        <div className="server-detail">
          <header className="skill-head">
            <h2>{server.name}</h2>
            <div className="tabs" aria-label="Server views" {...serverTabs.tablist}>
              {SERVER_TABS.map(([t, label]) => (
                <button
                  key={t}
                  disabled={server.state === 'untrusted' && t !== 'overview'}
                  onClick={() => setTab(t)}
                  {...serverTabs.tab(t)}
                >
                  {label}
                </button>
              ))}
            </div>
          </header>
          <div className="skill-body">
            {tab === 'overview' || server.state === 'untrusted' ? (
              <Overview
                host={host}
                server={server}
                info={info}
                onInfo={(i) => setInfos((m) => ({ ...m, [server.name]: i }))}
                onChanged={(v) => {
                  if (v) setServers((list) => list?.map((s) => (s.name === v.name ? v : s)));
                  void refresh();
                }}
              />
            ) : tab === 'tools' ? (
              <ServerTools
                key={server.name}
                host={host}
                server={server.name}
                entries={props.entries}
                roots={props.roots}
                onOpenSkill={(id) => props.onOpenSkill(id)}
              />
            ) : tab === 'resources' ? (
              <ServerResources
                key={server.name}
                host={host}
                server={server.name}
                completions={info?.capabilities?.completions !== undefined}
                notifications={notifications}
                subscribed={subscriptions[server.name] ?? []}
                onSubscribed={(uri, on) =>
                  setSubscriptions((m) => {
                    const kept = (m[server.name] ?? []).filter((u) => u !== uri);
                    return { ...m, [server.name]: on ? [...kept, uri] : kept };
                  })
                }
              />
            ) : tab === 'prompts' ? (
              <ServerPrompts
                key={server.name}
                host={host}
                server={server.name}
                completions={info?.capabilities?.completions !== undefined}
              />
            ) : (
              <ProtocolLog key={server.name} host={host} server={server.name} notifications={notifications} />
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
