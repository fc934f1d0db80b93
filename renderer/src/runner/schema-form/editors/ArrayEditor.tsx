// Owns a list field: its items, each drawn by the item's editor, with add, move and remove.
import { useContext, useId, type ReactNode } from 'react';
import type { JsonValue } from '../../../../../shared/types.js';
import type { Field } from '../field.js';
import { itemBlank } from '../form-state.js';
import { withItem } from '../form-edits.js';
import { Ctx, useMemberUpdates, type EditorProps } from '../form-context.js';
import { ErrorsAt, Help, Legend } from './field-parts.js';

export function ArrayEditor(props: EditorProps & { name: string; clear: ReactNode }) {
  const { disabled, Field: FieldEditor } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'array' }>;
  const { update } = props;
  const items = Array.isArray(props.value) ? props.value : [];
  const list = (prev: JsonValue | undefined) => (Array.isArray(prev) ? prev : []);
  const member = useMemberUpdates<number>(
    update,
    field,
    (i) => (change) => update((prev) => withItem(prev, i, change(list(prev)[i]))),
  );
  const move = (from: number, to: number) =>
    update((prev) => {
      const next = [...list(prev)];
      const [item] = next.splice(from, 1);
      if (item !== undefined) next.splice(to, 0, item);
      return next;
    });
  const id = useId();
  return (
    <fieldset className="form-array">
      <Legend label={props.label || props.name} required={props.required}>
        <span className="muted">
          {' '}
          ({items.length} item{items.length === 1 ? '' : 's'})
        </span>{' '}
        {props.clear}
      </Legend>
      <Help id={id} field={field} />
      <ErrorsAt pointer={props.pointer} />
      {items.map((item, i) => (
        <div className="array-item" key={i}>
          <FieldEditor
            field={field.items}
            value={item}
            update={member(i)}
            pointer={`${props.pointer}/${i}`}
            label={`${props.name} item ${i + 1}`}
            required={false}
          />
          <div className="item-actions">
            <button
              type="button"
              aria-label={`Move ${props.name} item ${i + 1} up`}
              disabled={disabled || i === 0}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${props.name} item ${i + 1} down`}
              disabled={disabled || i === items.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={`Remove ${props.name} item ${i + 1}`}
              disabled={disabled}
              title="Remove"
              onClick={() => update((prev) => list(prev).filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        disabled={disabled || (field.maxItems !== undefined && items.length >= field.maxItems)}
        onClick={() => update((prev) => [...list(prev), itemBlank(field.items)])}
        aria-label={`Add item to ${props.name}`}
      >
        Add item
      </button>
    </fieldset>
  );
}
