// Owns a recursive reference: a nested form of the same shape, expanded when the user asks (or when it has a value).
import { useContext, useState } from 'react';
import type { Field } from '../field.js';
import { Ctx, type EditorProps } from '../form-context.js';

/** A recursive reference: a nested form of the same shape, expanded when the user asks (or when it has a value). */
export function RefEditor(props: EditorProps & { name: string }) {
  const [open, setOpen] = useState(false);
  const field = props.field as Extract<Field, { kind: 'ref' }>;
  const { disabled, Field: FieldEditor } = useContext(Ctx);
  if (props.value === undefined && !open)
    return (
      <div className="form-row ref-collapsed">
        {props.label ? <span className="ref-label">{props.label}</span> : null}
        <button
          type="button"
          disabled={disabled}
          aria-expanded={false}
          aria-label={`Expand ${props.name}`}
          onClick={() => setOpen(true)}
        >
          Expand <span aria-hidden="true">▸</span>
        </button>
        <small className="muted"> (nested {field.title ?? 'value'}, not set)</small>
      </div>
    );
  return <FieldEditor {...props} field={expanded(field)} />;
}

/** The field a reference stands for, with the reference's own title and description (one object per reference). */
const expansions = new WeakMap<Field, Field>();
function expanded(field: Extract<Field, { kind: 'ref' }>): Field {
  let out = expansions.get(field);
  if (!out) {
    const inner = field.resolve();
    out = {
      ...inner,
      title: field.title ?? inner.title,
      description: field.description ?? inner.description,
    };
    expansions.set(field, out);
  }
  return out;
}
