// Output evals through the real SDKs: with the skill (its body injected, its tool run by the executor) and without,
// graded by a grader model and by code, written in skill-creator's layout with a benchmark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeModelServer, systemText, type FakeModelServer } from '../../fakes/model-server.js';
import { createProvider } from '../../../electron/core/models/providers/index.js';
import type { ProviderKind } from '../../../electron/core/models/providers/types.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { Budget } from '../../../electron/core/models/budget.js';
import { readEvalsFile } from '../../../electron/core/evals/evals-file.js';
import { runOutputEvals } from '../../../electron/core/evals/output-evals.js';
import { Workspace } from '../../../electron/core/workspace.js';
import { LIBRARY, scriptedModels } from './routes.js';
import { aggregateLikeSkillCreator } from './skill-creator-readers.js';
import type { Benchmark, Grading } from '../../../shared/evals.js';
import type { TranscriptEntry } from '../../../electron/core/evals/output-evals.js';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(scriptedModels);
});
afterAll(() => server.close());

function copyLibrary(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-evals-'));
  cpSync(LIBRARY, dir, { recursive: true });
  return dir;
}

describe.each<ProviderKind>(['anthropic', 'openai'])('output evals through the %s SDK', (kind) => {
  it('runs with and without the skill, grades each expectation and writes skill-creator’s layout', async () => {
    server.received.length = 0;
    const root = copyLibrary();
    const workspace = Workspace.open({ roots: [{ path: root, kind: 'project' }] });
    try {
      const skill = workspace.skill('csv-report');
      const baseURL = kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL;
      const client = new ModelClient(
        createProvider({ name: 'exec', kind, model: 'exec-1', baseURL }, { apiKey: 'k' }),
      );
      const grader = new ModelClient(
        createProvider({ name: 'grader', kind, model: 'grader-1', baseURL }, { apiKey: 'k' }),
      );
      const report = await runOutputEvals({
        client,
        grader,
        executor: workspace.executor,
        skill,
        evals: readEvalsFile(join(root, 'csv-report', 'evals', 'evals.json'), 'cli'),
      });
      expect(report.failures).toEqual([]);
      expect(report.iterationDir).toBe(join(root, 'csv-report-workspace', 'iteration-1'));
      const runDir = join(report.iterationDir, 'eval-1', 'with_skill', 'run-1');
      const grading = readJson<Grading>(join(runDir, 'grading.json'));
      expect(grading.expectations).toEqual([
        { text: 'The report starts with the heading ## Report', passed: true, evidence: 'first line' },
        { text: 'The report gives the sales total as 42', passed: true, evidence: 'mentions 42' },
        {
          text: 'The answer contains the total 42',
          passed: true,
          evidence: 'Checked by code: {"contains":"42"} holds.',
        },
      ]);
      expect(grading.summary).toEqual({ passed: 3, failed: 0, total: 3, pass_rate: 1 });
      // skill-creator's eval_metadata.json, in the eval's folder and in each run's, where its viewer finds the prompt.
      const evalsJson = readEvalsFile(join(root, 'csv-report', 'evals', 'evals.json'), 'cli');
      for (const dir of [join(report.iterationDir, 'eval-1'), runDir])
        expect(readJson(join(dir, 'eval_metadata.json'))).toEqual({
          eval_id: evalsJson.evals[0]?.id,
          eval_name: 'eval-1',
          prompt: evalsJson.evals[0]?.prompt,
          assertions: grading.expectations.map((g) => g.text),
        });
      const baseline = readJson<Grading>(
        join(report.iterationDir, 'eval-1', 'without_skill', 'run-1', 'grading.json'),
      );
      expect(baseline.summary).toEqual({ passed: 2, failed: 1, total: 3, pass_rate: 2 / 3 });
      expect(baseline.expectations[0]).toMatchObject({ passed: false });

      // The tool call was run by the executor and its output went back to the model.
      const transcript = readJson<{ messages: TranscriptEntry[] }>(join(runDir, 'transcript.json'));
      const toolEntry = transcript.messages.find((m) => m.role === 'tool');
      expect(toolEntry?.tool).toEqual({
        name: 'csv-report__count_rows',
        input: { text: '2 rows' },
        output: '2 rows',
        isError: false,
      });
      expect(readFileSync(join(runDir, 'outputs', 'answer.md'), 'utf8')).toContain(
        '| sales | 42 |\n\n(2 rows)',
      );

      const benchmark = readJson<Benchmark>(join(report.iterationDir, 'benchmark.json'));
      expect(benchmark.metadata).toMatchObject({
        skill_name: 'csv-report',
        executor_model: 'exec-1',
        grader_model: 'grader-1',
        evals_run: [1],
      });
      expect(benchmark.runs.map((r) => r.configuration)).toEqual(['with_skill', 'without_skill']);
      expect(benchmark.runs[0]?.result).toMatchObject({ pass_rate: 1, tokens: 240, tool_calls: 1 });
      expect(benchmark.runs[1]?.result).toMatchObject({ tokens: 120, tool_calls: 0 });
      expect(benchmark.run_summary.delta).toEqual({
        pass_rate: '+0.33',
        time_seconds: expect.stringMatching(/^[+-]\d+\.\d$/) as unknown,
        tokens: '+120',
      });
      // skill-creator's aggregate_benchmark.py finds the same figures in the run folders, tokens included.
      expect(aggregateLikeSkillCreator(report.iterationDir)).toEqual(
        benchmark.runs.map((r) => ({
          eval_id: r.eval_id,
          configuration: r.configuration,
          run_number: r.run_number,
          result: {
            pass_rate: r.result.pass_rate,
            passed: r.result.passed,
            failed: r.result.failed,
            total: r.result.total,
            time_seconds: r.result.time_seconds,
            tokens: r.result.tokens,
            tool_calls: r.result.tool_calls,
            errors: r.result.errors,
          },
        })),
      );
      expect(readJson(join(runDir, 'timing.json'))).toMatchObject({
        total_tokens: 240,
        total_duration_seconds: benchmark.runs[0]?.result.time_seconds,
      });
      // 2 executor turns with the skill, 1 without, 2 grader calls
      expect(server.received).toHaveLength(5);
      const withSkillRequest = server.received.find((r) => systemText(r).includes('is loaded'))!;
      expect(systemText(withSkillRequest)).toContain('Start the report with the heading `## Report`.');
    } finally {
      await workspace.close();
    }
  });
});

