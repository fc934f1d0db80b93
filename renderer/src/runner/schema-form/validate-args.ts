// Owns turning the shared argument check (shared/args-check.ts, the same one the host runs before a call) into the
// form's messages by JSON pointer, reporting only the union branches the form shows.
import { checkArgs, UncheckableSchemaError } from '../../../../shared/args-check.js';
import type { JsonSchema, JsonValue } from '../../../../shared/types.js';

export interface ArgError {
  /** JSON pointer of the value, "" for the root. */
  pointer: string;
  message: string;
}

export function validateArgs(
  schema: JsonSchema,
  value: JsonValue | undefined,
  branches?: ReadonlyMap<string, number>,
): ArgError[] {
  try {
    return checkArgs(schema, value, branches).map((p) => ({ pointer: p.pointer, message: p.message }));
  } catch (e) {
    if (e instanceof UncheckableSchemaError) return [{ pointer: '', message: e.message }];
    throw e;
  }
}

/** The messages grouped by pointer, as the form shows them. */
export function errorsByPointer(errors: ArgError[]): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const e of errors) m.set(e.pointer, [...(m.get(e.pointer) ?? []), e.message]);
  return m;
}
