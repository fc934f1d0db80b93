// Owns a tuple field: a fixed order of positions, then any further items of the rest schema.
import { useContext, useId, type ReactNode } from 'react';
import type { JsonValue } from '../../../../../shared/types.js';
import type { Field } from '../field.js';
import { itemBlank } from '../form-state.js';
import { withTupleItem } from '../form-edits.js';
import { Ctx, useMemberUpdates, type EditorProps } from '../form-context.js';
import { ErrorsAt, Help, Legend } from './field-parts.js';

export function TupleEditor(props: EditorProps & { name: string; clear: ReactNode }) {
  const { disabled, Field: FieldEditor } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'tuple' }>;
  const { update } = props;
  const items = Array.isArray(props.value) ? props.value : [];
  const list = (prev: JsonValue | undefined) => (Array.isArray(prev) ? prev : []);
  const member = useMemberUpdates<number>(
    update,
    field,
    (i) => (change) => update((prev) => withTupleItem(field, prev, i, change(list(prev)[i]))),
  );
  const id = useId();
  const restCount = Math.max(0, items.length - field.prefix.length);
  return (
    <fieldset className="form-array form-tuple">
      <Legend label={props.label || props.name} required={props.required}>
        <span className="muted"> (a list with a fixed order)</span> {props.clear}
      </Legend>
      <Help id={id} field={field} />
      <ErrorsAt pointer={props.pointer} />
      {field.prefix.map((f, i) => (
        <FieldEditor
          key={i}
          field={f}
          value={items[i]}
          update={member(i)}
          pointer={`${props.pointer}/${i}`}
          label={`${i + 1}. ${f.title ?? `${props.name} item ${i + 1}`}`}
          required={field.minItems !== undefined && i < field.minItems}
        />
      ))}
      {field.rest
        ? Array.from({ length: restCount }, (_, k) => {
            const i = field.prefix.length + k;
            return (
              <div className="array-item" key={i}>
                <FieldEditor
                  field={field.rest!}
                  value={items[i]}
                  update={member(i)}
                  pointer={`${props.pointer}/${i}`}
                  label={`${props.name} item ${i + 1}`}
                  required={false}
                />
                <div className="item-actions">
                  <button
                    type="button"
                    aria-label={`Remove ${props.name} item ${i + 1}`}
                    disabled={disabled}
                    onClick={() => update((prev) => list(prev).filter((_, j) => j !== i))}
                  >
                    ✕
                  </button>
                </div>
              </div>
            );
          })
        : null}
      {field.rest ? (
        <button
          type="button"
          disabled={disabled}
          aria-label={`Add item to ${props.name}`}
          onClick={() =>
            update((prev) => {
              const next = [...list(prev)];
              for (let j = next.length; j < field.prefix.length; j++) next[j] = itemBlank(field.prefix[j]!);
              return [...next, itemBlank(field.rest!)];
            })
          }
        >
          Add item
        </button>
      ) : null}
    </fieldset>
  );
}