describe('output evals bookkeeping', () => {
  it('numbers iterations, skips the baseline on request, and stops cleanly on the budget', async () => {
    const root = copyLibrary();
    const workspace = Workspace.open({ roots: [{ path: root, kind: 'project' }] });
    try {
      const skill = workspace.skill('csv-report');
      const provider = createProvider(
        { name: 'exec', kind: 'anthropic', model: 'm', baseURL: server.anthropicBaseURL },
        { apiKey: 'k' },
      );
      const evals = readEvalsFile(join(root, 'csv-report', 'evals', 'evals.json'), 'cli');
      const first = await runOutputEvals({
        client: new ModelClient(provider),
        grader: new ModelClient(provider),
        executor: workspace.executor,
        skill,
        evals,
        baseline: 'none',
      });
      expect(existsSync(join(first.iterationDir, 'eval-1', 'without_skill'))).toBe(false);
      expect(first.benchmark.run_summary.delta).toBeUndefined();
      const budget = new Budget({ maxTokens: 1 });
      // One request at a time, so exactly one starts before the budget is spent.
      const client = new ModelClient(provider, { budget, concurrency: 1 });
      server.received.length = 0;
      const second = await runOutputEvals({
        client,
        grader: client,
        executor: workspace.executor,
        skill,
        evals,
        runs: 2,
      });
      expect(second.iterationDir).toBe(join(root, 'csv-report-workspace', 'iteration-2'));
      expect(second.stopped).toBe(
        'Stopped: token budget spent: 120 of 1 tokens used; 0 of 4 eval runs finished.',
      );
      expect(second.benchmark.runs).toEqual([]);
      expect(second.benchmark.notes).toEqual([second.stopped]);
      expect(server.received).toHaveLength(1);
    } finally {
      await workspace.close();
    }
  });
});
