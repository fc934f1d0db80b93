// The form a tool's schema gets, drawn from the normaliser's fields. It holds no copy of the value: what it shows
// is the value it was given, and every edit hands the whole new value up (the form never sends what it does not
// show). Which union branch is shown is state held by the caller (the user's pick wins; see shownBranch).
// A keystroke re-renders only the fields on the path to the one it changes: every field is memoised, each member
// gets a stable function that applies its change to the latest value, and messages reach fields through a store.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { JsonValue } from '../../../../shared/types.js';
import type { Field } from './field.js';
import { Ctx, FormMessages, type FormContext, type Update } from './form-context.js';
import { FieldEditor } from './editors/FieldEditor.js';
import { ErrorsAt } from './editors/field-parts.js';
import './schema-form.css';

const NO_ERRORS: ReadonlyMap<string, string[]> = new Map();

export function SchemaForm(props: {
  field: Field;
  value: JsonValue | undefined;
  onChange: (value: JsonValue | undefined) => void;
  errors?: ReadonlyMap<string, string[]>;
  onInvalid?: (invalid: Map<string, string>) => void;
  disabled?: boolean;
  /** The user's union picks by pointer, and the callback recording one (kept here when not given). */
  picks?: ReadonlyMap<string, number>;
  onPick?: (pointer: string, index: number) => void;
}) {
  const [ownPicks, setOwnPicks] = useState<ReadonlyMap<string, number>>(new Map());
  const picks = props.picks ?? ownPicks;
  const [invalid, setInvalidMap] = useState(new Map<string, string>());
  const errors = props.errors ?? NO_ERRORS;
  const [messages] = useState(() => new FormMessages(errors, invalid));
  // Before paint: the fields whose messages changed re-render, no other.
  useLayoutEffect(() => messages.set(errors, invalid), [messages, errors, invalid]);
  const { onInvalid } = props;
  useEffect(() => {
    onInvalid?.(invalid);
  }, [invalid, onInvalid]);
  // Stable, so fields can report from effects without re-running them on every render.
  const setInvalid = useCallback(
    (pointer: string, message: string | undefined) =>
      setInvalidMap((m) => {
        if (m.get(pointer) === message) return m;
        const next = new Map(m);
        if (message === undefined) next.delete(pointer);
        else next.set(pointer, message);
        return next;
      }),
    [],
  );
  // The callbacks given are called through this, so a caller's new function objects re-render no field. The root's
  // update applies a change to the latest value: the one last handed up, until the next render says.
  const latest = useRef({ value: props.value, onChange: props.onChange, onPick: props.onPick });
  useLayoutEffect(() => {
    latest.current = { value: props.value, onChange: props.onChange, onPick: props.onPick };
  });
  const update = useCallback<Update>((change) => {
    const next = change(latest.current.value);
    latest.current.value = next;
    latest.current.onChange(next);
  }, []);
  const pick = useCallback((pointer: string, i: number) => {
    if (latest.current.onPick) latest.current.onPick(pointer, i);
    else setOwnPicks((m) => new Map(m).set(pointer, i));
  }, []);
  const disabled = props.disabled ?? false;
  const ctx = useMemo<FormContext>(
    () => ({ messages, disabled, setInvalid, picks, pick, Field: FieldEditor }),
    [messages, disabled, setInvalid, picks, pick],
  );
  return (
    <Ctx.Provider value={ctx}>
      <div className="schema-form">
        <ErrorsAt pointer="" />
        <FieldEditor
          field={props.field}
          value={props.value}
          update={update}
          pointer=""
          label=""
          name="Arguments"
          required
        />
      </div>
    </Ctx.Provider>
  );
}
