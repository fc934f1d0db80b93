// What servers ask of the user, shown as non-modal cards above the current view (issue 16): an elicitation as the
// schema form (form mode) or a link opened after a confirmation (URL mode); a sampling request to approve as is,
// edit, type a reply to, or reject. Nothing opens by itself and nothing typed is lost while other requests come.
// Tested by: test/unit/renderer/servers/client-requests.test.tsx
import { useEffect, useMemo, useState } from 'react';
import type { ProviderView } from '../../../shared/evals.js';
import type { McpClientRequestView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { initialValue } from '../runner/schema-form/form-state.js';
import { normalizeSchema } from '../runner/schema-form/schema-form-model.js';
import { SchemaForm } from '../runner/schema-form/SchemaForm.js';
import { validateArgs } from '../runner/schema-form/validate-args.js';
import { samplingReply, samplingTranscript, textOf } from './servers-model.js';
import './servers.css';

function Elicitation(props: { host: HostApi; request: McpClientRequestView; answer(a: JsonValue): void }) {
  const { params } = props.request;
  const schema = (params.requestedSchema ?? { type: 'object', properties: {} }) as JsonSchema;
  const field = useMemo(() => normalizeSchema(schema), [schema]);
  const [value, setValue] = useState<JsonValue | undefined>(() => initialValue(field) ?? {});
  const [invalid, setInvalid] = useState(new Map<string, string>());
  const errors = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const e of validateArgs(schema, value ?? {}))
      m.set(e.pointer, [...(m.get(e.pointer) ?? []), e.message]);
    return m;
  }, [schema, value]);
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState<{ problem?: string; link?: boolean }>();
  if (params.mode === 'url') {
    const url = textOf(params.url);
    // The server hears `accept` only once the page has opened: the app's browser opened it, or (browser mode,
    // where the page opens links itself) the user clicked the link. A refusal keeps the card, with the reason.
    const open = async () => {
      const r = await props.host.invoke('app:open-external', { url });
      if (!r.ok) setOpening({ problem: r.error.message });
      else if (r.value.opened) props.answer({ action: 'accept' });
      else setOpening({ link: true });
    };
    return (
      <>
        <p>
          It asks you to open <code>{url}</code>.
        </p>
        {opening?.problem ? (
          <p className="sev-error" role="alert">
            {opening.problem}
          </p>
        ) : null}
        {opening?.link ? (
          <p role="status">
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => props.answer({ action: 'accept' })}
            >
              Open the page
            </a>{' '}
            <button onClick={() => props.answer({ action: 'decline' })}>Decline</button>
          </p>
        ) : confirming ? (
          <p role="status">
            Open this address in your browser?{' '}
            <button className="primary" onClick={() => void open()}>
              Open it
            </button>{' '}
            <button onClick={() => setConfirming(false)}>Not yet</button>
          </p>
        ) : (
          <div className="request-actions">
            <button className="primary" onClick={() => setConfirming(true)}>
              Open in browser…
            </button>
            <button onClick={() => props.answer({ action: 'decline' })}>Decline</button>
            <button onClick={() => props.answer({ action: 'cancel' })}>Cancel</button>
          </div>
        )}
      </>
    );
  }
  const blocked = invalid.size > 0 || errors.size > 0;
  return (
    <>
      <SchemaForm field={field} value={value} onChange={setValue} errors={errors} onInvalid={setInvalid} />
      <div className="request-actions">
        <button
          className="primary"
          disabled={blocked}
          onClick={() => props.answer({ action: 'accept', content: (value ?? {}) as JsonValue })}
        >
          Send
        </button>
        <button onClick={() => props.answer({ action: 'decline' })}>Decline</button>
        <button onClick={() => props.answer({ action: 'cancel' })}>Cancel</button>
        {blocked ? <span className="muted small-text">Fill the required fields to send.</span> : null}
      </div>
    </>
  );
}

