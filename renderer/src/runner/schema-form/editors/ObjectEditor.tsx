// Owns an object field: its declared properties, each drawn by its own editor, then the rows of its other keys.
import { useContext, useId, type ReactNode } from 'react';
import { escapeToken, isJsonObject as isObj } from '../../../../../shared/json-pointer.js';
import type { Field } from '../field.js';
import { withProperty } from '../form-edits.js';
import { Ctx, useMemberUpdates, type EditorProps } from '../form-context.js';
import { ErrorsAt, Help, Legend } from './field-parts.js';
import { MapRows } from './MapRows.js';

export function ObjectEditor(props: EditorProps & { name: string; clear: ReactNode }) {
  const id = useId();
  const ctx = useContext(Ctx);
  const FieldEditor = ctx.Field;
  const field = props.field as Extract<Field, { kind: 'object' }>;
  const { value, update } = props;
  const obj = isObj(value) ? value : {};
  const member = useMemberUpdates<string>(
    update,
    field,
    (key) => (change) =>
      update((prev) => withProperty(prev, key, change(isObj(prev) ? prev[key] : undefined))),
  );
  const declared = new Set(field.properties.map((p) => p.name));
  const extraKeys = Object.keys(obj).filter((k) => !declared.has(k));
  const canAdd = (typeof field.additional === 'object' || field.patterns.length > 0) && !ctx.disabled;
  const inner = (
    <>
      {field.properties
        .filter((p) => p.name !== props.hide)
        .map((p) => (
          <FieldEditor
            key={p.name}
            field={p.field}
            value={obj[p.name]}
            update={member(p.name)}
            pointer={`${props.pointer}/${escapeToken(p.name)}`}
            label={p.field.title ?? p.name}
            required={p.required}
          />
        ))}
      {extraKeys.length || canAdd ? (
        <MapRows
          field={field}
          obj={obj}
          keys={extraKeys}
          pointer={props.pointer}
          name={props.name}
          update={update}
          canAdd={canAdd}
        />
      ) : null}
    </>
  );
  if (!props.pointer && !props.label)
    return (
      <div className="form-object">
        <Help id={id} field={field} />
        {field.properties.length || extraKeys.length || canAdd ? (
          inner
        ) : (
          <p className="muted">This tool takes no arguments.</p>
        )}
      </div>
    );
  if (!props.label)
    return (
      <div className="form-object">
        <Help id={id} field={field} />
        {inner}
      </div>
    );
  return (
    <fieldset className="form-object">
      <Legend label={props.label} required={props.required}>
        {' '}
        {props.clear}
      </Legend>
      <Help id={id} field={field} />
      <ErrorsAt pointer={props.pointer} />
      {inner}
    </fieldset>
  );
}
