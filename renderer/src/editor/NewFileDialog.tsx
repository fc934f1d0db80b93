// New file or folder in the skill's folder: a template (evals, trigger set, script, reference) or a name of the
// author's own. The spelling is checked as they type; the host checks the rest (inside the folder, nothing there).
import { useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import {
  NEW_FILE_KINDS,
  NEW_FILE_TEMPLATES,
  newFilePathProblem,
  type NewFileKind,
} from '../../../shared/new-files.js';
import { Modal } from '../ui/Modal.js';

export function NewFileDialog(props: {
  host: HostApi;
  skillId: string;
  onCreated: (created: { path: string; folder: boolean }) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<NewFileKind>('file');
  const [path, setPath] = useState('');
  const [refused, setRefused] = useState<string>();
  const [busy, setBusy] = useState(false);
  const template = NEW_FILE_TEMPLATES[kind];
  const spelling =
    path.trim() || template.path ? newFilePathProblem(path.trim() || template.path) : undefined;
  const problem = refused ?? spelling;
  const create = async () => {
    if (busy || spelling || !(path.trim() || template.path)) return;
    setBusy(true);
    const r = await props.host.invoke('skills:create-file', { id: props.skillId, path: path.trim(), kind });
    setBusy(false);
    if (!r.ok) return setRefused(r.error.message);
    props.onCreated(r.value);
  };
  return (
    <Modal
      title="New file"
      onCancel={props.onClose}
      actions={
        <>
          <button
            className="primary"
            disabled={busy || !!spelling || !(path.trim() || template.path)}
            onClick={() => void create()}
          >
            {busy ? 'Creating…' : 'Create'}
          </button>
          <button onClick={props.onClose}>Cancel</button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="form-row">
          What
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as NewFileKind);
              setRefused(undefined);
            }}
          >
            {NEW_FILE_KINDS.map((k) => (
              <option key={k} value={k}>
                {NEW_FILE_TEMPLATES[k].label}
                {NEW_FILE_TEMPLATES[k].path ? ` (${NEW_FILE_TEMPLATES[k].path})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="form-row">
          Path in the skill folder
          <input
            data-autofocus
            value={path}
            placeholder={template.path || (template.folder ? 'assets' : 'notes.md')}
            aria-invalid={!!problem}
            aria-describedby="new-file-problem"
            onChange={(e) => {
              setPath(e.target.value);
              setRefused(undefined);
            }}
          />
        </label>
        <p
          id="new-file-problem"
          className={problem ? 'problem' : 'muted'}
          role={problem ? 'alert' : undefined}
        >
          {problem ??
            (template.path && !path.trim()
              ? `Creates ${template.path}${template.folder ? '/' : ''}.`
              : 'Existing files are never replaced.')}
        </p>
      </form>
    </Modal>
  );
}
