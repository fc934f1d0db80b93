// Owns output evals (issue 15): skill-creator's evals/evals.json, each eval run with the skill (its SKILL.md body
// injected as a runtime does when it fires, its tools offered and run by the executor under the trust rules, up to
// a turn limit) and without it, graded expectation by expectation (by a grader model, or by code for checks written
// like saved cases), written in skill-creator's workspace layout with a benchmark.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SkillDefinition } from '../../../shared/types.js';
import type {
  Benchmark,
  EvalConfiguration,
  EvalRunResult,
  GradedExpectation,
  Grading,
  StatSummary,
  TranscriptMessage,
} from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { checkExpectations, type SavedCase } from '../cases/cases.js';
import { writeFileAtomically } from '../editor/save-file.js';
import { realPathInside } from '../fs-confine.js';
import type { Executor } from '../tools/executor.js';
import { BudgetExhaustedError, budgetStopped } from './budget.js';
import type { ModelClient } from './model-client.js';
import type { ChatMessage, ChatRequest, ToolSpec } from './providers/types.js';

export const DEFAULT_EVALS_FILE = 'evals/evals.json';
export const DEFAULT_MAX_TURNS = 8;
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
  expectations: Expectation[];
}

export interface EvalsFile {
  skill_name: string;
  evals: OutputEval[];
}

export function parseEvalsFile(text: string, file: string): EvalsFile {
  const fail = (message: string): never => {
    throw new SkillError('InvalidFormat', `${file}: ${message}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SkillError('ParseError', `${file}: not valid JSON (${(error as Error).message}).`);
  }
  const d = data as Partial<EvalsFile> | null;
  if (typeof d !== 'object' || d === null || !Array.isArray(d.evals))
    fail('expected {"skill_name": "...", "evals": [{"id", "prompt", "expectations": [...]}]}.');
  const evals = (d as EvalsFile).evals.map((e: unknown, i): OutputEval => {
    const v = e as Partial<OutputEval> | null;
    if (typeof v !== 'object' || v === null) return fail(`evals[${i}] must be an object.`);
    if (typeof v.id !== 'number' && typeof v.id !== 'string')
      fail(`evals[${i}] needs an "id" (a number or a string).`);
    if (typeof v.prompt !== 'string' || !v.prompt.trim())
      fail(`evals[${i}] needs a "prompt" (a non-empty string).`);
    if (!Array.isArray(v.expectations))
      fail(`evals[${i}] needs "expectations" (a list of statements or checks).`);
    v.expectations?.forEach((x, j) => {
      const ok =
        (typeof x === 'string' && x.trim() !== '') ||
        (typeof x === 'object' && x !== null && ('contains' in x || 'matches' in x || 'jsonPath' in x));
      if (!ok)
        fail(
          `evals[${i}].expectations[${j}] must be a statement (a string) or a check with "contains", "matches" or "jsonPath".`,
        );
    });
    if (v.files !== undefined && (!Array.isArray(v.files) || v.files.some((f) => typeof f !== 'string')))
      fail(`evals[${i}].files must be a list of paths relative to the skill folder.`);
    return v as OutputEval;
  });
  const ids = new Set<string>();
  for (const e of evals) {
    if (ids.has(String(e.id))) fail(`two evals have the id ${JSON.stringify(e.id)}: ids must be unique.`);
    ids.add(String(e.id));
  }
  return { skill_name: typeof d?.skill_name === 'string' ? d.skill_name : '', evals };
}

export function readEvalsFile(file: string): EvalsFile {
  if (!existsSync(file))
    throw new SkillError(
      'NotFound',
      `No evals file at ${file}: write one in skill-creator's format ({"skill_name", "evals": [...]}) or pass --evals FILE.`,
    );
  return parseEvalsFile(readFileSync(file, 'utf8'), file);
}

export function expectationText(x: Expectation): string {
  return typeof x === 'string' ? x : (x.text ?? JSON.stringify(x));
}

/**
 * The user turn: the prompt, then each attached file's text. A file must lie inside the skill folder with links
 * resolved (fs-confine.ts `realPathInside`), so a link in a shared skill cannot send e.g. ~/.aws/credentials to the
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

/** The system text with the skill loaded, as a runtime injects it when the skill fires. */
export function skillSystem(skill: SkillDefinition): string {
  return [
    'You are a helpful assistant.',
    '',
    `The skill "${skill.name}" is loaded. Base directory for this skill: ${dirname(skill.sourcePath)}`,
    '',
    skill.instructions.trim(),
  ].join('\n');
}

/** One message of transcript.json: its shape is shared with the Evals tab that shows it. */
export type TranscriptEntry = TranscriptMessage;

interface AgentRun {
  answer: string;
  transcript: TranscriptEntry[];
  tokens: number;
  costUsd: number;
  toolCalls: number;
  seconds: number;
  cached: boolean;
  error?: string;
}

async function runAgent(
  client: ModelClient,
  first: ChatRequest,
  skill: SkillDefinition | undefined,
  executor: Executor | undefined,
  tools: Map<string, string>,
  maxTurns: number,
  sample: number,
  signal: AbortSignal | undefined,
): Promise<AgentRun> {
  const started = Date.now();
  const messages: ChatMessage[] = [...first.messages];
  const transcript: TranscriptEntry[] = messages.map((m) => ({ role: 'user', content: m.content }));
  let tokens = 0;
  let costUsd = 0;
  let toolCalls = 0;
  let allCached = true;
  const ownLoop = client.provider.config.kind === 'claude-code'; // Claude Code runs the tools itself
  for (let turn = 0; turn < maxTurns; turn++) {
    const { response, cached } = await client.complete(
      { ...first, messages: [...messages] },
      {
        sample,
        ...(signal ? { signal } : {}),
      },
    );
    allCached &&= cached;
    if (!cached) {
      tokens += response.usage.inputTokens + response.usage.outputTokens;
      costUsd += response.usage.costUsd ?? 0;
    }
    transcript.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls, cached });
    messages.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    toolCalls += response.toolCalls.length;
    if (response.toolCalls.length === 0 || ownLoop || !skill || !executor)
      return {
        answer: response.text,
        transcript,
        tokens,
        costUsd,
        toolCalls,
        seconds: (Date.now() - started) / 1000,
        cached: allCached,
      };
    for (const call of response.toolCalls) {
      const toolName = tools.get(call.name);
      let output: string;
      let isError: boolean;
      if (!toolName) {
        output = `No tool named "${call.name}" is available.`;
        isError = true;
      } else {
        try {
          const result = await executor.executeTool(skill.id, toolName, call.input, signal ? { signal } : {});
          output = result.output;
          isError = result.isError;
        } catch (error) {
          if (error instanceof SkillError && error.code === 'Cancelled') throw error;
          output = `${error instanceof SkillError ? `${error.code}: ` : ''}${(error as Error).message}`;
          isError = true;
        }
      }
      transcript.push({
        role: 'tool',
        content: output,
        tool: { name: call.name, input: call.input, output, isError },
      });
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: output, isError });
    }
  }
  const last = transcript.filter((t) => t.role === 'assistant').at(-1)?.content ?? '';
  return {
    answer: last,
    transcript,
    tokens,
    costUsd,
    toolCalls,
    seconds: (Date.now() - started) / 1000,
    cached: allCached,
    error: `stopped after ${maxTurns} turns without a final answer`,
  };
}

