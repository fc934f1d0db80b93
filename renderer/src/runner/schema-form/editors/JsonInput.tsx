// Owns a field edited as JSON (what a form cannot show exactly): the text as typed, parsed when it is valid JSON.
import { useContext, useEffect, useState } from 'react';
import type { JsonValue } from '../../../../../shared/types.js';
import type { Field } from '../field.js';
import { Ctx, type EditorProps } from '../form-context.js';

export function JsonInput(props: EditorProps & { aria: Record<string, unknown> }) {
  const { setInvalid } = useContext(Ctx);
  const shown = props.value === undefined ? '' : JSON.stringify(props.value, null, 2);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((t) => {
      try {
        return t.trim() !== '' && JSON.stringify(JSON.parse(t)) === JSON.stringify(props.value) ? t : shown;
      } catch {
        return t;
      }
    });
  }, [props.value, shown]);
  const { pointer } = props;
  useEffect(() => () => setInvalid(pointer, undefined), [pointer, setInvalid]);
  const field = props.field as Extract<Field, { kind: 'json' }>;
  return (
    <>
      <textarea
        {...props.aria}
        className="json-field"
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        value={text}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setInvalid(pointer, undefined);
            return props.update(() => undefined);
          }
          try {
            const v = JSON.parse(e.target.value) as JsonValue;
            setInvalid(pointer, undefined);
            props.update(() => v);
          } catch (err) {
            setInvalid(pointer, `Not valid JSON: ${(err as Error).message}`);
          }
        }}
      />
      <small className="muted">Edited as JSON: {field.reason}.</small>
    </>
  );
}
