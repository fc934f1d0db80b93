// The trigger set as an editable table: query and "should trigger" per row, add, remove, import a JSON file in
// skill-creator's format, queries proposed by the model on request (taken row by row), and save to the skill's set
// (evals/trigger-eval.json, or the older evals/triggers.json it already has) through the editor's writer (conflicts
// refused).
// Tested by: test/unit/renderer/evals/trigger-proposals.test.tsx
import { useEffect, useRef, useState } from 'react';
import type { GeneratedQueries, ProposedQuery } from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';
import { RunProgress } from '../runner/RunProgress.js';
import {
  acceptProposals,
  emptyRow,
  pendingProposals,
  rowsFromText,
  rowsToText,
  unsavedSets,
  type TriggerRow,
} from './trigger-set.js';
import { TriggerProposals } from './TriggerProposals.js';
import { useEvalRun } from './use-eval-run.js';

/** The set's file as the tab names it: `evals/<file>`. */
const setName = (path: string) => path.split(/[\\/]/).slice(-2).join('/');

export function TriggerSetEditor(props: {
  host: HostApi;
  skillId: string;
  /** The skill's trigger set file (the host resolves which: evals/trigger-eval.json or the older name). */
  path: string;
  /** The file has Skillbench's older name, evals/triggers.json. */
  legacy: boolean;
  readOnly: boolean;
  /** The provider chosen at the top of the tab ('' when none is configured): it proposes queries. */
  provider: string;
  /** The set on disk changed (saved): what a run will use. */
  onSaved(): void;
}) {
  const { host, path } = props;
  const [rows, setRows] = useState<TriggerRow[]>(() => unsavedSets.get(path) ?? []);
  const [hash, setHash] = useState<string | null>(null);
  /** The set as saved (the file's entries, written the way a save writes them), to tell unsaved edits. */
  const [savedText, setSavedText] = useState(() => rowsToText([]));
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [count, setCount] = useState(10);
  const [proposals, setProposalsState] = useState(() => pendingProposals.get(path));
  const setProposals = (next: typeof proposals) => {
    setProposalsState(next);
    if (next) pendingProposals.set(path, next);
    else pendingProposals.delete(path);
  };
  const generation = useEvalRun<GeneratedQueries>(host);

  useEffect(() => {
    void host.invoke('skills:read-file', { path }).then((r) => {
      if (!r.ok) {
        setHash(null); // no set yet: the first save creates it
        if (r.error.code !== 'NotFound' && r.error.code !== 'Io') setProblem(r.error.message);
        return;
      }
      setHash(r.value.hash);
      try {
        const fromFile = rowsFromText(r.value.text, setName(path));
        setSavedText(rowsToText(fromFile));
        if (!unsavedSets.has(path)) setRows(fromFile); // keep what was typed before switching tabs
      } catch (e) {
        setProblem((e as Error).message);
      }
    });
  }, [host, path]);

  const change = (next: TriggerRow[]) => {
    setRows(next);
    setStatus(undefined);
    if (rowsToText(next) === savedText) unsavedSets.delete(path);
    else unsavedSets.set(path, next);
  };
  const update = (key: number, patch: Partial<TriggerRow>) =>
    change(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    const text = rowsToText(rows);
    const r = await host.invoke('skills:save-file', { path, text, expectedHash: hash });
    if (!r.ok) return setProblem(r.error.message);
    setHash(r.value.hash);
    setSavedText(text);
    setProblem(undefined);
    setStatus('Saved.');
    unsavedSets.delete(path);
    props.onSaved();
  };

  const importFile = async (file: File) => {
    try {
      const imported = rowsFromText(await file.text(), file.name);
      change([...rows.filter((r) => r.query.trim()), ...imported]);
      setProblem(undefined);
      setStatus(`Imported ${imported.length} quer${imported.length === 1 ? 'y' : 'ies'} from ${file.name}.`);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  const generate = async () => {
    const existing = rows
      .filter((r) => r.query.trim())
      .map((r) => ({ query: r.query, should_trigger: r.should_trigger }));
    const generated = await generation.start((runId) =>
      host.invoke('evals:generate-triggers', {
        runId,
        skillId: props.skillId,
        provider: props.provider,
        count,
        existing,
      }),
    );
    if (generated) setProposals({ generated, remaining: generated.proposals });
  };

  /** Appends the accepted proposals after the rows (typed rows stay as they are) and takes them off the list. */
  const accept = (accepted: ProposedQuery[]) => {
    if (!proposals) return;
    const result = acceptProposals(rows, accepted);
    change(result.rows);
    setProposals({ ...proposals, remaining: proposals.remaining.filter((p) => !accepted.includes(p)) });
    setStatus(
      `Added ${result.added} quer${result.added === 1 ? 'y' : 'ies'}` +
        `${result.skipped ? ` (${result.skipped} already in the set)` : ''}; not saved yet.`,
    );
  };

  const dirty = rowsToText(rows) !== savedText;
  const positives = rows.filter((r) => r.query.trim() && r.should_trigger).length;
  const negatives = rows.filter((r) => r.query.trim() && !r.should_trigger).length;
  return (
    <section aria-label="Trigger set" className="trigger-set">
      <h3>
        Trigger set <code className="file-name">{setName(path)}</code>
      </h3>
      {props.legacy ? (
        <p className="muted small-text">
          Skillbench’s older name for the set; skill-creator’s is <code>evals/trigger-eval.json</code>, read
          first when both exist.
        </p>
      ) : null}
      {problem ? (
        <p className="sev-error" role="alert">
          {problem}
        </p>
      ) : null}
      <table className="evals-table">
        <thead>
          <tr>
            <th className="wide">Query</th>
            <th>Should trigger</th>
            <th>
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key}>
              <td>
                <input
                  className="query-input"
                  aria-label={`Query ${i + 1}`}
                  value={r.query}
                  readOnly={props.readOnly}
                  onChange={(e) => update(r.key, { query: e.target.value })}
                />
              </td>
              <td className="center">
                <input
                  type="checkbox"
                  aria-label={`Query ${i + 1} should trigger`}
                  checked={r.should_trigger}
                  disabled={props.readOnly}
                  onChange={(e) => update(r.key, { should_trigger: e.target.checked })}
                />
              </td>
              <td>
                <button
                  className="small"
                  aria-label={`Remove query ${i + 1}`}
                  disabled={props.readOnly}
                  onClick={() => change(rows.filter((x) => x.key !== r.key))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="inline-form">
        <button disabled={props.readOnly} onClick={() => change([...rows, emptyRow()])}>
          Add query
        </button>
        <button disabled={props.readOnly} onClick={() => fileInput.current?.click()}>
          Import JSON…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label="Trigger set file to import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <label>
          How many
          <input
            type="number"
            min={1}
            max={50}
            value={count}
            onChange={(e) => setCount(Math.min(50, Math.max(1, Math.round(Number(e.target.value)) || 1)))}
          />
        </label>
        <button
          disabled={props.readOnly || props.provider === '' || generation.running !== undefined}
          title={props.provider === '' ? 'Add a model provider in Settings first' : undefined}
          onClick={() => void generate()}
        >
          Generate near-misses…
        </button>
        <button disabled={props.readOnly || !dirty} onClick={() => void save()}>
          Save trigger set
        </button>
        <span className="muted" role="status">
          {status ?? `${positives} should trigger, ${negatives} should not${dirty ? ' · unsaved' : ''}`}
        </span>
      </div>
      {generation.running ? (
        <div className="eval-progress">
          <RunProgress call={generation} />
          <button onClick={generation.cancel}>Cancel</button>
        </div>
      ) : generation.error ? (
        <p className="sev-error" role="alert">
          {generation.error.message}
        </p>
      ) : null}
      {proposals ? (
        <TriggerProposals
          generated={proposals.generated}
          remaining={proposals.remaining}
          readOnly={props.readOnly}
          onAdd={accept}
          onDismiss={() => setProposals(undefined)}
        />
      ) : null}
    </section>
  );
}
