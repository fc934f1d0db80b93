// Owns the select of a boolean field: not set, true or false (a checkbox could not say "not set").
import type { InputProps } from '../form-context.js';

export function BooleanSelect({ value, set, aria }: InputProps) {
  return (
    <select
      {...aria}
      value={typeof value === 'boolean' ? String(value) : ''}
      onChange={(e) => set(e.target.value === '' ? undefined : e.target.value === 'true')}
    >
      <option value="">(not set)</option>
      <option value="true">true</option>
      <option value="false">false</option>
    </select>
  );
}
