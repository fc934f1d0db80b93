// Owns saved calls ("cases"): `tests/<name>.case.json` in a skill folder, what they expect, and running them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type * as JsonPathPlus from 'jsonpath-plus';
import type { JsonSchema, JsonValue, SkillDefinition, ToolOutput } from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import type { Executor } from '../tools/executor.js';
import { compileSchema } from '../tools/validate-args.js';
import { loadLater } from '../load-later.js';
import { parseJsonText, readJson } from '../../../shared/json-read.js';

const jsonPath = loadLater<typeof JsonPathPlus>('jsonpath-plus');

/** The documented case format. */
export interface SavedCase {
  tool: string;
  args?: JsonValue;
  description?: string;
  timeoutSecs?: number;
  expect?: {
    /** The call fails with this SkillErrorCode (e.g. "InvalidArgs", "Http") instead of returning output. */
    error?: string;
    isError?: boolean;
    /** Text the output contains (all of them, when a list). */
    contains?: string | string[];
    /** A regular expression the output matches: "pattern" or { "pattern", "flags" }. */
    matches?: string | { pattern: string; flags?: string };
    /** JSONPath -> expected value, evaluated on the structured output (or the output parsed as JSON). */
    jsonPath?: Record<string, JsonValue>;
    /** A JSON Schema the structured output must satisfy. */
    outputSchema?: JsonSchema;
  };
}

export interface CaseResult {
  name: string;
  file: string;
  skill: string;
  tool: string;
  passed: boolean;
  failures: string[];
  durationMs: number;
  output?: ToolOutput;
  error?: { code: string; message: string };
}

export const CASES_DIR = 'tests';
export const CASE_SUFFIX = '.case.json';

export function caseFiles(skill: SkillDefinition): string[] {
  const dir = join(dirname(skill.sourcePath), CASES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(CASE_SUFFIX))
    .sort()
    .map((f) => join(dir, f));
}

export function readCase(file: string): SavedCase {
  const c = parseJsonText(readFileSync(file, 'utf8'), file) as unknown as SavedCase;
  if (typeof c !== 'object' || c === null || typeof c.tool !== 'string') {
    throw new SkillError(
      'InvalidFormat',
      `${file}: a case needs at least "tool" (and usually "args" and "expect").`,
    );
  }
  return c;
}

function structuredOf(output: ToolOutput): JsonValue | undefined {
  if (output.structured !== undefined) return output.structured;
  const read = readJson(output.output);
  return read.ok ? read.value : undefined;
}

/** Every expectation that does not hold, in words. */
export function checkExpectations(
  expect: NonNullable<SavedCase['expect']>,
  output: ToolOutput | undefined,
  error: SkillError | undefined,
): string[] {
  const failures: string[] = [];
  if (expect.error !== undefined) {
    if (!error) failures.push(`expected the call to fail with ${expect.error}, but it returned output`);
    else if (error.code !== expect.error)
      failures.push(`expected error ${expect.error}, got ${error.code}: ${error.message}`);
    return failures;
  }
  if (error || !output)
    return [`the call failed: ${error?.code ?? 'error'}: ${error?.message ?? 'no output'}`];
  const isError = expect.isError ?? false;
  if (output.isError !== isError)
    failures.push(
      `expected isError ${String(isError)}, got ${String(output.isError)}${output.isError ? `: ${output.output.slice(0, 200)}` : ''}`,
    );
  for (const text of expect.contains === undefined
    ? []
    : Array.isArray(expect.contains)
      ? expect.contains
      : [expect.contains]) {
    if (!output.output.includes(text))
      failures.push(`expected the output to contain ${JSON.stringify(text)}`);
  }
  if (expect.matches !== undefined) {
    const { pattern, flags } =
      typeof expect.matches === 'string' ? { pattern: expect.matches, flags: '' } : expect.matches;
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, flags);
    } catch (e) {
      failures.push(`"matches" is not a valid regular expression: ${(e as Error).message}`);
    }
    if (re && !re.test(output.output))
      failures.push(`expected the output to match /${pattern}/${flags ?? ''}`);
  }
  const structured = structuredOf(output);
  for (const [path, expected] of Object.entries(expect.jsonPath ?? {})) {
    if (structured === undefined) {
      failures.push(`expected ${path} = ${JSON.stringify(expected)}, but the output is not JSON`);
      continue;
    }
    const found = jsonPath().JSONPath<JsonValue[]>({
      path,
      json: structured as object,
      wrap: true,
      eval: 'safe',
    });
    const actual = found.length === 1 ? found[0] : found;
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      failures.push(`expected ${path} = ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`);
  }
  if (expect.outputSchema !== undefined) {
    const validate = compileSchema(expect.outputSchema);
    if (!validate(structured))
      failures.push(
        `the structured output does not match outputSchema: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`).join('; ')}`,
      );
  }
  return failures;
}

export async function runCase(executor: Executor, skill: SkillDefinition, file: string): Promise<CaseResult> {
  const name = basename(file, CASE_SUFFIX);
  const started = performance.now();
  const base = { name, file, skill: skill.name };
  let c: SavedCase;
  try {
    c = readCase(file);
  } catch (error) {
    return { ...base, tool: '', passed: false, failures: [(error as Error).message], durationMs: 0 };
  }
  let output: ToolOutput | undefined;
  let error: SkillError | undefined;
  try {
    output = await executor.executeTool(
      skill.id,
      c.tool,
      c.args ?? {},
      c.timeoutSecs ? { timeoutSecs: c.timeoutSecs } : {},
    );
  } catch (e) {
    error = e instanceof SkillError ? e : new SkillError('ToolExecution', (e as Error).message);
  }
  const failures = checkExpectations(c.expect ?? {}, output, error);
  const result: CaseResult = {
    ...base,
    tool: c.tool,
    passed: failures.length === 0,
    failures,
    durationMs: performance.now() - started,
  };
  if (output) result.output = output;
  if (error) result.error = { code: error.code, message: error.message };
  return result;
}
