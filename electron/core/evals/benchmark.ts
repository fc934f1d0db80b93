// Owns the benchmark arithmetic and the workspace layout of output evals, as skill-creator lays them out:
// `<skill>-workspace/iteration-N/eval-<name>/<configuration>/run-N/`, and benchmark.json's run_summary.
// Tested by: test/unit/core/evals/output-evals.test.ts
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  EVAL_CONFIGURATIONS,
  type Benchmark,
  type EvalConfiguration,
  type EvalRunResult,
  type StatSummary,
  promptExcerpt,
} from '../../../shared/evals.js';
import type { SkillDefinition } from '../../../shared/types.js';
import type { OutputEval } from './evals-file.js';

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
  for (const config of EVAL_CONFIGURATIONS) {
    const mine = runs.filter((r) => r.configuration === config);
    if (mine.length === 0) continue;
    summary[config] = {
      // Runs of an eval without expectations have nothing graded: they count for time and tokens, not the pass rate.
      pass_rate: stats(mine.filter((r) => r.result.total > 0).map((r) => r.result.pass_rate)),
      time_seconds: stats(mine.map((r) => r.result.time_seconds)),
      tokens: stats(mine.map((r) => r.result.tokens)),
    };
  }
  // The delta is the skill against its baseline: no skill, or its old version.
  const base = summary.without_skill ? 'without_skill' : 'old_skill';
  const w = summary.with_skill;
  const wo = summary[base];
  const graded = (config: EvalConfiguration) =>
    runs.some((r) => r.configuration === config && r.result.total > 0);
  if (w && wo)
    summary.delta = {
      pass_rate:
        graded('with_skill') && graded(base) ? signed(w.pass_rate.mean - wo.pass_rate.mean, 2) : 'n/a',
      time_seconds: signed(w.time_seconds.mean - wo.time_seconds.mean, 1),
      tokens: signed(w.tokens.mean - wo.tokens.mean, 0),
    };
  return summary;
}

/** The N of each `iteration-N` folder in a skill's workspace (none when it does not exist yet). */
export function iterationNumbers(workspaceDir: string): number[] {
  return existsSync(workspaceDir)
    ? readdirSync(workspaceDir)
        .map((n) => /^iteration-(\d+)$/.exec(n)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
    : [];
}

/** `<skill>-workspace/iteration-N`: the next N after those present. */
export function nextIterationDir(workspaceDir: string): string {
  return join(workspaceDir, `iteration-${Math.max(0, ...iterationNumbers(workspaceDir)) + 1}`);
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

/** What each eval is called where it is shown: its name when it has one, else the start of its prompt (its id is
 * only a folder name). */
export function evalTitles(evals: readonly OutputEval[]): Map<OutputEval['id'], string> {
  return new Map(evals.map((e) => [e.id, e.name ?? (promptExcerpt(e.prompt) || `eval ${e.id}`)]));
}
