// Owns running output evals: each eval of evals/evals.json run with the skill (its SKILL.md body injected as a
// runtime does when it fires, its tools offered and run by the executor under the trust rules, up to a turn limit)
// and without it, graded (grading.ts), and written in skill-creator's workspace layout with a benchmark.json.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SkillDefinition } from '../../../shared/types.js';
import {
  EVAL_CONFIGURATIONS,
  type Benchmark,
  type EvalConfiguration,
  type EvalRunResult,
  type Grading,
  type TranscriptMessage,
} from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { Executor } from '../tools/executor.js';
import {
  defaultWorkspaceDir,
  evalFolderNames,
  evalTitles,
  nextIterationDir,
  summarizeRuns,
} from './benchmark.js';
import { BudgetExhaustedError, budgetStopped, tokensOf } from '../models/budget.js';
import { EMPTY_USAGE, type RunUsage } from '../../../shared/usage.js';
import { ProviderFailureStop } from './provider-failure.js';
import { expectationText, ungraded, userTurn, type EvalsFile } from './evals-file.js';
import { grade, gradingSummary, ungradedNote } from './grading.js';
import { writeJsonFile } from './results.js';
import type { ModelClient } from '../models/model-client.js';
import type { ChatMessage, ChatRequest, ToolSpec } from '../models/providers/types.js';

export const DEFAULT_MAX_TURNS = 8;
/** A run's note in benchmark.json when its eval has no expectations yet. */
export const NOT_GRADED = 'Not graded: the eval has no expectations yet.';
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
  usage: RunUsage;
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
  const usage = client.tally();
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
      tokens += tokensOf(response.usage);
      usage.add(response.usage);
    }
    transcript.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls, cached });
    messages.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    toolCalls += response.toolCalls.length;
    if (response.toolCalls.length === 0 || ownLoop || !skill || !executor)
      return {
        answer: response.text,
        transcript,
        tokens,
        usage: usage.report(),
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
    usage: usage.report(),
    toolCalls,
    seconds: (Date.now() - started) / 1000,
    cached: allCached,
    error: `stopped after ${maxTurns} turns without a final answer`,
  };
}

export interface OutputRunOptions {
  client: ModelClient;
  grader: ModelClient;
  executor: Executor;
  skill: SkillDefinition;
  evals: EvalsFile;
  runs?: number;
  /**
   * What the skill is compared with, in skill-creator's configurations: no skill (`without_skill`, the default),
   * the skill's old version (`old_skill`: a snapshot taken before the edits, or any folder, opened as its own
   * library so its tools run), or nothing.
   */
  baseline?: 'without_skill' | 'none' | OldSkill;
  maxTurns?: number;
  /** Where `iteration-N` goes (default `<skill>-workspace` beside the skill folder). */
  workspaceDir?: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, label: string) => void;
}

/** The old version of the skill, and the executor of the library it was opened in (its tools run there). */
export interface OldSkill {
  skill: SkillDefinition;
  executor: Executor;
}

/** What one configuration runs with: the system text, and the skill whose tools are offered (none without one). */
interface Setup {
  configuration: EvalConfiguration;
  system: string;
  skill?: SkillDefinition;
  executor?: Executor;
  specs: ToolSpec[];
  toolNames: Map<string, string>;
}

/** A skill as a runtime loads it: its body in the system text, its tools (only those that can run here: trust, policy,
 * reachable servers) offered by their composed names. */
