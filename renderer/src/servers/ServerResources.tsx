// A server's resources and resource templates: read one (text shown, binary sized), fill a template's variables
// (with the server's completions) to read what it names, subscribe and see the server's updates.
import { useEffect, useId, useState } from 'react';
import type { McpNotificationView, McpResourceContentsView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import { expandTemplate, templateVariables } from './servers-model.js';
import { usePagedList } from './use-paged-list.js';
import { base64Bytes } from '../../../shared/units.js';

/** An input that asks the server for completions of an argument as the user types (a datalist). */
export function CompletingInput(props: {
  host: HostApi;
  server: string;
  refValue: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: string;
  value: string;
  context: Record<string, string>;
  enabled: boolean;
  onChange(value: string): void;
  label: string;
}) {
  const listId = useId();
  const [options, setOptions] = useState<string[]>([]);
  const { host, server, refValue, argument, value, enabled } = props;
  const refKey = JSON.stringify(refValue);
  const contextKey = JSON.stringify(props.context);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void host
      .invoke('mcp:complete', {
        name: server,
        ref: JSON.parse(refKey) as typeof refValue,
        argument: { name: argument, value },
        context: JSON.parse(contextKey) as Record<string, string>,
      })
      .then((r) => {
        if (live) setOptions(r.ok ? r.value.values : []);
      });
    return () => {
      live = false;
    };
  }, [host, server, refKey, argument, value, contextKey, enabled]);
  return (
    <>
      <input
        aria-label={props.label}
        list={listId}
        value={value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      {options.length ? (
        <span className="muted small-text">suggested: {options.slice(0, 5).join(', ')}</span>
      ) : null}
    </>
  );
}

function Contents(props: { contents: McpResourceContentsView }) {
  return (
    <section className="output" aria-label="Resource contents">
      {props.contents.contents.map((c, i) => (
        <div key={i} className="output-resource">
          <div>
            <code>{c.uri}</code> {c.mimeType ? <span className="muted">{c.mimeType}</span> : null}
          </div>
          {c.text !== undefined ? <pre className="output-text">{c.text}</pre> : null}
          {c.blob !== undefined ? (
            c.mimeType?.startsWith('image/') ? (
              <img className="output-image" alt={c.uri} src={`data:${c.mimeType};base64,${c.blob}`} />
            ) : (
              <span className="muted">{base64Bytes(c.blob)} bytes of binary data</span>
            )
          ) : null}
        </div>
      ))}
    </section>
  );
}

export function ServerResources(props: {
  host: HostApi;
  server: string;
  completions: boolean;
  notifications: McpNotificationView[];
  /** The server's resources subscribed to, kept by the Servers view so they outlive this tab. */
  subscribed: readonly string[];
  onSubscribed(uri: string, subscribed: boolean): void;
}) {
  const { host, server } = props;
  const resources = usePagedList(host, 'mcp:list-resources', server);
  const templates = usePagedList(host, 'mcp:list-templates', server);
  const [uri, setUri] = useState<string>();
  const [template, setTemplate] = useState<string>();
  const [vars, setVars] = useState<Record<string, string>>({});
  const [contents, setContents] = useState<McpResourceContentsView>();
  const [problem, setProblem] = useState<string>();
  const subscribed = new Set(props.subscribed);

  const read = async (target: string) => {
    setUri(target);
    setContents(undefined);
    const r = await host.invoke('mcp:read-resource', { name: server, uri: target });
    if (r.ok) {
      setContents(r.value);
      setProblem(undefined);
    } else setProblem(r.error.message);
  };
  const toggleSubscription = async (target: string) => {
    const on = !subscribed.has(target);
    const r = await host.invoke('mcp:subscribe', { name: server, uri: target, subscribed: on });
    if (!r.ok) return setProblem(r.error.message);
    props.onSubscribed(target, on);
  };
  const updates = props.notifications.filter(
    (n) => n.server === server && n.method === 'notifications/resources/updated',
  );
  const variables = template ? templateVariables(template) : [];

  return (
    <div className="server-split">
      <nav className="side-pane" aria-label="Resources">
        <h3>Resources</h3>
        {resources.error ? <p className="problem">{resources.error}</p> : null}
        <ul role="listbox" aria-label="Resource">
          {resources.items.map((r) => (
            <li
              key={r.uri}
              role="option"
              tabIndex={0}
              aria-selected={r.uri === uri && !template}
              className={r.uri === uri && !template ? 'active' : ''}
              onClick={() => {
                setTemplate(undefined);
                void read(r.uri);
              }}
              onKeyDown={(e) => e.key === 'Enter' && void read(r.uri)}
            >
              {r.title ?? r.name}
              <div className="muted small-text">{r.uri}</div>
            </li>
          ))}
        </ul>
        {resources.nextCursor ? (
          <button onClick={resources.more} disabled={resources.loading}>
            Load more resources
          </button>
        ) : null}
        <h3>Templates</h3>
        {templates.error ? <p className="problem">{templates.error}</p> : null}
        <ul role="listbox" aria-label="Resource template">
          {templates.items.map((t) => (
            <li
              key={t.uriTemplate}
              role="option"
              tabIndex={0}
              aria-selected={t.uriTemplate === template}
              className={t.uriTemplate === template ? 'active' : ''}
              onClick={() => {
                setTemplate(t.uriTemplate);
                setVars({});
                setContents(undefined);
              }}
            >
              {t.title ?? t.name}
              <div className="muted small-text">{t.uriTemplate}</div>
            </li>
          ))}
        </ul>
        {templates.nextCursor ? (
          <button onClick={templates.more} disabled={templates.loading}>
            Load more templates
          </button>
        ) : null}
      </nav>
      <div className="call">
        {template ? (
          <form
            className="template-form"
            aria-label="Template variables"
            onSubmit={(e) => {
              e.preventDefault();
              void read(expandTemplate(template, vars));
            }}
          >
            <h3>
              <code>{template}</code>
            </h3>
            {variables.map((v) => (
              <div key={v} className="form-row">
                <span>{v}</span>
                <CompletingInput
                  host={host}
                  server={server}
                  refValue={{ type: 'ref/resource', uri: template }}
                  argument={v}
                  value={vars[v] ?? ''}
                  context={vars}
                  enabled={props.completions}
                  onChange={(value) => setVars((x) => ({ ...x, [v]: value }))}
                  label={v}
                />
              </div>
            ))}
            <button className="primary" type="submit">
              Read {expandTemplate(template, vars)}
            </button>
          </form>
        ) : null}
        {uri ? (
          <div className="run-bar">
            <code>{uri}</code>
            <button onClick={() => void toggleSubscription(uri)}>
              {subscribed.has(uri) ? 'Unsubscribe' : 'Subscribe'}
            </button>
            <button onClick={() => void read(uri)}>Read again</button>
          </div>
        ) : null}
        {problem ? (
          <p className="sev-error" role="alert">
            {problem}
          </p>
        ) : null}
        {contents ? <Contents contents={contents} /> : null}
        {subscribed.size ? (
          <section aria-label="Resource updates">
            <h4>Updates</h4>
            {updates.length === 0 ? <p className="muted">None yet.</p> : null}
            <ul>
              {updates.slice(-20).map((n, i) => (
                <li key={i}>
                  <span className="muted">{new Date(n.at).toLocaleTimeString()}</span>{' '}
                  <code>{(n.params as { uri?: string } | undefined)?.uri}</code>{' '}
                  <button className="link" onClick={() => void read((n.params as { uri: string }).uri)}>
                    read
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
