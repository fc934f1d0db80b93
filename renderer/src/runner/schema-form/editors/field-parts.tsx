// Owns the pieces every editor draws around its input: the row, the help and rule notes, the legend of a group,
// and the validator's messages at a pointer.
import { useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Field } from '../field.js';
import { Ctx, split, useMessages } from '../form-context.js';

export function Row(props: {
  id: string;
  label: string;
  required: boolean;
  field: Field;
  pointer: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const messages = useMessages(props.pointer);
  return (
    <div className={`form-row${messages.length ? ' has-error' : ''}`}>
      {props.label || props.extra ? (
        <div className="row-head">
          {props.label ? <label htmlFor={props.id}>{props.label}</label> : null}
          {props.label && props.required ? (
            <span className="required" aria-hidden="true">
              *
            </span>
          ) : null}
          {props.extra}
        </div>
      ) : null}
      {props.children}
      <Help id={props.id} field={props.field} />
      {messages.map((m, i) => (
        <small key={i} id={`${props.id}-err${i}`} className="field-error">
          {m}
        </small>
      ))}
    </div>
  );
}

export function Help(props: { id: string; field: Field }) {
  const { description, notes } = props.field;
  return (
    <>
      {description ? (
        <small id={`${props.id}-help`} className="help">
          {description}
        </small>
      ) : null}
      {(notes ?? []).map((n, i) => (
        <small key={i} className="help rule-note">
          {n}
        </small>
      ))}
    </>
  );
}

export function Legend(props: { label: string; required: boolean; extra?: ReactNode; children?: ReactNode }) {
  if (!props.label) return null;
  return (
    <legend>
      {props.label}
      {props.required ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
      {props.children}
    </legend>
  );
}

export function ErrorsAt(props: { pointer: string }) {
  const { messages } = useContext(Ctx);
  const { pointer } = props;
  const joined = useSyncExternalStore(messages.subscribe, () => messages.errorsAt(pointer));
  return (
    <>
      {split(joined).map((m, i) => (
        <small key={i} className="field-error">
          {m}
        </small>
      ))}
    </>
  );
}