const GRADER_SYSTEM = [
  'You grade an AI assistant’s answer against a list of expectations.',
  'For each expectation decide whether the answer clearly meets it, and quote or cite the evidence.',
  'A vague or partial answer does not pass. Reply with JSON only, in this shape:',
  '{"expectations": [{"text": "<the expectation, verbatim>", "passed": true, "evidence": "<why>"}]}',
].join('\n');

/** The grader's verdicts from its answer (a JSON object, possibly in a ```json fence). Missing ones fail with a note. */
export function parseGraderAnswer(text: string, expected: readonly string[]): GradedExpectation[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const body = fenced ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  let verdicts: Array<Partial<GradedExpectation>> = [];
  try {
    const parsed = JSON.parse(body) as { expectations?: unknown };
    if (Array.isArray(parsed.expectations))
      verdicts = parsed.expectations as Array<Partial<GradedExpectation>>;
  } catch {
    return expected.map((t) => ({
      text: t,
      passed: false,
      evidence: `The grader's answer was not JSON: ${text.slice(0, 200)}`,
    }));
  }
  // Each verdict answers the expectation it quotes (spacing aside), and only one: a grader that reorders its list is
  // still read right and two expectations with the same text take one verdict each. A verdict that quotes nothing
  // answers the expectation at its position (a list as long as the one asked); one quoting another text never does.
  const used = new Set<number>();
  const unquoted = (i: number) =>
    verdicts.length === expected.length && !used.has(i) && typeof verdicts[i]?.text !== 'string' ? i : -1;
  return expected.map((t, i) => {
    const quoted = verdicts.findIndex(
      (x, j) => !used.has(j) && typeof x.text === 'string' && sameText(x.text, t),
    );
    const k = quoted >= 0 ? quoted : unquoted(i);
    const v = k < 0 ? undefined : verdicts[k];
    if (!v || typeof v.passed !== 'boolean')
      return { text: t, passed: false, evidence: 'The grader gave no verdict for this expectation.' };
    used.add(k);
    return { text: t, passed: v.passed, evidence: typeof v.evidence === 'string' ? v.evidence : '' };
  });
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

export function gradingSummary(expectations: readonly GradedExpectation[]): Grading['summary'] {
  const passed = expectations.filter((e) => e.passed).length;
  const total = expectations.length;
  return { passed, failed: total - passed, total, pass_rate: total === 0 ? 0 : passed / total };
}

async function grade(
  grader: ModelClient,
  e: OutputEval,
  run: AgentRun,
  sample: number,
  signal: AbortSignal | undefined,
): Promise<{ expectations: GradedExpectation[]; tokens: number; costUsd: number }> {
  // Verdicts by position, so two expectations with the same text are graded apart.
  const verdicts: GradedExpectation[] = [];
  const byModelAt: number[] = [];
  let tokens = 0;
  let costUsd = 0;
  for (const [i, x] of e.expectations.entries()) {
    if (typeof x === 'string') {
      byModelAt.push(i);
      continue;
    }
    const { text: _text, ...check } = x;
    const failures = checkExpectations(
      check,
      { output: run.answer, isError: false, durationMs: 0 },
      undefined,
    );
    verdicts[i] = {
      text: expectationText(x),
      passed: failures.length === 0,
      evidence:
        failures.length === 0 ? `Checked by code: ${JSON.stringify(check)} holds.` : failures.join('; '),
    };
  }
  const byModel = byModelAt.map((i) => e.expectations[i] as string);
  if (byModel.length > 0) {
    const tools = run.transcript
      .filter((t) => t.tool)
      .map(
        (t) =>
          `- ${t.tool?.name}(${JSON.stringify(t.tool?.input)}) -> ${(t.tool?.output ?? '').slice(0, 500)}`,
      );
    const user = [
      `<task>\n${e.prompt}\n</task>`,
      e.expected_output ? `<expected_output>\n${e.expected_output}\n</expected_output>` : '',
      tools.length ? `<tool_calls>\n${tools.join('\n')}\n</tool_calls>` : '',
      `<answer>\n${run.answer}\n</answer>`,
      `<expectations>\n${byModel.map((t, i) => `${i + 1}. ${t}`).join('\n')}\n</expectations>`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const { response, cached } = await grader.complete(
      { system: GRADER_SYSTEM, messages: [{ role: 'user', content: user }], maxTokens: 2048, temperature: 0 },
      { sample, ...(signal ? { signal } : {}) },
    );
    if (!cached) {
      tokens += response.usage.inputTokens + response.usage.outputTokens;
      costUsd += response.usage.costUsd ?? 0;
    }
    parseGraderAnswer(response.text, byModel).forEach((g, k) => (verdicts[byModelAt[k] as number] = g));
  }
  return {
    expectations: verdicts,
    tokens,
    costUsd,
  };
}

function stats(values: readonly number[]): StatSummary {
  if (values.length === 0) return { mean: 0, stddev: 0, min: 0, max: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance =
    values.length > 1 ? values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1) : 0;
  return { mean, stddev: Math.sqrt(variance), min: Math.min(...values), max: Math.max(...values) };
}

const signed = (n: number, digits: number) => `${n >= 0 ? '+' : ''}${n.toFixed(digits)}`;

export function summarizeRuns(runs: readonly EvalRunResult[]): Benchmark['run_summary'] {
  const summary: Benchmark['run_summary'] = {};
  for (const config of ['with_skill', 'without_skill'] as const) {
    const mine = runs.filter((r) => r.configuration === config);
    if (mine.length === 0) continue;
    summary[config] = {
      pass_rate: stats(mine.map((r) => r.result.pass_rate)),
      time_seconds: stats(mine.map((r) => r.result.time_seconds)),
      tokens: stats(mine.map((r) => r.result.tokens)),
    };
  }
  const w = summary.with_skill;
  const wo = summary.without_skill;
  if (w && wo)
    summary.delta = {
      pass_rate: signed(w.pass_rate.mean - wo.pass_rate.mean, 2),
      time_seconds: signed(w.time_seconds.mean - wo.time_seconds.mean, 1),
      tokens: signed(w.tokens.mean - wo.tokens.mean, 0),
    };
  return summary;
}

/** `<skill>-workspace/iteration-N`: the next N after those present. */
export function nextIterationDir(workspaceDir: string): string {
  const taken = existsSync(workspaceDir)
    ? readdirSync(workspaceDir)
        .map((n) => /^iteration-(\d+)$/.exec(n)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
    : [];
  return join(workspaceDir, `iteration-${Math.max(0, ...taken) + 1}`);
}

/** A name that is safe as one folder name on every OS: no separators, no `..`, not hidden, at most 64 characters. */
export const SAFE_FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** `<skill>-workspace` beside the skill folder; a skill name unsafe as a folder name gives way to the folder's. */
export function defaultWorkspaceDir(skill: SkillDefinition): string {
  const skillDir = dirname(skill.sourcePath);
  const name = SAFE_FOLDER_NAME.test(skill.name) ? skill.name : basename(skillDir);
  return join(dirname(skillDir), `${name}-workspace`);
}

/**
 * Each eval's folder name in an iteration, `eval-<name or id>` as skill-creator writes it. A name or id that is
 * not a safe folder name (a path such as `x/../../..`, or too long) becomes `eval-<position>`, so results never
 * land outside the iteration; names that would clash (also by case) get `-2`, `-3`...
 */
export function evalFolderNames(evals: readonly OutputEval[]): Map<OutputEval['id'], string> {
  const names = new Map<OutputEval['id'], string>();
  const taken = new Set<string>();
  evals.forEach((e, i) => {
    const wanted = String(e.name ?? e.id);
    let name = SAFE_FOLDER_NAME.test(wanted) ? `eval-${wanted}` : `eval-${i + 1}`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `eval-${i + 1}-${n}`;
    taken.add(name.toLowerCase());
    names.set(e.id, name);
  });
  return names;
}

const writeJson = (file: string, value: unknown) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`);
};

export interface OutputRunOptions {
  client: ModelClient;
  grader: ModelClient;
  executor: Executor;
  skill: SkillDefinition;
  evals: EvalsFile;
  runs?: number;
  baseline?: boolean;
  maxTurns?: number;
  /** Where `iteration-N` goes (default `<skill>-workspace` beside the skill folder). */
  workspaceDir?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, label: string) => void;
}

export interface OutputReport {
  iterationDir: string;
  benchmark: Benchmark;
  stopped?: string;
  /** Runs that failed (after retries), with why. */
  failures: Array<{ eval: string; configuration: EvalConfiguration; run: number; message: string }>;
}

export async function runOutputEvals(o: OutputRunOptions): Promise<OutputReport> {
  const runs = Math.max(1, o.runs ?? 1);
  const maxTurns = Math.max(1, o.maxTurns ?? DEFAULT_MAX_TURNS);
  const configs: EvalConfiguration[] =
    o.baseline === false ? ['with_skill'] : ['with_skill', 'without_skill'];
  const skillDir = dirname(o.skill.sourcePath);
  const iterationDir = nextIterationDir(o.workspaceDir ?? defaultWorkspaceDir(o.skill));
  // The skill's tools as a model is offered them: only those that can run here (trust, policy, reachable servers).
  const defs = (await o.executor.describeTools(o.skill.id)).filter((d) => !d.problem);
  const specs: ToolSpec[] = defs.map((d) => ({
    name: d.composedName,
    description: d.description,
    inputSchema: d.inputSchema,
  }));
  const toolNames = new Map(defs.map((d) => [d.composedName, d.name]));
  const prompts = new Map(o.evals.evals.map((e) => [e.id, userTurn(e, skillDir)])); // bad files fail before any call
  const folders = evalFolderNames(o.evals.evals);
  // skill-creator's eval_metadata.json: in each eval's folder, where skill-creator writes it, and in each run's
  // folder, where its viewer (which looks in a run's folder and the one above) finds the prompt of a `run-N`.
  const metadata = new Map(
    o.evals.evals.map((e, position) => {
      const name = folders.get(e.id) ?? `eval-${position + 1}`;
      const value = {
        eval_id: e.id,
        eval_name: name,
        prompt: e.prompt,
        assertions: e.expectations.map(expectationText),
      };
      writeJson(join(iterationDir, name, 'eval_metadata.json'), value);
      return [e.id, value] as const;
    }),
  );
  const results: EvalRunResult[] = [];
  const failures: OutputReport['failures'] = [];
  let stopped: string | undefined;
  let done = 0;
  const total = o.evals.evals.length * configs.length * runs;
  const jobs = o.evals.evals.flatMap((e, position) =>
    configs.flatMap((configuration) =>
      Array.from({ length: runs }, async (_, i) => {
        const name = folders.get(e.id) ?? `eval-${position + 1}`;
        const dir = join(iterationDir, name, configuration, `run-${i + 1}`);
        try {
          const withSkill = configuration === 'with_skill';
          const request: ChatRequest = {
            ...(withSkill ? { system: skillSystem(o.skill) } : { system: 'You are a helpful assistant.' }),
            messages: [{ role: 'user', content: prompts.get(e.id) ?? e.prompt }],
            ...(withSkill && specs.length ? { tools: specs } : {}),
            maxTokens: 4096,
          };
          const run = await runAgent(
            o.client,
            request,
            withSkill ? o.skill : undefined,
            o.executor,
            toolNames,
            maxTurns,
            i,
            o.signal,
          );
          const graded = await grade(o.grader, e, run, i, o.signal);
          const grading: Grading = {
            expectations: graded.expectations,
            summary: gradingSummary(graded.expectations),
          };
          writeJson(join(dir, 'grading.json'), {
            ...grading,
            execution_metrics: { total_tool_calls: run.toolCalls, errors_encountered: run.error ? 1 : 0 },
            timing: { total_duration_seconds: run.seconds },
          });
          writeJson(join(dir, 'transcript.json'), { eval_id: e.id, configuration, messages: run.transcript });
          writeJson(join(dir, 'timing.json'), {
            total_tokens: run.tokens,
            duration_ms: Math.round(run.seconds * 1000),
            total_duration_seconds: run.seconds,
          });
          writeJson(join(dir, 'eval_metadata.json'), metadata.get(e.id));
          mkdirSync(join(dir, 'outputs'), { recursive: true });
          writeFileAtomically(join(dir, 'outputs', 'answer.md'), run.answer);
          results.push({
            eval_id: e.id,
            eval_name: name,
            configuration,
            run_number: i + 1,
            result: {
              ...grading.summary,
              time_seconds: run.seconds,
              tokens: run.tokens,
              tool_calls: run.toolCalls,
              errors: run.error ? 1 : 0,
              cost_usd: run.costUsd + graded.costUsd,
            },
            expectations: grading.expectations,
            dir,
            cached: run.cached,
          });
        } catch (error) {
          if (error instanceof BudgetExhaustedError) {
            stopped ??= error.message;
            return;
          }
          if (error instanceof SkillError && error.code === 'Cancelled') throw error;
          failures.push({ eval: name, configuration, run: i + 1, message: (error as Error).message });
        } finally {
          done++;
          o.onProgress?.(done, total, `${name} ${configuration} run ${i + 1}`);
        }
      }),
    ),
  );
  await Promise.all(jobs);
  if (stopped !== undefined)
    stopped = budgetStopped(
      o.client.budget,
      `${results.length + failures.length} of ${total} eval runs finished`,
    );
  const order = (r: EvalRunResult) =>
    `${String(r.eval_id).padStart(8, '0')} ${r.configuration} ${String(r.run_number).padStart(4, '0')}`;
  results.sort((a, b) => order(a).localeCompare(order(b)));
  const benchmark: Benchmark = {
    metadata: {
      skill_name: o.skill.name,
      skill_path: skillDir,
      executor_model: o.client.provider.config.model,
      grader_model: o.grader.provider.config.model,
      timestamp: new Date().toISOString(),
      evals_run: o.evals.evals.map((e) => e.id),
      runs_per_configuration: runs,
    },
    runs: results,
    run_summary: summarizeRuns(results),
    notes: [
      ...(stopped ? [stopped] : []),
      ...failures.map((f) => `${f.eval} ${f.configuration} run ${f.run} failed: ${f.message}`),
    ],
  };
  writeJson(join(iterationDir, 'benchmark.json'), benchmark);
  return { iterationDir, benchmark, failures, ...(stopped ? { stopped } : {}) };
}
