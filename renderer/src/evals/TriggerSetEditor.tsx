// The trigger set as an editable table (issue 15): query and "should trigger" per row, add, remove, import a JSON file
// in skill-creator's format, and save to evals/triggers.json through the same writer as the editor (conflicts refused).
import { useEffect, useRef, useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import { emptyRow, rowsFromText, rowsToText, unsavedSets, type TriggerRow } from './trigger-set.js';

export function TriggerSetEditor(props: {
  host: HostApi;
  /** evals/triggers.json of the skill. */
  path: string;
  readOnly: boolean;
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

  useEffect(() => {
    void host.invoke('skills:read-file', { path }).then((r) => {
      if (!r.ok) {
        setHash(null); // no set yet: the first save creates it
        if (r.error.code !== 'NotFound' && r.error.code !== 'Io') setProblem(r.error.message);
        return;
      }
      setHash(r.value.hash);
      try {
        const fromFile = rowsFromText(r.value.text, 'evals/triggers.json');
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

  const dirty = rowsToText(rows) !== savedText;
  const positives = rows.filter((r) => r.query.trim() && r.should_trigger).length;
  const negatives = rows.filter((r) => r.query.trim() && !r.should_trigger).length;
  return (
    <section aria-label="Trigger set" className="trigger-set">
      <h3>
        Trigger set <code className="file-name">evals/triggers.json</code>
      </h3>
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
        <button disabled={props.readOnly || !dirty} onClick={() => void save()}>
          Save trigger set
        </button>
        <span className="muted" role="status">
          {status ?? `${positives} should trigger, ${negatives} should not${dirty ? ' · unsaved' : ''}`}
        </span>
      </div>
    </section>
  );
}
