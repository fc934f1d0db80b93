// A skill's install actions in the skill view (issue 17): where it is installed and in what state, then Install to
// agents, Update (with the SKILL.md diff and the changed files first), Remove (to the trash) and Pack. Each opens
// inline below the bar; a destructive button is never the focused one.
import { useEffect, useRef, useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { InstalledSkillView, PackResultView, UpdateCheckView } from '../../../shared/manage-types.js';
import type { ListedEntry } from '../../../shared/types.js';
import { folderOf } from '../library/entries.js';
import { InstallBadges } from './InstallBadges.js';
import { agentLabel, installKey, installStates, STATE_LABELS } from './manage-model.js';
import type { ManageSnapshot, ManageStore } from './manage-store.js';
import './manage.css';

export type ManageAction = 'update' | 'remove' | 'pack';

export interface ManageRequest {
  action: ManageAction;
  nonce: number;
}

export function ManageActions(props: {
  host: HostApi;
  entry: ListedEntry;
  manage: ManageSnapshot;
  store: ManageStore;
  request?: ManageRequest | undefined;
  onRequestTaken: () => void;
  onInstallTo(folder: string): void;
}) {
  const { host, entry, manage } = props;
  const installs = manage.byEntry.get(entry.id) ?? [];
  const [open, setOpen] = useState<ManageAction>();
  // Another skill closes what was open; a request from the palette opens its panel once (then it is consumed).
  useEffect(() => setOpen(undefined), [entry.id]);
  const { request, onRequestTaken } = props;
  useEffect(() => {
    if (!request) return;
    setOpen(request.action);
    onRequestTaken();
  }, [request, onRequestTaken]);
  const name = entry.skill?.name ?? entry.id;
  const folder = folderOf(entry.path).slice(0, -1);
  return (
    <section className="manage-bar" aria-label="Installed for agents">
      <div className="manage-row">
        {installs.length ? (
          <span className="manage-summary">
            <InstallBadges installs={installs} agents={manage.agents} updates={manage.updates} />
            {installs.map((i) => (
              <span key={i.scope} className="muted">
                {' '}
                {i.scope === 'user' ? 'home folder' : 'this project'}
                {i.source ? ` · from ${i.source}` : ''}
              </span>
            ))}
          </span>
        ) : (
          <span className="muted">Not installed for any agent.</span>
        )}
        <span className="manage-buttons">
          <button onClick={() => props.onInstallTo(folder)}>Install to agents…</button>
          {installs.some((i) => i.source) && (
            <button
              aria-expanded={open === 'update'}
              onClick={() => setOpen(open === 'update' ? undefined : 'update')}
            >
              Update…
            </button>
          )}
          {installs.length > 0 && (
            <button
              aria-expanded={open === 'remove'}
              onClick={() => setOpen(open === 'remove' ? undefined : 'remove')}
            >
              Remove…
            </button>
          )}
          <button
            aria-expanded={open === 'pack'}
            onClick={() => setOpen(open === 'pack' ? undefined : 'pack')}
          >
            Pack…
          </button>
        </span>
      </div>
      {open === 'update' &&
        installs
          .filter((i) => i.source)
          .map((i) => <UpdatePanel key={i.scope} {...props} item={i} onClose={() => setOpen(undefined)} />)}
      {open === 'remove' &&
        installs.map((i) => (
          <RemovePanel key={i.scope} {...props} item={i} onClose={() => setOpen(undefined)} />
        ))}
      {open === 'pack' && (
        <PackPanel
          host={host}
          entry={entry}
          defaultFile={`${manage.projects[0] ?? folderOf(folder).slice(0, -1)}/${name}.zip`}
          onClose={() => setOpen(undefined)}
        />
      )}
    </section>
  );
}

function UpdatePanel(props: {
  host: HostApi;
  manage: ManageSnapshot;
  store: ManageStore;
  item: InstalledSkillView;
  onClose(): void;
}) {
  const { item, manage, store } = props;
  const check = manage.updates.get(installKey(item));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [replace, setReplace] = useState(false);
  const [result, setResult] = useState<UpdateCheckView>();
  const runId = useRef('');
  const newRun = () => (runId.current = `update-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`);
  const checkNow = async () => {
    setBusy(true);
    setProblem(await store.checkUpdates([item.scope], newRun()));
    setBusy(false);
  };
  // A check once per opening (when none is known yet); "Check again" asks again.
  useEffect(() => {
    if (!check) void checkNow();
  }, []);
  const apply = async () => {
    setBusy(true);
    const r = await props.host.invoke('manage:update', {
      scope: item.scope,
      names: [item.name],
      runId: newRun(),
      ...(replace ? { force: true } : {}),
      // Only the version whose change was shown: a source that changed since is refused, not installed.
      ...(check?.sourceHash ? { expected: { [item.name]: check.sourceHash } } : {}),
    });
    setBusy(false);
    if (!r.ok)
      return setProblem(r.error.code === 'Cancelled' ? 'Cancelled: nothing was changed.' : r.error.message);
    store.noteUpdates(r.value);
    setResult(r.value[0]);
  };
  const modified = installStates(item, manage.updates).includes('modified');
  return (
    <div className="manage-panel" role="region" aria-label={`Update ${item.name}`}>
      {busy && (
        <p role="status">
          {check ? 'Working…' : `Checking ${item.source}…`}{' '}
          <button onClick={() => store.cancel(runId.current)}>Cancel</button>
        </p>
      )}
      {check && !result && (
        <>
          <p>
            <strong>
              {check.status === 'update-available' ? STATE_LABELS['update-available'] : check.status}
            </strong>
            {check.message ? `: ${check.message}` : ''}{' '}
            <button className="link" onClick={() => void checkNow()} disabled={busy}>
              Check again
            </button>
          </p>
          {check.changes && (
            <p aria-label="Changed files">
              Files: {summary('changed', check.changes.changed)}, {summary('added', check.changes.added)},{' '}
              {summary('removed', check.changes.removed)}
            </p>
          )}
          {check.diff && check.diff.includes('@@') && (
            <pre className="diff" aria-label="SKILL.md diff">
              {hunks(check.diff).map((line, i) => (
                <span
                  key={i}
                  className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}
                >
                  {line}
                  {'\n'}
                </span>
              ))}
            </pre>
          )}
          {check.status === 'update-available' && (
            <div className="manage-row">
              {modified && (
                <label>
                  <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />{' '}
                  Replace my local changes (they go to the trash)
                </label>
              )}
              <button autoFocus onClick={() => props.onClose()}>
                Not now
              </button>
              <button
                className="primary"
                disabled={busy || (modified && !replace)}
                onClick={() => void apply()}
              >
                Apply update
              </button>
            </div>
          )}
        </>
      )}
      {result && (
        <p role="status">
          {result.applied
            ? `Updated ${result.name}.`
            : `Not updated: ${result.skipped ?? result.message ?? ''}`}
        </p>
      )}
      {problem && <p className="problem">{problem}</p>}
    </div>
  );
}

