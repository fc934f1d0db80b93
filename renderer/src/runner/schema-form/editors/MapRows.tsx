// Owns the rows of an object's other keys (a map's entries, pattern keys, keys typed in the JSON pane): a key
// input that refuses an empty or taken key, and the value's editor.
import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import {
  escapeToken,
  isJsonObject as isObj,
  type JsonObject as Obj,
} from '../../../../../shared/json-pointer.js';
import type { Field } from '../field.js';
import { itemBlank, propertyField } from '../form-state.js';
import { withEntry } from '../form-edits.js';
import { Ctx, useMemberUpdates, type Update } from '../form-context.js';

/** Keys beyond the declared properties: a map's entries, pattern keys, or keys typed in the JSON pane. */
export function MapRows(props: {
  field: Extract<Field, { kind: 'object' }>;
  obj: Obj;
  keys: string[];
  pointer: string;
  name: string;
  canAdd: boolean;
  /** The object's update. */
  update: Update;
}) {
  const { field, obj, update } = props;
  const { disabled, Field: FieldEditor } = useContext(Ctx);
  const entry = useMemberUpdates<string>(
    update,
    field,
    (key) => (change) => update((prev) => withEntry(prev, key, change(isObj(prev) ? prev[key] : undefined))),
  );
  const rename = (from: string, to: string) =>
    update((prev) => {
      const next: Obj = {};
      for (const [k, v] of Object.entries(isObj(prev) ? prev : {})) next[k === from ? to : k] = v;
      return next;
    });
  const remove = (key: string) => update((prev) => withEntry(prev, key, undefined));
  const add = () => {
    let n = props.keys.length + 1;
    while (`key${n}` in obj) n++;
    const key = `key${n}`;
    const f = propertyField(field, key);
    update((prev) => withEntry(prev, key, f ? itemBlank(f) : ''));
  };
  return (
    <div className="map-rows" role="group" aria-label={`${props.name}: entries`}>
      {props.keys.map((key, i) => {
        const f: Field = propertyField(field, key) ?? {
          kind: 'json',
          nullable: false,
          secret: false,
          readOnly: false,
          reason:
            field.additional === 'none'
              ? 'the tool accepts no key of this name'
              : 'a key the schema does not describe, so any JSON value',
        };
        return (
          <div className="map-row" key={i}>
            <KeyInput
              value={key}
              taken={(k) => k !== key && k in obj}
              pointer={`${props.pointer}/${escapeToken(key)}#key`}
              label={`${props.name}: key ${i + 1}`}
              onRename={(k) => rename(key, k)}
            />
            <div className="map-value">
              <FieldEditor
                field={f}
                value={obj[key]}
                update={entry(key)}
                pointer={`${props.pointer}/${escapeToken(key)}`}
                label=""
                name={`${props.name}: ${key}`}
                required
              />
            </div>
            <button
              type="button"
              aria-label={`Remove ${key} from ${props.name}`}
              title="Remove"
              disabled={disabled}
              onClick={() => remove(key)}
            >
              ✕
            </button>
          </div>
        );
      })}
      {props.canAdd ? (
        <button type="button" onClick={add} aria-label={`Add entry to ${props.name}`}>
          Add entry
        </button>
      ) : null}
    </div>
  );
}

function KeyInput(props: {
  value: string;
  taken: (key: string) => boolean;
  pointer: string;
  label: string;
  onRename: (key: string) => void;
}) {
  const { setInvalid, messages, disabled } = useContext(Ctx);
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  const bad = useSyncExternalStore(messages.subscribe, () => messages.invalidAt(pointer));
  return (
    <div className="map-key">
      <input
        aria-label={props.label}
        value={text}
        disabled={disabled}
        aria-invalid={bad ? true : undefined}
        onChange={(e) => {
          const k = e.target.value;
          setText(k);
          if (k === '') setInvalid(pointer, 'A key cannot be empty.');
          else if (props.taken(k)) setInvalid(pointer, `The key "${k}" is already used.`);
          else {
            setInvalid(pointer, undefined);
            props.onRename(k);
          }
        }}
      />
      {bad ? <small className="field-error">{bad}</small> : null}
    </div>
  );
}
