// Owns the host's schema checks: tool arguments through the shared check (shared/args-check.ts, the page runs the
// same one); output schemas with Ajv 2020-12 (draft-07 when `$schema` says so), formats on, one compile per schema.
import type { ValidateFunction } from 'ajv';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import { ajvFor } from '../schema/check-schema.js';
import type { ArgProblem } from '../../../shared/args-check.js';

const compiled = new Map<string, ValidateFunction>();

const bySchemaObject = new WeakMap<object, ValidateFunction>();

export function compileSchema(schema: JsonSchema): ValidateFunction {
  // Schemas are usually the same object call after call (catalog, manifest, MCP listing): skip serialising them.
  const known = typeof schema === 'object' ? bySchemaObject.get(schema) : undefined;
  if (known) return known;
  const fn = compileByContent(schema);
  if (typeof schema === 'object') bySchemaObject.set(schema, fn);
  return fn;
}

function compileByContent(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    const copy = JSON.parse(key) as JsonSchema;
    if (typeof copy === 'object') delete copy.$id; // ids of different skills must not collide in the shared Ajv
    try {
      fn = ajvFor(copy).compile(copy);
    } catch (error) {
      throw new SkillError(
        'ConfigValidation',
        `The tool's input schema cannot be compiled: ${(error as Error).message}`,
      );
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, fn);
  }
  return fn;
}

/**
 * Throws InvalidArgs naming every failing path in plain words; nothing runs on invalid args. The check is the one
 * the page runs while the user fills the form (shared/args-check.ts), so both say the same thing. It is imported on
 * the first call: loading a library (validating its tools' schemas) never needs the argument checker.
 */
export async function assertValidArgs(schema: JsonSchema, args: JsonValue, what: string): Promise<void> {
  const { checkArgs, UncheckableSchemaError } = await import('../../../shared/args-check.js');
  let problems: ArgProblem[];
  try {
    problems = checkArgs(schema, args);
  } catch (error) {
    if (error instanceof UncheckableSchemaError) throw new SkillError('ConfigValidation', error.message);
    throw error;
  }
  if (problems.length === 0) return;
  const details = problems.map((p) => ({ path: p.pointer || '(root)', message: p.message }));
  throw new SkillError(
    'InvalidArgs',
    `Invalid arguments for ${what}: ${details.map((p) => `${p.message} (${p.path})`).join(' ')}`,
    details,
  );
}

/** Why a structured output breaks its output schema, or undefined when it conforms. */
export function outputSchemaProblems(
  schema: JsonSchema,
  structured: JsonValue | undefined,
): string | undefined {
  if (structured === undefined) return 'the tool produced no structured (JSON) output';
  const validate = compileSchema(schema);
  if (validate(structured)) return undefined;
  return (validate.errors ?? [])
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
    .join('; ');
}