/** The diff from its first hunk (the file header names temporary folders). */
const hunks = (diff: string): string[] => {
  const lines = diff.split('\n');
  return lines.slice(
    Math.max(
      0,
      lines.findIndex((l) => l.startsWith('@@')),
    ),
  );
};

const summary = (what: string, list: readonly string[]) =>
  `${list.length} ${what}${list.length ? ` (${list.join(', ')})` : ''}`;

function RemovePanel(props: {
  host: HostApi;
  manage: ManageSnapshot;
  store: ManageStore;
  item: InstalledSkillView;
  onClose(): void;
}) {
  const { item } = props;
  const [agents, setAgents] = useState<string[]>(item.agents);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const all = item.agents.every((a) => agents.includes(a));
    const r = await props.host.invoke('manage:remove', {
      scope: item.scope,
      names: [item.name],
      ...(all ? {} : { agents }),
    });
    setBusy(false);
    if (!r.ok) return setProblem(r.error.message);
    props.onClose();
    void props.store.refresh();
  };
  return (
    <div className="manage-panel" role="region" aria-label={`Remove ${item.name}`}>
      <p>
        Remove <strong>{item.name}</strong> from (
        {item.scope === 'user' ? 'your home folder' : 'this project'}):
      </p>
      <div className="agent-picks">
        {item.agents.map((id) => (
          <label key={id}>
            <input
              type="checkbox"
              checked={agents.includes(id)}
              onChange={() => setAgents((l) => (l.includes(id) ? l.filter((x) => x !== id) : [...l, id]))}
            />{' '}
            {agentLabel(id, props.manage.agents)}
          </label>
        ))}
      </div>
      <p className="muted">Links are deleted; real folders go to the trash.</p>
      <div className="manage-row">
        <button autoFocus onClick={() => props.onClose()}>
          Cancel
        </button>
        <button className="danger" disabled={busy || agents.length === 0} onClick={() => void remove()}>
          Remove
        </button>
      </div>
      {problem && <p className="problem">{problem}</p>}
    </div>
  );
}

function PackPanel(props: { host: HostApi; entry: ListedEntry; defaultFile: string; onClose(): void }) {
  const [file, setFile] = useState(props.defaultFile);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<PackResultView>();
  /** Refused for its findings (not for its size or name): the author may pack it anyway, as the CLI's --force. */
  const [forceable, setForceable] = useState(false);
  const pack = async (force = false) => {
    setProblem(undefined);
    setForceable(false);
    setResult(undefined);
    const r = await props.host.invoke('manage:pack', {
      id: props.entry.id,
      file,
      ...(force ? { force: true } : {}),
    });
    if (r.ok) return setResult(r.value);
    setProblem(r.error.message);
    setForceable(r.error.code === 'ConfigValidation');
  };
  return (
    <div className="manage-panel" role="region" aria-label="Pack">
      <form
        className="manage-row"
        onSubmit={(e) => {
          e.preventDefault();
          void pack();
        }}
      >
        <label className="grow">
          Save as <input aria-label="Package file" value={file} onChange={(e) => setFile(e.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={!file.trim()}>
          Pack
        </button>
      </form>
      <p className="muted">A zip for upload to Claude's apps, checked with the portable profile.</p>
      {result && (
        <p role="status">
          Packed {result.name} into <code>{result.file}</code>: {result.files.length} files, {result.bytes}{' '}
          bytes
          {result.skipped.length ? ` (left out: ${result.skipped.join(', ')})` : ''}.
        </p>
      )}
      {problem && (
        <div className="problem" role="alert">
          <p className="pack-problem">{problem}</p>
          {forceable && (
            <button className="danger" onClick={() => void pack(true)}>
              Pack anyway
            </button>
          )}
        </div>
      )}
    </div>
  );
}
