// Owns a union field (oneOf, anyOf, several types): the variant select and the editor of the branch shown.
import { useContext, useId, useState } from 'react';
import { isJsonObject as isObj, type JsonObject as Obj } from '../../../../../shared/json-pointer.js';
import type { JsonValue } from '../../../../../shared/types.js';
import type { Field } from '../field.js';
import { blankValue, shownBranch } from '../form-state.js';
import { Ctx, type EditorProps } from '../form-context.js';
import { ErrorsAt, Help, Legend } from './field-parts.js';

export function ChoiceEditor(props: EditorProps & { name: string }) {
  const id = useId();
  const ctx = useContext(Ctx);
  const FieldEditor = ctx.Field;
  const field = props.field as Extract<Field, { kind: 'choice' }>;
  // A branch picked for an optional value stays shown while its first field is still empty.
  const [active, setActive] = useState(false);
  const unset = props.value === undefined && !props.required && !active;
  const picked = shownBranch(field, props.value, ctx.picks.get(props.pointer));
  const branch = unset ? undefined : field.branches[picked];
  const choose = (i: number) => {
    setActive(i >= 0);
    if (i < 0) return props.update(() => undefined);
    ctx.pick(props.pointer, i);
    const b = field.branches[i];
    if (!b) return;
    let next = blankValue(b.field);
    // Values of properties both branches have are kept when they fit the new branch.
    if (isObj(next) && isObj(props.value) && b.field.kind === 'object') {
      const carried: Obj = { ...next };
      for (const p of b.field.properties)
        if (p.name in props.value && p.field.kind !== 'const' && p.name !== b.discriminator?.name)
          carried[p.name] = props.value[p.name] as JsonValue;
      next = carried;
    }
    props.update(() => next);
  };
  const label = props.label;
  return (
    <fieldset className="form-choice">
      <Legend label={label} required={props.required} />
      <Help id={id} field={field} />
      <div className="branch-pick">
        <label htmlFor={id}>{label ? 'Variant' : `${props.name}: variant`}</label>
        <select
          id={id}
          disabled={ctx.disabled}
          value={unset ? -1 : picked}
          aria-label={label ? `${label}: variant` : undefined}
          onChange={(e) => choose(Number(e.target.value))}
        >
          {!props.required ? <option value={-1}>(not set)</option> : null}
          {field.branches.map((b, i) => (
            <option key={i} value={i}>
              {b.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorsAt pointer={props.pointer} />
      {branch ? (
        <FieldEditor
          field={branch.field}
          value={props.value}
          update={props.update}
          pointer={props.pointer}
          label=""
          name={label || props.name}
          required={props.required}
          hide={branch.discriminator?.name}
        />
      ) : null}
    </fieldset>
  );
}