async function setupWith(
  configuration: EvalConfiguration,
  skill: SkillDefinition,
  executor: Executor,
): Promise<Setup> {
  const defs = (await executor.describeTools(skill.id)).filter((d) => !d.problem);
  return {
    configuration,
    system: skillSystem(skill),
    skill,
    executor,
    specs: defs.map((d) => ({
      name: d.composedName,
      description: d.description,
      inputSchema: d.inputSchema,
    })),
    toolNames: new Map(defs.map((d) => [d.composedName, d.name])),
  };
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
  const baseline = o.baseline ?? 'without_skill';
  const setups: Setup[] = [await setupWith('with_skill', o.skill, o.executor)];
  if (baseline === 'without_skill')
    setups.push({
      configuration: 'without_skill',
      system: 'You are a helpful assistant.',
      specs: [],
      toolNames: new Map(),
    });
  else if (baseline !== 'none') setups.push(await setupWith('old_skill', baseline.skill, baseline.executor));
  const skillDir = dirname(o.skill.sourcePath);
  const iterationDir = nextIterationDir(o.workspaceDir ?? defaultWorkspaceDir(o.skill));
  const prompts = new Map(o.evals.evals.map((e) => [e.id, userTurn(e, skillDir)])); // bad files fail before any call
  const folders = evalFolderNames(o.evals.evals);
  const titles = evalTitles(o.evals.evals);
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
      writeJsonFile(join(iterationDir, name, 'eval_metadata.json'), value);
      return [e.id, value] as const;
    }),
  );
  const results: EvalRunResult[] = [];
  const usage = o.client.tally();
  const failures: OutputReport['failures'] = [];
  let stopped: string | undefined;
  let done = 0;
  const total = o.evals.evals.length * setups.length * runs;
  const failure = new ProviderFailureStop(o.signal);
  const jobs = o.evals.evals.flatMap((e, position) =>
    setups.flatMap(({ configuration, ...setup }) =>
      Array.from({ length: runs }, async (_, i) => {
        const name = folders.get(e.id) ?? `eval-${position + 1}`;
        const dir = join(iterationDir, name, configuration, `run-${i + 1}`);
        try {
          const request: ChatRequest = {
            system: setup.system,
            messages: [{ role: 'user', content: prompts.get(e.id) ?? e.prompt }],
            ...(setup.specs.length ? { tools: setup.specs } : {}),
            maxTokens: 4096,
          };
          const run = await runAgent(
            o.client,
            request,
            setup.skill,
            setup.executor,
            setup.toolNames,
            maxTurns,
            i,
            failure.signal,
          );
          const gradingStarted = Date.now();
          const graded = ungraded(e)
            ? { expectations: [], tokens: 0, usage: EMPTY_USAGE }
            : await grade(o.grader, e, run, i, failure.signal);
          const graderSeconds = (Date.now() - gradingStarted) / 1000;
          const grading: Grading = {
            expectations: graded.expectations,
            summary: gradingSummary(graded.expectations),
          };
          // skill-creator's aggregate_benchmark.py takes a run's time from grading.json's
          // timing.total_duration_seconds and reads timing.json (time and total_tokens) only when that is absent or
          // 0, so the total lives in timing.json alone: there both the time and the tokens are read.
          writeJsonFile(join(dir, 'grading.json'), {
            ...grading,
            execution_metrics: { total_tool_calls: run.toolCalls, errors_encountered: run.error ? 1 : 0 },
            timing: { executor_duration_seconds: run.seconds, grader_duration_seconds: graderSeconds },
          });
          writeJsonFile(join(dir, 'transcript.json'), {
            eval_id: e.id,
            configuration,
            messages: run.transcript,
          });
          writeJsonFile(join(dir, 'timing.json'), {
            total_tokens: run.tokens,
            duration_ms: Math.round(run.seconds * 1000),
            total_duration_seconds: run.seconds,
            executor_duration_seconds: run.seconds,
            grader_duration_seconds: graderSeconds,
          });
          writeJsonFile(join(dir, 'eval_metadata.json'), metadata.get(e.id));
          mkdirSync(join(dir, 'outputs'), { recursive: true });
          writeFileAtomically(join(dir, 'outputs', 'answer.md'), run.answer);
          results.push({
            eval_id: e.id,
            eval_name: name,
            eval_title: titles.get(e.id) ?? name,
            configuration,
            run_number: i + 1,
            result: {
              ...grading.summary,
              time_seconds: run.seconds,
              tokens: run.tokens,
              tool_calls: run.toolCalls,
              errors: run.error ? 1 : 0,
              cost_usd: (run.usage.cost_usd ?? 0) + (graded.usage.cost_usd ?? 0),
            },
            expectations: grading.expectations,
            ...(ungraded(e)
              ? { notes: [NOT_GRADED] }
              : ungradedNote(grading.summary)
                ? { notes: [ungradedNote(grading.summary)!] }
                : {}),
            dir,
            cached: run.cached,
          });
          usage.merge(run.usage);
          usage.merge(graded.usage);
        } catch (error) {
          if (error instanceof BudgetExhaustedError) {
            stopped ??= error.message;
            return;
          }
          if (failure.absorb(error)) return;
          failures.push({ eval: name, configuration, run: i + 1, message: (error as Error).message });
        } finally {
          done++;
          o.onProgress?.(done, total, `${name} ${configuration} run ${i + 1}`);
        }
      }),
    ),
  );
  await Promise.all(jobs);
  failure.throwIfStopped(results.length, total);
  if (stopped !== undefined)
    stopped = budgetStopped(
      o.client.budget,
      `${results.length + failures.length} of ${total} eval runs finished`,
    );
  const order = (r: EvalRunResult) =>
    `${String(r.eval_id).padStart(8, '0')} ${EVAL_CONFIGURATIONS.indexOf(r.configuration)} ${String(r.run_number).padStart(4, '0')}`;
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
      ...(typeof baseline === 'object' ? { old_skill_path: dirname(baseline.skill.sourcePath) } : {}),
    },
    runs: results,
    run_summary: summarizeRuns(results),
    usage: usage.report(),
    notes: [
      ...(stopped ? [stopped] : []),
      ...o.evals.evals
        .filter(ungraded)
        .map(
          (e, i) =>
            `${folders.get(e.id) ?? `eval-${i + 1}`} has no expectations yet: its runs were recorded, not graded (add "expectations" to evals/evals.json).`,
        ),
      ...failures.map((f) => `${f.eval} ${f.configuration} run ${f.run} failed: ${f.message}`),
      ...ungradedTotal(results),
    ],
  };
  writeJsonFile(join(iterationDir, 'benchmark.json'), benchmark);
  return { iterationDir, benchmark, failures, ...(stopped ? { stopped } : {}) };
}

/** The benchmark's note when the grader left expectations ungraded: how many, in how many runs. */
function ungradedTotal(results: readonly EvalRunResult[]): string[] {
  const runs = results.filter((r) => (r.result.ungraded ?? 0) > 0);
  const n = runs.reduce((sum, r) => sum + (r.result.ungraded ?? 0), 0);
  if (n === 0) return [];
  return [
    `The grader gave no readable verdict for ${n} expectation${n === 1 ? '' : 's'} in ${runs.length} run${runs.length === 1 ? '' : 's'}: they are left out of the pass rates (not failed). Check the grader model, or run again.`,
  ];
}
