// How skill-creator's scripts read Skillbench's files, written from their documented behaviour (anthropics/skills,
// skills/skill-creator: references/schemas.md and scripts/aggregate_benchmark.py), so a test can check that what
// Skillbench writes is what those scripts find. Only the reading rules are reproduced, not the scripts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, unknown>;

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const dirs = (dir: string) =>
  readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory())
    .sort();

export interface AggregatedRun {
  eval_id: unknown;
  configuration: string;
  run_number: number;
  result: {
    pass_rate: number;
    passed: number;
    failed: number;
    total: number;
    time_seconds: number;
    tokens: number;
    tool_calls: number;
    errors: number;
  };
}

/**
 * One run folder as aggregate_benchmark.py reads it: pass figures from grading.json's summary; the time from
 * grading.json's timing.total_duration_seconds, and only when that is missing or 0, the time and total_tokens from
 * timing.json; tool calls and errors from execution_metrics, whose output_chars stands in for tokens when none were
 * read.
 */
export function readRunLikeAggregate(runDir: string): AggregatedRun['result'] {
  const grading = readJson(join(runDir, 'grading.json'));
  const summary = obj(grading.summary);
  let time = num(obj(grading.timing).total_duration_seconds);
  let tokens = 0;
  if (time === 0 && existsSync(join(runDir, 'timing.json'))) {
    const timing = readJson(join(runDir, 'timing.json'));
    time = num(timing.total_duration_seconds);
    tokens = num(timing.total_tokens);
  }
  const metrics = obj(grading.execution_metrics);
  return {
    pass_rate: num(summary.pass_rate),
    passed: num(summary.passed),
    failed: num(summary.failed),
    total: num(summary.total),
    time_seconds: time,
    tokens: tokens || num(metrics.output_chars),
    tool_calls: num(metrics.total_tool_calls),
    errors: num(metrics.errors_encountered),
  };
}

/** Every run of an iteration folder, found as aggregate_benchmark.py finds them: eval folders, their configurations
 * (folders holding run-N/ folders), eval ids from eval_metadata.json. */
export function aggregateLikeSkillCreator(iterationDir: string): AggregatedRun[] {
  const runs: AggregatedRun[] = [];
  for (const evalDir of dirs(iterationDir)) {
    const metadata = join(iterationDir, evalDir, 'eval_metadata.json');
    const evalId = existsSync(metadata) ? readJson(metadata).eval_id : undefined;
    for (const config of dirs(join(iterationDir, evalDir))) {
      for (const run of dirs(join(iterationDir, evalDir, config)).filter((n) => n.startsWith('run-')))
        runs.push({
          eval_id: evalId,
          configuration: config,
          run_number: Number(run.split('-')[1]),
          result: readRunLikeAggregate(join(iterationDir, evalDir, config, run)),
        });
    }
  }
  return runs;
}
