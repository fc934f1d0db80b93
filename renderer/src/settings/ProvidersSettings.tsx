// Settings → Model providers (issue 15): name, kind, base URL, model and key. The key is write-only: the page can set,
// replace or clear it and sees only "key set"; the host keeps it out of settings.json (the OS keychain in the app).
import { useCallback, useEffect, useState } from 'react';
import { PROVIDER_KINDS, type ProviderKind, type ProviderView } from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';

interface Draft {
  /** The provider being edited (undefined: a new one). */
  editing?: string;
  name: string;
  kind: ProviderKind;
  baseURL: string;
  model: string;
  key: string;
}

const blank = (): Draft => ({ name: '', kind: 'anthropic', baseURL: '', model: '', key: '' });

export function ProvidersSettings(props: { host: HostApi }) {
  const { host } = props;
  const [providers, setProviders] = useState<ProviderView[]>([]);
  const [draft, setDraft] = useState<Draft>(blank);
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();

  const load = useCallback(
    () =>
      void host.invoke('evals:list-providers', {}).then((r) => {
        if (r.ok) setProviders(r.value);
        else setProblem(r.error.message);
      }),
    [host],
  );
  useEffect(load, [load]);

  const done = (r: Awaited<ReturnType<HostApi['invoke']>>, message: string) => {
    if (!r.ok) return (setProblem(r.error.message), false);
    setProviders(r.value as ProviderView[]);
    setProblem(undefined);
    setSaved(message);
    return true;
  };

  const save = async () => {
    const provider = {
      name: draft.name.trim(),
      kind: draft.kind,
      model: draft.model.trim(),
      ...(draft.baseURL.trim() ? { baseURL: draft.baseURL.trim() } : {}),
    };
    const r = await host.invoke('evals:save-provider', {
      provider,
      ...(draft.key ? { key: draft.key } : {}),
      ...(draft.editing !== undefined ? { previousName: draft.editing } : {}),
    });
    if (done(r, `Provider ${provider.name} saved.`)) setDraft(blank());
  };

  const edit = (p: ProviderView) =>
    setDraft({
      editing: p.name,
      name: p.name,
      kind: p.kind,
      baseURL: p.baseURL ?? '',
      model: p.model,
      key: '',
    });

  return (
    <fieldset className="providers">
      <legend>Model providers</legend>
      <p className="muted">
        Models the Evals tab runs against. Keys are kept by the OS keychain in the app (a private file in
        browser mode), never in <code>settings.json</code>; without one, the key comes from the provider’s
        environment variable.
      </p>
      {problem ? (
        <p className="sev-error" role="alert">
          {problem}
        </p>
      ) : null}
      <span className="muted" role="status">
        {saved}
      </span>
      <ul className="provider-list" aria-label="Model providers">
        {providers.map((p) => (
          <li key={p.name}>
            <code>{p.name}</code> <span className="badge">{p.kind}</span> {p.model}{' '}
            {p.baseURL ? <code className="muted">{p.baseURL}</code> : null}{' '}
            <span className={p.hasKey ? 'ok' : 'muted'}>
              {p.hasKey ? 'key set' : p.keyEnv ? `key from ${p.keyEnv}` : 'no key needed'}
            </span>
            <button className="small" onClick={() => edit(p)} aria-label={`Edit provider ${p.name}`}>
              Edit
            </button>
            {p.hasKey ? (
              <button
                className="small"
                aria-label={`Clear key of ${p.name}`}
                onClick={() =>
                  void host
                    .invoke('evals:save-provider', {
                      provider: {
                        name: p.name,
                        kind: p.kind,
                        model: p.model,
                        ...(p.baseURL ? { baseURL: p.baseURL } : {}),
                      },
                      key: null,
                    })
                    .then((r) => done(r, `Key of ${p.name} cleared.`))
                }
              >
                Clear key
              </button>
            ) : null}
            <button
              className="small"
              aria-label={`Remove provider ${p.name}`}
              onClick={() =>
                void host
                  .invoke('evals:remove-provider', { name: p.name })
                  .then((r) => done(r, `Provider ${p.name} removed.`))
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="provider-form"
        aria-label={draft.editing ? `Edit provider ${draft.editing}` : 'Add a provider'}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          Name
          <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} required />
        </label>
        <label>
          Kind
          <select
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as ProviderKind })}
          >
            {PROVIDER_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label>
          Base URL
          <input
            placeholder={draft.kind === 'openai' ? 'http://127.0.0.1:11434/v1' : 'the vendor’s'}
            value={draft.baseURL}
            onChange={(e) => setDraft({ ...draft, baseURL: e.target.value })}
          />
        </label>
        <label>
          Model
          <input
            value={draft.model}
            onChange={(e) => setDraft({ ...draft, model: e.target.value })}
            required
          />
        </label>
        <label>
          API key
          <input
            type="password"
            autoComplete="off"
            placeholder={draft.editing ? 'unchanged' : ''}
            value={draft.key}
            onChange={(e) => setDraft({ ...draft, key: e.target.value })}
          />
        </label>
        <button type="submit">{draft.editing ? 'Save provider' : 'Add provider'}</button>
        {draft.editing ? (
          <button type="button" onClick={() => setDraft(blank())}>
            Cancel
          </button>
        ) : null}
      </form>
    </fieldset>
  );
}
