// Settings: roots, precedence, validation profile, model providers, MCP servers (checked by the host before saving), history
// limits, theme. Each change is saved at once; the host says what is wrong when it refuses one.
import { useCallback, useEffect, useState } from 'react';
import type { McpServerView, Settings } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { RootInfo } from '../../../shared/types.js';
import { VALIDATION_PROFILES } from '../../../shared/types.js';
import { hasFolderDialog } from '../host/index.js';
import { ProvidersSettings } from './ProvidersSettings.js';
import { McpServerForm } from './McpServerForm.js';
import { serversInJson, withServer, type ServerForm } from './mcp-server-form.js';
import './settings.css';

export function SettingsView(props: { host: HostApi; settings: Settings; onSaved(s: Settings): void }) {
  const { host, settings } = props;
  const [roots, setRoots] = useState<RootInfo[]>([]);
  const [newRoot, setNewRoot] = useState('');
  /** The host's word on the typed folder: checked as the author types, since a browser page cannot browse. */
  const [rootCheck, setRootCheck] = useState<{ path: string; problem?: string }>();
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [mcpText, setMcpText] = useState(JSON.stringify({ mcpServers: settings.mcpServers }, null, 2));
  const [mcpError, setMcpError] = useState<string>();
  const [servers, setServers] = useState<McpServerView[]>([]);
  const [limits, setLimits] = useState({ ...settings.history });
  const [excluded, setExcluded] = useState(settings.excludedTools.join(', '));

  const loadRoots = useCallback(
    () => void host.invoke('roots:list', {}).then((r) => r.ok && setRoots(r.value)),
    [host],
  );
  const loadServers = useCallback(
    () => void host.invoke('mcp:list', {}).then((r) => r.ok && setServers(r.value)),
    [host],
  );
  useEffect(() => {
    loadRoots();
    loadServers();
  }, [loadRoots, loadServers]);
  useEffect(() => {
    setRootCheck(undefined);
    if (!newRoot.trim()) return;
    const timer = setTimeout(
      () =>
        void host
          .invoke('app:check-folder', { path: newRoot })
          .then((r) => setRootCheck(r.ok ? r.value : { path: newRoot, problem: r.error.message })),
      250,
    );
    return () => clearTimeout(timer);
  }, [host, newRoot]);

  const save = async (patch: Partial<Settings>) => {
    const r = await host.invoke('settings:set', { settings: patch });
    if (!r.ok) {
      setProblem(r.error.message);
      return false;
    }
    setProblem(undefined);
    setSaved('Saved.');
    props.onSaved(r.value);
    loadRoots();
    loadServers();
    return true;
  };

  const addRoot = async (path: string) => {
    if (!path.trim()) return;
    const r = await host.invoke('roots:add', { path: path.trim() });
    if (!r.ok) return setProblem(r.error.message);
    setRoots(r.value);
    setNewRoot('');
    setProblem(undefined);
  };
  const pick = async () => {
    const r = await host.invoke('app:pick-folder', { title: 'Add a skill root' });
    if (!r.ok) return setProblem(r.error.message);
    if (r.value.path) await addRoot(r.value.path);
  };
  const setTrust = async (id: string, trusted: boolean) => {
    const r = await host.invoke('roots:trust', { id, trusted });
    if (!r.ok) return setProblem(r.error.message);
    setRoots(r.value);
    loadServers();
  };
  const removeRoot = async (id: string) => {
    const r = await host.invoke('roots:remove', { id });
    if (!r.ok) return setProblem(r.error.message);
    setRoots(r.value);
  };

  /** Saves `text` as the app's MCP servers (the host checks it with core's reader); the refusal, if any. */
  const saveMcpText = async (text: string): Promise<string | undefined> => {
    const read = serversInJson(text);
    if ('problem' in read) return read.problem;
    const r = await host.invoke('settings:set', { settings: { mcpServers: read.servers } });
    if (!r.ok) return r.error.message;
    setSaved('MCP servers saved.');
    props.onSaved(r.value);
    loadServers();
    return undefined;
  };
  const saveMcp = async () => setMcpError(await saveMcpText(mcpText));
  /** The form's server joins the JSON beside it; when the host refuses, the JSON is as it was and the form keeps its fields. */
  const addServer = async (form: ServerForm) => {
    const read = serversInJson(mcpText);
    if ('problem' in read) return read.problem;
    const text = withServer(read.servers, form);
    const problem = await saveMcpText(text);
    if (!problem) {
      setMcpText(text);
      setMcpError(undefined);
    }
    return problem;
  };
  const inJson = serversInJson(mcpText);

  return (
    <section className="settings page" aria-label="Settings">
      <header className="view-head">
        <h2>Settings</h2>
        <span className="muted" role="status">
          {saved}
        </span>
      </header>
      {problem ? (
        <p className="problem" role="alert">
          {problem}
        </p>
      ) : null}

      <fieldset>
        <legend>Roots</legend>
        <ul className="roots">
          {roots.map((r) => (
            <li key={r.id}>
              <span className="badge">{r.kind}</span> <code>{r.path}</code>{' '}
              <span className={r.trusted ? 'ok' : 'sev-warning'}>{r.trusted ? 'trusted' : 'restricted'}</span>
              {r.kind !== 'bundled' ? (
                <button
                  className="small"
                  onClick={() => void setTrust(r.id, !r.trusted)}
                  aria-label={`${r.trusted ? 'Stop trusting' : 'Trust'} root ${r.path}`}
                >
                  {r.trusted ? 'Stop trusting' : 'Trust'}
                </button>
              ) : null}
              {r.kind === 'user' ? (
                <button
                  className="small"
                  onClick={() => void removeRoot(r.id)}
                  aria-label={`Remove root ${r.path}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="inline-form">
          <input
            aria-label="Folder to add as a root"
            aria-describedby="root-check"
            aria-invalid={!!rootCheck?.problem}
            placeholder="/path/to/skills"
            value={newRoot}
            onChange={(e) => setNewRoot(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void addRoot(newRoot)}
          />
          <button onClick={() => void addRoot(newRoot)} disabled={!!rootCheck?.problem}>
            Add root
          </button>
          {hasFolderDialog() ? <button onClick={() => void pick()}>Choose folder…</button> : null}
        </div>
        <p id="root-check" className={rootCheck?.problem ? 'problem' : 'muted'} role="status">
          {rootCheck?.problem ??
            (rootCheck
              ? `${rootCheck.path} is a folder.`
              : hasFolderDialog()
                ? ''
                : 'Type the full path of a folder on the machine running Skillbench (a browser page cannot open a folder dialog).')}
        </p>
      </fieldset>

      <fieldset>
        <legend>Library</legend>
        <label className="form-row">
          Precedence when two roots have a skill with the same name
          <select
            value={settings.precedence}
            onChange={(e) => void save({ precedence: e.target.value as Settings['precedence'] })}
          >
            <option value="project">Project roots win</option>
            <option value="user">User roots win</option>
          </select>
        </label>
        <label className="form-row">
          Validation profile
          <select
            value={settings.profile}
            onChange={(e) => void save({ profile: e.target.value as Settings['profile'] })}
          >
            {VALIDATION_PROFILES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </fieldset>

      <fieldset>
        <legend>Appearance</legend>
        <label className="form-row">
          Theme
          <select
            value={settings.theme}
            onChange={(e) => void save({ theme: e.target.value as Settings['theme'] })}
          >
            <option value="system">Follow the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </fieldset>

      <fieldset>
        <legend>Updates</legend>
        <label className="form-row">
          <input
            type="checkbox"
            checked={settings.checkForUpdates}
            onChange={(e) => void save({ checkForUpdates: e.target.checked })}
          />{' '}
          Check for new versions automatically (desktop app; Help → Check for Updates… works either way)
        </label>
      </fieldset>

      <fieldset>
        <legend>History</legend>
        <div className="inline-form">
          <label>
            Keep at most
            <input
              inputMode="numeric"
              size={7}
              value={limits.maxEntries}
              onChange={(e) => setLimits({ ...limits, maxEntries: Number(e.target.value) || 0 })}
            />{' '}
            runs
          </label>
          <label>
            and
            <input
              inputMode="numeric"
              size={7}
              value={Math.round(limits.maxBytes / 1024)}
              onChange={(e) => setLimits({ ...limits, maxBytes: (Number(e.target.value) || 0) * 1024 })}
            />{' '}
            KiB
          </label>
          <button onClick={() => void save({ history: limits })}>Save limits</button>
        </div>
      </fieldset>

      <fieldset>
        <legend>Tool policy</legend>
        <p className="muted">
          Tools that may not run, by kind (<code>shell</code>, <code>script</code>, <code>http</code>, …) or
          by name (<code>greet</code> or <code>greeting-shell__greet</code>). They stay listed, marked with
          the reason.
        </p>
        <div className="inline-form">
          <input
            aria-label="Excluded tools"
            placeholder="shell, script"
            value={excluded}
            onChange={(e) => setExcluded(e.target.value)}
          />
          <button
            onClick={() =>
              void save({
                excludedTools: excluded
                  .split(/[\s,]+/)
                  .map((t) => t.trim())
                  .filter(Boolean),
              })
            }
          >
            Save policy
          </button>
        </div>
      </fieldset>

      <ProvidersSettings host={host} />

      <fieldset>
        <legend>MCP servers</legend>
        <p className="muted">
          Servers here are added to those in each root’s <code>.skillbench/mcp.json</code>. Add one with the
          form, or edit the JSON beside it.
        </p>
        <div className="mcp-settings">
          <McpServerForm
            existing={'problem' in inJson ? inJson : Object.keys(inJson.servers)}
            onAdd={addServer}
          />
          <div className="mcp-json">
            <textarea
              className="json-field"
              aria-label="MCP servers JSON"
              rows={16}
              spellCheck={false}
              value={mcpText}
              onChange={(e) => {
                setMcpText(e.target.value);
                setMcpError(undefined);
              }}
            />
            {mcpError ? (
              <p className="sev-error" role="alert">
                {mcpError}
              </p>
            ) : null}
            <button onClick={() => void saveMcp()}>Save MCP servers</button>
          </div>
        </div>
        <ul className="servers">
          {servers.map((s) => (
            <li key={s.name}>
              <code>{s.name}</code> <span className="badge">{s.transport}</span>{' '}
              <span
                className={
                  s.state === 'failed'
                    ? 'sev-error'
                    : s.state === 'connected'
                      ? 'ok'
                      : s.state === 'untrusted'
                        ? 'sev-warning'
                        : 'muted'
                }
              >
                {s.state}
              </span>{' '}
              <span className="muted">
                {s.source}; called by {s.callers}
              </span>
              {s.error ? <div className="sev-error small-text">{s.error}</div> : null}
              <button
                className="small"
                onClick={() => void host.invoke('mcp:restart', { name: s.name }).then(loadServers)}
              >
                Restart
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
