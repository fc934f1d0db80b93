// Owns skill-creator's evals/evals.json: its format and checks, an expectation's text, and an eval's user turn (the
// prompt with its attached files, which must lie inside the skill folder).
// Tested by: test/unit/core/evals/output-evals.test.ts
import { existsSync, readFileSync, statSync } from 'node:fs';
import { SkillError } from '../../../shared/errors.js';
import type { SavedCase } from '../cases/cases.js';
import { realPathInside } from '../fs/confine.js';
import { parseJsonText } from '../../../shared/json-read.js';
import { remedy, type Audience, type Remedy } from '../../../shared/remedy.js';

export { DEFAULT_EVALS_FILE } from '../../../shared/evals.js';
/** Text of an attached file beyond this is cut (with a note), so one large file cannot eat the budget. */
const MAX_FILE_CHARS = 100_000;

/** An expectation checked by code instead of the grader: the `expect` fields of a saved case, plus its text. */
export type CodeCheck = Pick<NonNullable<SavedCase['expect']>, 'contains' | 'matches' | 'jsonPath'> & {
  text?: string;
};
export type Expectation = string | CodeCheck;

export interface OutputEval {
  id: number | string;
  name?: string;
  prompt: string;
  expected_output?: string;
  files?: string[];
  /** Empty while the file is at skill-creator's first stage (prompts only): the runs are recorded, not graded. */
  expectations: Expectation[];
}

/** An eval with nothing to grade yet: skill-creator's first-stage evals.json has prompts without expectations. */
export const ungraded = (e: OutputEval): boolean => e.expectations.length === 0;

export interface EvalsFile {
  skill_name: string;
  evals: OutputEval[];
}

export function parseEvalsFile(text: string, file: string): EvalsFile {
  const fail = (message: string): never => {
    throw new SkillError('InvalidFormat', `${file}: ${message}`);
  };
  const data: unknown = parseJsonText(text, file);
  const d = data as Partial<EvalsFile> | null;
  if (typeof d !== 'object' || d === null || !Array.isArray(d.evals))
    fail(
      'expected {"skill_name": "...", "evals": [{"id", "prompt", "expected_output", "expectations": [...]}]}.',
    );
  const evals = (d as EvalsFile).evals.map((e: unknown, i): OutputEval => {
    const v = e as (Partial<OutputEval> & { assertions?: unknown }) | null;
    if (typeof v !== 'object' || v === null) return fail(`evals[${i}] must be an object.`);
    if (typeof v.id !== 'number' && typeof v.id !== 'string')
      fail(`evals[${i}] needs an "id" (a number or a string).`);
    if (typeof v.prompt !== 'string' || !v.prompt.trim())
      fail(`evals[${i}] needs a "prompt" (a non-empty string).`);
    // skill-creator writes the prompts first and the expectations later, and some of its pages call them
    // "assertions" (eval_metadata.json's name): both spellings are read, one per eval.
    if (v.expectations !== undefined && v.assertions !== undefined)
      fail(
        `evals[${i}] has both "expectations" and "assertions": keep one list (skill-creator names it "expectations").`,
      );
    const key = v.assertions !== undefined ? 'assertions' : 'expectations';
    const list: unknown = v.assertions ?? v.expectations ?? [];
    if (!Array.isArray(list)) return fail(`evals[${i}].${key} must be a list of statements or checks.`);
    list.forEach((x: unknown, j) => {
      const ok =
        (typeof x === 'string' && x.trim() !== '') ||
        (typeof x === 'object' && x !== null && ('contains' in x || 'matches' in x || 'jsonPath' in x));
      if (!ok)
        fail(
          `evals[${i}].${key}[${j}] must be a statement (a string) or a check with "contains", "matches" or "jsonPath".`,
        );
    });
    if (v.files !== undefined && (!Array.isArray(v.files) || v.files.some((f) => typeof f !== 'string')))
      fail(`evals[${i}].files must be a list of paths relative to the skill folder.`);
    const { assertions: _assertions, ...rest } = v;
    return { ...(rest as OutputEval), expectations: list as Expectation[] };
  });
  const ids = new Set<string>();
  for (const e of evals) {
    if (ids.has(String(e.id))) fail(`two evals have the id ${JSON.stringify(e.id)}: ids must be unique.`);
    ids.add(String(e.id));
  }
  return { skill_name: typeof d?.skill_name === 'string' ? d.skill_name : '', evals };
}

/** The way to another evals file, in each edge's words. */
const OTHER_EVALS: Remedy = {
  cli: 'or pass --evals FILE',
  app: 'or make one in the Edit tab (Files → New… → Output evals)',
};

export function readEvalsFile(file: string, audience: Audience): EvalsFile {
  if (!existsSync(file))
    throw new SkillError(
      'NotFound',
      `No evals file at ${file}: write one in skill-creator's format ({"skill_name", "evals": [...]}) ${remedy(OTHER_EVALS, audience)}.`,
    );
  return parseEvalsFile(readFileSync(file, 'utf8'), file);
}

export function expectationText(x: Expectation): string {
  return typeof x === 'string' ? x : (x.text ?? JSON.stringify(x));
}

/**
 * The user turn: the prompt, then each attached file's text. A file must lie inside the skill folder with links
 * resolved (fs/confine.ts `realPathInside`), so a link in a shared skill cannot send e.g. ~/.aws/credentials to the
 * model.
 */
export function userTurn(e: OutputEval, skillDir: string): string {
  const parts = [e.prompt];
  for (const rel of e.files ?? []) {
    const abs = realPathInside(
      skillDir,
      rel,
      `Eval ${String(e.id)}`,
      `file ${rel}`,
      'eval files are sent to the model, so only the skill’s own files may be attached',
    );
    if (!statSync(abs).isFile())
      throw new SkillError(
        'NotFound',
        `Eval ${String(e.id)}: file ${rel} is not a file (paths are relative to ${skillDir}).`,
      );
    const text = readFileSync(abs, 'utf8');
    const cut =
      text.length > MAX_FILE_CHARS
        ? `${text.slice(0, MAX_FILE_CHARS)}\n[cut at ${MAX_FILE_CHARS} characters]`
        : text;
    parts.push(`<file path="${rel}">\n${cut}\n</file>`);
  }
  return parts.join('\n\n');
}
