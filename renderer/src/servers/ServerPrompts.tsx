// A server's prompts: fill a prompt's arguments (with the server's completions) and see the messages it makes.
import { useState } from 'react';
import type { McpPromptResultView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import { JsonTree } from '../runner/OutputView.js';
import { CompletingInput } from './ServerResources.js';
import { textOf } from './servers-model.js';
import { usePagedList } from './use-paged-list.js';

export function ServerPrompts(props: { host: HostApi; server: string; completions: boolean }) {
  const { host, server } = props;
  const list = usePagedList(host, 'mcp:list-prompts', server);
  const [selected, setSelected] = useState<string>();
  const [args, setArgs] = useState<Record<string, string>>({});
  const [result, setResult] = useState<McpPromptResultView>();
  const [problem, setProblem] = useState<string>();
  const prompt = list.items.find((p) => p.name === selected);
  const missing = (prompt?.arguments ?? []).filter((a) => a.required && !args[a.name]).map((a) => a.name);

  const get = async () => {
    if (!prompt) return;
    // Only arguments with a value are sent: an empty optional one is left out, not sent as "".
    const sent = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== ''));
    const r = await host.invoke('mcp:get-prompt', { name: server, prompt: prompt.name, args: sent });
    if (r.ok) {
      setResult(r.value);
      setProblem(undefined);
    } else {
      setResult(undefined);
      setProblem(r.error.message);
    }
  };

  return (
    <div className="server-split">
      <nav className="side-pane" aria-label="Prompts">
        {list.error ? <p className="problem">{list.error}</p> : null}
        <ul role="listbox" aria-label="Prompt">
          {list.items.map((p) => (
            <li
              key={p.name}
              role="option"
              tabIndex={0}
              aria-selected={p.name === selected}
              className={p.name === selected ? 'active' : ''}
              onClick={() => {
                setSelected(p.name);
                setArgs({});
                setResult(undefined);
              }}
            >
              <code>{p.name}</code>
              <div className="muted small-text">{p.title ?? p.description}</div>
            </li>
          ))}
        </ul>
        {list.nextCursor ? (
          <button onClick={list.more} disabled={list.loading}>
            Load more prompts
          </button>
        ) : null}
      </nav>
      {prompt ? (
        <div className="call">
          <h3>
            <code>{prompt.name}</code>
          </h3>
          {prompt.description ? <p>{prompt.description}</p> : null}
          <form
            aria-label="Prompt arguments"
            onSubmit={(e) => {
              e.preventDefault();
              void get();
            }}
          >
            {(prompt.arguments ?? []).map((a) => (
              <div key={a.name} className="form-row">
                <span>
                  {a.name}
                  {a.required ? ' *' : ''}
                </span>
                <CompletingInput
                  host={host}
                  server={server}
                  refValue={{ type: 'ref/prompt', name: prompt.name }}
                  argument={a.name}
                  value={args[a.name] ?? ''}
                  context={args}
                  enabled={props.completions}
                  onChange={(v) => setArgs((x) => ({ ...x, [a.name]: v }))}
                  label={a.name}
                />
                {a.description ? <span className="muted small-text">{a.description}</span> : null}
              </div>
            ))}
            <button className="primary" type="submit" disabled={missing.length > 0}>
              Get prompt
            </button>
            {missing.length ? (
              <span className="muted small-text"> Required: {missing.join(', ')}</span>
            ) : null}
          </form>
          {problem ? (
            <p className="sev-error" role="alert">
              {problem}
            </p>
          ) : null}
          {result ? (
            <section className="prompt-messages" aria-label="Prompt messages">
              {result.description ? <p className="muted">{result.description}</p> : null}
              {result.messages.map((m, i) => (
                <div key={i} className={`prompt-message ${m.role}`}>
                  <strong>{m.role}</strong>
                  {m.content.type === 'text' ? (
                    <pre className="output-text">{textOf(m.content.text)}</pre>
                  ) : m.content.type === 'image' ? (
                    <img
                      className="output-image"
                      alt={`Image (${textOf(m.content.mimeType)})`}
                      src={`data:${textOf(m.content.mimeType)};base64,${textOf(m.content.data)}`}
                    />
                  ) : (
                    <div className="json-tree">
                      <JsonTree value={m.content} />
                    </div>
                  )}
                </div>
              ))}
            </section>
          ) : null}
        </div>
      ) : (
        <p className="empty">{list.items.length ? 'Pick a prompt.' : ''}</p>
      )}
    </div>
  );
}
