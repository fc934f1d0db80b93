// Owns checking that a JSON Schema is itself valid (meta-schema, resolvable refs), with the draft its `$schema` names.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv } from 'ajv';
import type { JsonSchema } from '../../../shared/types.js';
import { schemaDraft } from '../../../shared/schema-draft.js';
import { loadLater } from '../load-later.js';

type AddFormats = (ajv: Ajv | Ajv2020) => unknown;

// Ajv and its formats are CommonJS and take ~100 ms to load: required on the first schema, not at startup (issue 14),
// so a library without schemas (and `skillbench --version`) never loads them.
const loadAjv = loadLater<{ Ajv: typeof Ajv }>('ajv');
const loadAjv2020 = loadLater<{ Ajv2020: typeof Ajv2020 }>('ajv/dist/2020.js');
const ajvFormats = loadLater<{ default: AddFormats }>('ajv-formats');

let draft2020: Ajv2020 | undefined;
let draft07: Ajv | undefined;

/** Ajv for the schema's declared draft: 2020-12 unless `$schema` names draft-07 (or older, read as draft-07). */
export function ajvFor(schema: JsonSchema): Ajv | Ajv2020 {
  const draft = schemaDraft(schema);
  if (draft === '4' || draft === '7') {
    draft07 ??= withFormats(new (loadAjv().Ajv)({ strict: false, allErrors: true, validateFormats: true }));
    return draft07;
  }
  draft2020 ??= withFormats(
    new (loadAjv2020().Ajv2020)({ strict: false, allErrors: true, validateFormats: true }),
  );
  return draft2020;
}

function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  ajvFormats().default(ajv);
  return ajv;
}

const cache = new Map<string, string[]>();
const CACHE_MAX = 500;

/** Problems with a schema as a schema; [] when it is valid and every `$ref` resolves. */
export function schemaProblems(schema: JsonSchema): string[] {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) return hit;
  const problems = computeProblems(schema);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, problems);
  return problems;
}

function computeProblems(schema: JsonSchema): string[] {
  const ajv = ajvFor(schema);
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchema;
  if (typeof copy === 'object') delete copy.$id; // compile as an anonymous schema: ids must not collide across skills
  try {
    if (!ajv.validateSchema(copy)) {
      return (ajv.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
    }
  } catch (error) {
    return [(error as Error).message];
  }
  try {
    ajv.compile(copy);
    return [];
  } catch (error) {
    return [(error as Error).message];
  } finally {
    // Ajv keeps compiled object schemas by identity; a boolean schema is not kept (and removeSchema(true) throws).
    if (typeof copy === 'object') ajv.removeSchema(copy);
  }
}
