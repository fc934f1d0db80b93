// Owns the text input of a string field: a masked input for a secret, the browser's own input for known formats.
import type { Field } from '../field.js';
import type { InputProps } from '../form-context.js';

const INPUT_TYPES: Record<string, string> = {
  email: 'email',
  uri: 'url',
  url: 'url',
  date: 'date',
  time: 'time',
};

export function StringInput({ field, value, set, aria }: InputProps<Extract<Field, { kind: 'string' }>>) {
  const type = field.secret ? 'password' : (INPUT_TYPES[field.format ?? ''] ?? 'text');
  return (
    <input
      {...aria}
      type={type}
      value={typeof value === 'string' ? value : ''}
      placeholder={field.format ?? ''}
      maxLength={field.maxLength}
      onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}
