// Owns checking tool arguments in the renderer against the advertised schema with @cfworker/json-schema, which
// interprets schemas instead of generating code, so it runs under a CSP without 'unsafe-eval'.
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema, JsonValue } from '../../../../shared/types.js';

export interface ArgError {
  /** JSON pointer of the value, "" for the root. */
  pointer: string;
  message: string;
}

/** Summaries a nested error already explains, or that only point into branches the user did not pick. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'allOf',
  '$ref',
  'prefixItems',
  'additionalItems',
  'then',
  'else',
]);

const validators = new WeakMap<object, Validator>();

function validatorFor(schema: JsonSchema): Validator {
  const key = typeof schema === 'object' ? schema : { boolean: schema };
  let v = validators.get(key);
  if (!v) {
    v = new Validator(schema, '2020-12', false);
    validators.set(key, v);
  }
  return v;
}

export function validateArgs(schema: JsonSchema, value: JsonValue | undefined): ArgError[] {
  let units: OutputUnit[];
  try {
    units = validatorFor(schema).validate(value ?? {}).errors;
  } catch (e) {
    return [{ pointer: '', message: `The tool's schema cannot be checked here: ${(e as Error).message}` }];
  }
  const out: ArgError[] = [];
  for (const u of units) {
    if (WRAPPERS.has(u.keyword)) continue;
    if (/\/(anyOf|oneOf)\/\d+\//.test(u.keywordLocation)) continue;
    const pointer = u.instanceLocation.replace(/^#/, '');
    const required = /required property "(.*)"/.exec(u.error);
    if (u.keyword === 'required' && required)
      out.push({
        pointer: `${pointer}/${(required[1] ?? '').replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: 'Required.',
      });
    else out.push({ pointer, message: u.error });
  }
  return out;
}
