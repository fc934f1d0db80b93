// Saving the last call as a case: its name, the text the output must contain, and what it will expect (the
// observed success or tool error).
import { useState } from 'react';
import type { IpcError } from '../../../shared/ipc.js';
import type { JsonValue } from '../../../shared/types.js';
import { Modal } from '../ui/Modal.js';
import type { RunResult } from './use-run.js';

const CASE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function SaveCaseDialog(props: {
  result: RunResult;
  args: JsonValue;
  /** Names of the saved cases (a case with the same name is replaced). */
  existing: string[];
  onSave(
    name: string,
    call: { tool: string; args: JsonValue; expect: Record<string, JsonValue> },
  ): Promise<IpcError | undefined>;
  onClose: () => void;
}) {
  const { result } = props;
  const [name, setName] = useState(`${result.tool}-${props.existing.length + 1}`);
  const [contains, setContains] = useState(
    (result.output?.isError ? '' : result.output?.output.split('\n')[0]?.slice(0, 200)) ?? '',
  );
  const [error, setError] = useState<string>();

  const save = async () => {
    if (!CASE_NAME.test(name))
      return setError('Use letters, digits, ".", "_" or "-" (up to 64), starting with a letter or digit.');
    const expect: Record<string, JsonValue> = { isError: result.output?.isError ?? true };
    if (contains) expect.contains = contains;
    if (result.error) expect.error = result.error.code;
    const refused = await props.onSave(name, { tool: result.tool, args: props.args, expect });
    if (refused) return setError(refused.message);
    props.onClose();
  };

  return (
    <Modal
      title="Save this call as a case"
      onCancel={props.onClose}
      actions={
        <>
          <button className="primary" onClick={() => void save()}>
            Save case
          </button>
          <button onClick={props.onClose}>Cancel</button>
        </>
      }
    >
      <label className="form-row">
        Name
        <input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
      </label>
      <label className="form-row">
        Output contains
        <input value={contains} onChange={(e) => setContains(e.target.value)} />
      </label>
      <p className="muted">
        Saved as <code>tests/{name}.case.json</code> in the skill folder, expecting{' '}
        {result.output?.isError === false ? 'success' : 'a tool error'}
        {props.existing.includes(name) ? '. A case with this name exists and will be replaced.' : '.'}
      </p>
      {error ? (
        <p className="sev-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
