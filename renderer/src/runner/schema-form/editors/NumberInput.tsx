// Owns the text input of a number: what is typed stays as typed, and text that is not a number is reported, never sent.
import { useContext, useEffect, useState } from 'react';
import type { Field } from '../field.js';
import { Ctx, type EditorProps } from '../form-context.js';

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function NumberInput(props: EditorProps & { aria: Record<string, unknown> }) {
  const { setInvalid } = useContext(Ctx);
  const field = props.field as Extract<Field, { kind: 'number' | 'integer' }>;
  const shown = typeof props.value === 'number' ? String(props.value) : '';
  const [text, setText] = useState(shown);
  // Follow the value when it changes from outside (the JSON editor, a replay).
  useEffect(() => {
    setText((t) => (NUMBER.test(t.trim()) && Number(t) === props.value ? t : shown));
  }, [props.value, shown]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  return (
    <input
      {...props.aria}
      inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
      value={text}
      placeholder={[
        field.minimum !== undefined ? `≥ ${field.minimum}` : '',
        field.maximum !== undefined ? `≤ ${field.maximum}` : '',
      ]
        .filter(Boolean)
        .join(', ')}
      onChange={(e) => {
        const t = e.target.value.trim();
        setText(e.target.value);
        if (t === '') {
          setInvalid(pointer, undefined);
          props.update(() => undefined);
        } else if (NUMBER.test(t)) {
          setInvalid(pointer, undefined);
          props.update(() => Number(t));
        } else {
          // Nothing is sent while the text is not a number; the run button says why.
          setInvalid(pointer, `"${t}" is not a number.`);
          props.update(() => undefined);
        }
      }}
    />
  );
}
