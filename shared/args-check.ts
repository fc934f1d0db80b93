// Owns checking tool arguments against a tool's input schema, for the host and the page alike. @cfworker/json-schema
// interprets schemas (no code generation, so the page's CSP needs no 'unsafe-eval'); the draft follows `$schema`.
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { chooseBranches, inOtherBranch, type ChosenBranches } from './args-check/branches.js';
import { problemOf, type ArgProblem, type ErrorPlace } from './args-check/messages.js';
import {
  branchName,
  isObj,
  labelOf,
  memberTitle,
  schemaAt,
  titleAlong,
  type Obj,
} from './args-check/schema-walk.js';
import { valueAtPointer } from './json-pointer.js';
import { schemaDraft } from './schema-draft.js';
import type { JsonSchema, JsonValue } from './types.js';

export type { ArgProblem };

const validators = new WeakMap<object, Validator>();
const byText = new Map<string, Validator>();

function validatorFor(schema: JsonSchema): Validator {
  const key = isObj(schema) ? schema : undefined;
  const known = key ? validators.get(key) : undefined;
  if (known) return known;
  const text = JSON.stringify(schema);
  let v = byText.get(text);
  if (!v) {
    const copy = JSON.parse(text) as JsonSchema;
    // Ids of different tools must not collide, and remote ids are never fetched: check the schema as anonymous.
    if (isObj(copy)) delete copy.$id;
    v = new Validator(copy, schemaDraft(schema), false);
    if (byText.size > 500) byText.clear();
    byText.set(text, v);
  }
  if (key) validators.set(key, v);
  return v;
}

/** Thrown when the schema itself cannot be used (a `$ref` that resolves nowhere, a bad pattern). */
export class UncheckableSchemaError extends Error {}

/**
 * The problems with `value` as arguments of a tool with this schema, in plain words; [] when it is valid.
 * `branches` holds the union branch the form shows at a JSON pointer (the user's pick): its errors are the ones
 * reported. Without it, the branch the value belongs to is chosen (a matching discriminator, else the fewest errors).
 */
export function checkArgs(
  schema: JsonSchema,
  value: JsonValue | undefined,
  branches?: ReadonlyMap<string, number>,
): ArgProblem[] {
  let units: OutputUnit[];
  try {
    units = validatorFor(schema).validate(value === undefined ? {} : value).errors;
  } catch (e) {
    throw new UncheckableSchemaError(`The tool's input schema cannot be checked: ${(e as Error).message}`);
  }
  if (units.length === 0) return [];
  const root = isObj(schema) ? schema : {};
  return explain(units, root, value === undefined ? {} : value, branches ?? new Map());
}

/** Each error in plain words at the pointer of the value that owns it, once, and only from the branch that speaks. */
function explain(
  units: OutputUnit[],
  root: Obj,
  value: JsonValue,
  picked: ReadonlyMap<string, number>,
): ArgProblem[] {
  const chosen = chooseBranches(units, root, value, picked);
  const out: ArgProblem[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    if (inOtherBranch(unit, chosen)) continue;
    const problem = problemOf(placeOf(unit, units, root, value, chosen));
    const key = problem && `${problem.pointer}\n${problem.message}`;
    if (problem && key && !seen.has(key)) {
      seen.add(key);
      out.push(problem);
    }
  }
  return out;
}

/** Where an error sits: the failing value, the schema holding the keyword, and the names a message reads. */
function placeOf(
  unit: OutputUnit,
  units: OutputUnit[],
  root: Obj,
  value: JsonValue,
  chosen: ChosenBranches,
): ErrorPlace {
  const pointer = unit.instanceLocation.replace(/^#/, '');
  const keywordParent = unit.keywordLocation.replace(/\/[^/]*$/, '');
  const owner = schemaAt(keywordParent, root);
  const label =
    titleAlong(keywordParent, root) ??
    memberTitle(unit.keywordLocation, root) ??
    labelOf(owner, pointer, root);
  const branch = /^(.*\/(?:oneOf|anyOf))\/(\d+)(?:\/|$)/.exec(unit.keywordLocation);
  const context = branch ? branchName(schemaAt(`${branch[1]}/${branch[2]}`, root), root) : undefined;
  return {
    unit,
    units,
    root,
    chosen,
    pointer,
    here: valueAtPointer(value, pointer),
    keywordParent,
    owner,
    s: isObj(owner) ? owner : {},
    label,
    forBranch: context ? ` for ${context}` : '',
  };
}
