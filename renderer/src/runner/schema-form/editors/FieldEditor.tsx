// Owns drawing one field: its null switch, its row (label, help, messages, accessible name) and the editor of
// its kind. Memoised, so a keystroke re-renders only the fields on the path to the one it changes.
import { memo, useCallback, useContext, useId, type ReactNode } from 'react';
import type { JsonValue } from '../../../../../shared/types.js';
import type { Field } from '../field.js';
import { blankValue } from '../form-state.js';
import { Ctx, useMessages, type EditorProps } from '../form-context.js';
import { ArrayEditor } from './ArrayEditor.js';
import { BooleanSelect } from './BooleanSelect.js';
import { ChoiceEditor } from './ChoiceEditor.js';
import { ConstValue } from './ConstValue.js';
import { EnumSelect } from './EnumSelect.js';
import { Row } from './field-parts.js';
import { JsonInput } from './JsonInput.js';
import { NumberInput } from './NumberInput.js';
import { ObjectEditor } from './ObjectEditor.js';
import { RefEditor } from './RefEditor.js';
import { StringInput } from './StringInput.js';
import { TupleEditor } from './TupleEditor.js';

/** The same field without null (one object per field, so the memoised editor under the null switch stays put). */
const withoutNull = new WeakMap<Field, Field>();
function notNull(field: Field): Field {
  let plain = withoutNull.get(field);
  if (!plain) withoutNull.set(field, (plain = { ...field, nullable: false } as Field));
  return plain;
}

export const FieldEditor = memo(function FieldEditor(props: EditorProps) {
  const id = useId();
  const { disabled } = useContext(Ctx);
  const { field, value, update } = props;
  const set = useCallback((v: JsonValue | undefined) => update(() => v), [update]);
  const messages = useMessages(props.pointer);
  const label = props.label;
  const name = label || props.name || field.title || 'Value';
  if (field.nullable && field.kind !== 'json') {
    const isNull = value === null;
    const plain = notNull(field);
    const toggle = (
      <label className="null-toggle">
        <input
          type="checkbox"
          checked={isNull}
          disabled={disabled}
          aria-label={`${name}: null`}
          onChange={(e) => set(e.target.checked ? null : blankValue(plain))}
        />{' '}
        null
      </label>
    );
    if (isNull)
      return (
        <Row
          id={id}
          label={label}
          required={props.required}
          field={field}
          pointer={props.pointer}
          extra={toggle}
        >
          <output id={id} className="muted">
            null
          </output>
        </Row>
      );
    return (
      <div className="nullable">
        {toggle}
        <FieldEditor {...props} field={plain} />
      </div>
    );
  }
  const describedBy = [
    field.description ? `${id}-help` : '',
    ...messages.map((_, i) => `${id}-err${i}`),
  ].filter(Boolean);
  const aria = {
    id,
    'aria-required': props.required || undefined,
    'aria-invalid': messages.length ? true : undefined,
    'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
    'aria-label': label ? undefined : name,
    disabled: disabled || field.readOnly,
  };
  const row = (children: ReactNode) => (
    <Row id={id} label={label} required={props.required} field={field} pointer={props.pointer}>
      {children}
    </Row>
  );
  const clear =
    !props.required && value !== undefined ? (
      <button
        type="button"
        className="link-button"
        aria-label={`Clear ${name}`}
        title="Leave this argument out"
        disabled={disabled}
        onClick={() => set(undefined)}
      >
        Clear
      </button>
    ) : null;
  switch (field.kind) {
    case 'string':
      return row(<StringInput field={field} value={value} set={set} aria={aria} />);
    case 'number':
    case 'integer':
      return row(<NumberInput {...props} aria={aria} />);
    case 'boolean':
      return row(<BooleanSelect field={field} value={value} set={set} aria={aria} />);
    case 'enum':
      return row(<EnumSelect field={field} value={value} set={set} aria={aria} />);
    case 'const':
      return row(<ConstValue id={id} value={field.value} name={label ? undefined : name} />);
    case 'object':
      return <ObjectEditor {...props} name={name} clear={clear} />;
    case 'array':
      return <ArrayEditor {...props} name={name} clear={clear} />;
    case 'tuple':
      return <TupleEditor {...props} name={name} clear={clear} />;
    case 'choice':
      return <ChoiceEditor {...props} name={name} />;
    case 'ref':
      return <RefEditor {...props} name={name} />;
    case 'json':
      return row(<JsonInput {...props} aria={aria} />);
  }
});
