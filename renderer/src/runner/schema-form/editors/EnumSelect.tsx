// Owns the select of an enum field: its options by label, chosen by index so any JSON value can be an option.
import type { Field } from '../field.js';
import { sameValue } from '../field.js';
import type { InputProps } from '../form-context.js';

export function EnumSelect({ field, value, set, aria }: InputProps<Extract<Field, { kind: 'enum' }>>) {
  const index = field.options.findIndex((o) => sameValue(o.value, value));
  return (
    <select
      {...aria}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => set(e.target.value === '' ? undefined : field.options[Number(e.target.value)]?.value)}
    >
      <option value="">(not set)</option>
      {field.options.map((o, i) => (
        <option key={i} value={i}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
