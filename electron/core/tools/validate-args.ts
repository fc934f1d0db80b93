// Owns argument validation: Ajv 2020-12 (draft-07 when `$schema` says so), formats on, one compile per schema.
import type { ValidateFunction } from 'ajv';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import { ajvFor } from '../schema/check-schema.js';

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

/** Throws InvalidArgs naming every failing path; nothing runs on invalid args. */
export function assertValidArgs(schema: JsonSchema, args: JsonValue, what: string): void {
  const validate = compileSchema(schema);
  if (validate(args)) return;
  const problems = (validate.errors ?? []).map((e) => {
    const path = e.instancePath || '(root)';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
        : e.keyword === 'required'
          ? ` (${String((e.params as { missingProperty?: string }).missingProperty)})`
          : '';
    return { path, message: `${e.message ?? 'is invalid'}${extra}` };
  });
  throw new SkillError(
    'InvalidArgs',
    `Invalid arguments for ${what}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
    problems,
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
