// Creating, duplicating, renaming and deleting skills: each asks for what it needs, checks the name as the
// validator will, and says plainly what happens to the files.
import { useState } from 'react';
import type { HostApi, IpcResult } from '../../../shared/ipc.js';
import type { Diagnostic, ListedEntry, RootInfo } from '../../../shared/types.js';
import { Modal } from '../ui/Modal.js';
import { folderOf } from './entries.js';
import { choiceLabel, defaultRootId, rootChoices } from './root-choices.js';

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
function nameProblem(name: string): string | undefined {
  if (!name) return 'Give the skill a name.';
  if (name.length > 64) return 'At most 64 characters.';
  if (!NAME.test(name))
    return 'Lowercase letters, digits and single hyphens, not at the start or end (e.g. "pdf-tools").';
  return undefined;
}

export type SkillDialog =
  | { kind: 'create' }
  | {
      kind: 'duplicate' | 'rename' | 'delete';
      entry: ListedEntry;
      /** A proposed name (from a quick fix). */
      name?: string;
    };

export function SkillDialogs(props: {
  host: HostApi;
  dialog: SkillDialog;
  roots: RootInfo[];
  /** The library's problems with its roots: a root with errors is not offered. */
  rootProblems: readonly Diagnostic[];
  /** The agent table, to say which agents load the skills of an agent's folder. */
  agents: readonly { id: string; displayName: string }[];
  /** Unsaved files of the skill (rename and delete wait until they are saved or reverted). */
  dirtyFiles: number;
  onClose: () => void;
  /** `folder`: the skill's folder after creating, duplicating or renaming it. */
  onDone: (result: { kind: SkillDialog['kind']; folder?: string }) => void;
}) {
  const { host, dialog } = props;
  const choices = rootChoices(props.roots, props.rootProblems, props.agents);
  const current =
    dialog.kind === 'create'
      ? ''
      : (dialog.entry.skill?.name ?? folderOf(dialog.entry.path).split(/[\\/]/).at(-2) ?? '');
  const [name, setName] = useState(
    dialog.kind === 'create'
      ? ''
      : (dialog.name ??
          (dialog.kind === 'duplicate' ? `${current}-copy` : dialog.kind === 'rename' ? current : '')),
  );
  const [description, setDescription] = useState('');
  const [rootId, setRootId] = useState(() =>
    defaultRootId(choices, dialog.kind === 'create' ? undefined : dialog.entry.rootId),
  );
  const chosen = choices.find((c) => c.root.id === rootId);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (dialog.kind !== 'delete') {
      const bad = nameProblem(name);
      if (bad) return setProblem(bad);
    }
    setBusy(true);
    let r: IpcResult<{ path?: string; trashedTo?: string | null }>;
    if (dialog.kind === 'create')
      r = await host.invoke('skills:create', { rootId, name, ...(description ? { description } : {}) });
    else if (dialog.kind === 'duplicate')
      r = await host.invoke('skills:duplicate', { id: dialog.entry.id, name, rootId });
    else if (dialog.kind === 'rename') r = await host.invoke('skills:rename', { id: dialog.entry.id, name });
    else r = await host.invoke('skills:delete', { id: dialog.entry.id });
    setBusy(false);
    if (!r.ok) return setProblem(r.error.message);
    props.onDone({ kind: dialog.kind, ...(r.value.path ? { folder: r.value.path } : {}) });
  };

  const blocked = (dialog.kind === 'rename' || dialog.kind === 'delete') && props.dirtyFiles > 0;
  const title =
    dialog.kind === 'create'
      ? 'New skill'
      : dialog.kind === 'duplicate'
        ? `Duplicate ${current}`
        : dialog.kind === 'rename'
          ? `Rename ${current}`
          : `Delete ${current}?`;
  const verb = { create: 'Create', duplicate: 'Duplicate', rename: 'Rename', delete: 'Move to trash' }[
    dialog.kind
  ];

  return (
    <Modal
      title={title}
      onCancel={props.onClose}
      actions={
        <>
          <button
            className={dialog.kind === 'delete' ? 'danger' : 'primary'}
            disabled={
              busy || blocked || ((dialog.kind === 'create' || dialog.kind === 'duplicate') && !rootId)
            }
            onClick={() => void run()}
          >
            {busy ? 'Working…' : verb}
          </button>
          <button onClick={props.onClose}>Cancel</button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        {dialog.kind === 'create' || dialog.kind === 'duplicate' ? (
          choices.length === 0 ? (
            <p className="sev-warning">
              Add a folder of your own as a root first (Settings → Roots): the bundled skills are read-only.
            </p>
          ) : (
            <>
              <label className="form-row">
                Root
                <select value={rootId} onChange={(e) => setRootId(e.target.value)}>
                  {rootId ? null : (
                    <option value="" disabled>
                      Choose a root…
                    </option>
                  )}
                  {choices.map((c) => (
                    <option key={c.root.id} value={c.root.id} disabled={!!c.problem}>
                      {choiceLabel(c)}
                    </option>
                  ))}
                </select>
              </label>
              {chosen?.live ? (
                <p className="sev-warning">
                  This is an agent&apos;s skills folder: a skill written here is {chosen.live} at once.
                </p>
              ) : null}
            </>
          )
        ) : null}
        {dialog.kind !== 'delete' ? (
          <label className="form-row">
            Name
            <input
              data-autofocus
              value={name}
              aria-invalid={!!problem}
              onChange={(e) => {
                setName(e.target.value);
                setProblem(undefined);
              }}
            />
          </label>
        ) : null}
        {dialog.kind === 'create' ? (
          <label className="form-row">
            Description
            <textarea
              rows={3}
              value={description}
              placeholder="What the skill does and when to use it."
              onChange={(e) => setDescription(e.target.value)}
            />
          </label>
        ) : null}
        {dialog.kind === 'rename' ? (
          <p className="muted">
            The folder and the frontmatter <code>name</code> change together.
          </p>
        ) : null}
        {dialog.kind === 'delete' ? (
          <p>
            The folder <code>{dialog.entry.path.replace(/[\\/][^\\/]+$/, '')}</code> and everything in it goes
            to the trash, where you can restore it.
          </p>
        ) : null}
        {blocked ? (
          <p className="sev-warning">
            This skill has unsaved changes in {props.dirtyFiles} file(s): save or revert them first.
          </p>
        ) : null}
        {problem ? (
          <p className="sev-error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