function Sampling(props: { host: HostApi; request: McpClientRequestView; answer(a: JsonValue): void }) {
  const { params } = props.request;
  const transcript = samplingTranscript(params);
  const [reply, setReply] = useState('');
  const [model, setModel] = useState('typed-by-user');
  const [providers, setProviders] = useState<ProviderView[]>([]);
  const [provider, setProvider] = useState('');
  const [draft, setDraft] = useState<{ text: string; model: string; leftOut: string[] }>();
  const [drafting, setDrafting] = useState<{ busy?: boolean; problem?: string }>({});
  useEffect(() => {
    void props.host.invoke('evals:list-providers', {}).then((r) => {
      if (!r.ok) return;
      setProviders(r.value);
      setProvider((p) => p || (r.value[0]?.name ?? ''));
    });
  }, [props.host]);
  // The provider's answer is a draft: it goes into the reply only when the user takes it, and to the server only
  // with Approve and send.
  const askProvider = async () => {
    setDrafting({ busy: true });
    const r = await props.host.invoke('mcp:sample-draft', { id: props.request.id, provider });
    if (!r.ok) return setDrafting({ problem: r.error.message });
    setDrafting({});
    setDraft(r.value);
  };
  const useDraft = () => {
    if (!draft) return;
    setReply(draft.text);
    setModel(draft.model);
    setDraft(undefined);
  };
  return (
    <>
      {typeof params.systemPrompt === 'string' ? (
        <p className="muted small-text">System: {params.systemPrompt}</p>
      ) : null}
      <ol className="sampling-messages">
        {transcript.map((m, i) => (
          <li key={i}>
            <strong>{m.role}</strong> <span>{m.text}</span>
          </li>
        ))}
      </ol>
      <p className="muted small-text">
        {params.maxTokens !== undefined ? `At most ${textOf(params.maxTokens)} tokens. ` : ''}
        {providers.length
          ? 'Type the reply the server should get, or ask a model provider for a draft to check first.'
          : 'No model provider is configured (Settings → Model providers): type or paste the reply the server should get.'}
      </p>
      {providers.length ? (
        <div className="request-actions">
          <label>
            Provider{' '}
            <select value={provider} onChange={(e) => setProvider(e.target.value)}>
              {providers.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.name} ({p.model})
                </option>
              ))}
            </select>
          </label>
          <button disabled={drafting.busy || !provider} onClick={() => void askProvider()}>
            {drafting.busy ? 'Asking…' : 'Draft with provider'}
          </button>
        </div>
      ) : null}
      {drafting.problem ? (
        <p className="sev-error" role="alert">
          {drafting.problem}
        </p>
      ) : null}
      {draft ? (
        <div className="sampling-draft" role="group" aria-label="Draft reply">
          <p className="muted small-text">
            Draft from {draft.model}
            {draft.leftOut.length ? ` (not sent to it: ${draft.leftOut.join('; ')})` : ''}:
          </p>
          <pre className="output-text">{draft.text}</pre>
          <button onClick={useDraft}>
            {reply.trim() ? 'Replace my reply with the draft' : 'Use the draft'}
          </button>{' '}
          <button onClick={() => setDraft(undefined)}>Discard the draft</button>
        </div>
      ) : null}
      <textarea
        aria-label="Sampling reply"
        className="sampling-reply"
        rows={2}
        placeholder="The reply the server gets"
        value={reply}
        onChange={(e) => setReply(e.target.value)}
      />
      <div className="request-actions">
        <button
          className="primary"
          disabled={!reply.trim()}
          onClick={() => props.answer(samplingReply(reply, model))}
        >
          Approve and send
        </button>
        <button onClick={() => props.answer({ action: 'reject' })}>Reject</button>
        <label className="timeout">
          as model
          <input value={model} onChange={(e) => setModel(e.target.value)} size={16} />
        </label>
      </div>
    </>
  );
}

export function ClientRequests(props: { host: HostApi; requests: McpClientRequestView[] }) {
  const [problem, setProblem] = useState<string>();
  if (!props.requests.length) return null;
  const answer = (id: string) => (a: JsonValue) =>
    void props.host.invoke('mcp:answer', { id, answer: a }).then((r) => {
      setProblem(
        r.ok ? (r.value.answered ? undefined : 'That request is no longer waiting.') : r.error.message,
      );
    });
  /** Refuses every waiting request of a server (one asking in a loop): a sampling is rejected, an elicitation declined. */
  const refuseAll = (server: string) => {
    for (const r of props.requests)
      if (r.server === server)
        answer(r.id)(r.kind === 'sampling' ? { action: 'reject' } : { action: 'decline' });
  };
  const count = (server: string) => props.requests.filter((r) => r.server === server).length;
  return (
    <section className="client-requests" aria-label="Server requests">
      {problem ? (
        <p className="sev-error" role="alert">
          {problem}
        </p>
      ) : null}
      {props.requests.map((r) => (
        <article key={r.id} className="client-request" aria-label={`${r.kind} request from ${r.server}`}>
          <header>
            <strong>{r.server}</strong>{' '}
            {r.kind === 'sampling' ? 'asks for a model reply (sampling)' : 'asks you for input (elicitation)'}
            <span className="muted small-text">
              {' '}
              · refused unanswered at {new Date(r.expiresAt).toLocaleTimeString()}
            </span>
            {count(r.server) > 1 ? (
              <button className="small" onClick={() => refuseAll(r.server)}>
                Refuse all {count(r.server)} from {r.server}
              </button>
            ) : null}
          </header>
          {r.kind === 'elicitation' && typeof r.params.message === 'string' ? (
            <p>{r.params.message}</p>
          ) : null}
          {r.kind === 'elicitation' ? (
            <Elicitation host={props.host} request={r} answer={answer(r.id)} />
          ) : (
            <Sampling host={props.host} request={r} answer={answer(r.id)} />
          )}
        </article>
      ))}
    </section>
  );
}
