// Owns showing a const field: the one value it can have, as text (nothing to edit).
import type { JsonValue } from '../../../../../shared/types.js';

export function ConstValue(props: { id: string; value: JsonValue; name: string | undefined }) {
  return (
    <output id={props.id} className="const-value" aria-label={props.name}>
      {typeof props.value === 'string' ? props.value : JSON.stringify(props.value)}
    </output>
  );
}
