// Owns which JSON Schema draft a schema is read with (one answer for the host's Ajv checks and the shared argument
// check), apart from the validator itself so that knowing the draft never loads @cfworker/json-schema (issue 14).
import type { SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from './types.js';

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The draft a schema is checked with: what its `$schema` names, 2020-12 when it names none. */
export function schemaDraft(schema: JsonSchema): SchemaDraft {
  const declared = isObj(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[4]/.test(declared)) return '4';
  if (/draft-0[5-7]/.test(declared)) return '7';
  if (/2019-09/.test(declared)) return '2019-09';
  return '2020-12';
}
