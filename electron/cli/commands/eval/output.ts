// `skillbench eval run`: output evals with the skill and without it (or with its old version), graded, in
// skill-creator's workspace layout; the text or JSON benchmark and a --min-pass-rate gate for CI. `eval snapshot`
// takes the old version before the edits, as skill-creator's workflow does.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EVAL_CONFIGURATIONS, gradedRuns } from '../../../../shared/evals.js';
import { usageLine } from '../../../../shared/usage.js';
import type { SkillDefinition } from '../../../../shared/types.js';
import { skillAtFolder, snapshotDir, snapshotSkill } from '../../../core/evals/baseline.js';
import { defaultWorkspaceDir } from '../../../core/evals/benchmark.js';
import { DEFAULT_EVALS_FILE, readEvalsFile } from '../../../core/evals/evals-file.js';
import { runOutputEvals } from '../../../core/evals/output-evals.js';
import type { Workspace } from '../../../core/workspace.js';
import { withCancel } from '../../cancel.js';
import { UsageError, type CliIo } from '../../io.js';
import { displayPath, openFromArgs, parseFormat } from '../../library-args.js';
import { cliTrust } from '../../trust.js';
import {
  budgetFrom,
  chooseProvider,
  clientFor,
  fraction,
  number,
  openLibrary,
  pct,
  type Values,
} from './args.js';

export async function runOutput(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const maxTurns = number(v, 'max-turns', { min: 1, integer: true });
  const minPassRate = fraction(v, 'min-pass-rate');
  const choice = chooseProvider(v, io);
  const config = choice.config;
  // --grader names another provider (its own key); --grader-model the same provider with another model.
  const graderVia = (values: Values) => ({ ...values, 'api-key-env': undefined });
  let graderChoice = choice;
  if (v.grader !== undefined)
    graderChoice = chooseProvider(
      graderVia({
        ...v,
        provider: v.grader,
        anthropic: false,
        openai: false,
        'claude-code': false,
        model: undefined,
        'base-url': undefined,
      }),
      io,
    );
  else if (v['grader-model'] !== undefined)
    graderChoice = { ...choice, config: { ...config, model: v['grader-model'] } };
  const graderConfig = graderChoice.config;
  const { workspace, skill } = openLibrary(skillRef, v, io);
  const workspaceDir = v.workspace ? resolve(io.cwd, v.workspace) : defaultWorkspaceDir(skill);
  let old: { workspace: Workspace; skill: SkillDefinition } | undefined;
  try {
    const baseline = baselineFolder(v, workspaceDir, io);
    if (baseline !== undefined) {
      // The old version is opened as its own library, so its tools run by its own manifest.
      const oldWorkspace = openFromArgs({ paths: [baseline], withBundled: false }, io, {
        trust: cliTrust(v.trust),
      });
      old = { workspace: oldWorkspace, skill: skillAtFolder(oldWorkspace, baseline) };
    }
    const evals = readEvalsFile(
      v.evals ? resolve(io.cwd, v.evals) : join(dirname(skill.sourcePath), DEFAULT_EVALS_FILE),
      'cli',
    );
    const budget = budgetFrom(v); // one budget for the whole run, grading included
    const roots = workspace.library.roots;
    const client = clientFor(choice, v, io, budget, roots);
    const grader =
      graderChoice === choice
        ? client
        : clientFor(graderChoice, v.grader !== undefined ? graderVia(v) : v, io, budget, roots);
    const report = await withCancel((signal) =>
      runOutputEvals({
        client,
        grader,
        executor: workspace.executor,
        skill,
        evals,
        ...(runs !== undefined ? { runs } : {}),
        ...(maxTurns !== undefined ? { maxTurns } : {}),
        baseline: old
          ? { skill: old.skill, executor: old.workspace.executor }
          : v['no-baseline'] || v.baseline === 'none'
            ? 'none'
            : 'without_skill',
        workspaceDir,
        signal,
        onProgress: (done, total, label) => io.stderr(`[${done}/${total}] ${label}\n`),
      }),
    );
    const b = report.benchmark;
    if (format === 'json')
      io.stdout(`${JSON.stringify({ iterationDir: report.iterationDir, ...b }, null, 2)}\n`);
    else {
      io.stdout(
        `Output evals of ${skill.name} on ${config.name} (${config.model}), graded by ${graderConfig.model}\n\n`,
      );
      for (const r of b.runs) {
        io.stdout(
          `${r.eval_title ?? r.eval_name}  ${r.configuration.padEnd(13)} run ${r.run_number}  ${r.result.total ? `${r.result.passed}/${r.result.total} passed` : 'not graded (no expectations)'}  ${r.result.time_seconds.toFixed(1)} s  ${r.result.tokens} tokens${r.cached ? '  [cached]' : ''}\n`,
        );
        for (const x of r.expectations)
          io.stdout(`    ${x.passed ? 'PASS' : 'FAIL'}  ${x.text}${x.passed ? '' : `: ${x.evidence}`}\n`);
      }
      for (const config of EVAL_CONFIGURATIONS) {
        const s = b.run_summary[config];
        if (s)
          io.stdout(
            `\n${config.padEnd(13)} pass rate ${gradedRuns(b, config) ? pct(s.pass_rate.mean) : 'n/a (nothing graded)'}  time ${s.time_seconds.mean.toFixed(1)} s  tokens ${Math.round(s.tokens.mean)}`,
          );
      }
      if (b.run_summary.delta)
        io.stdout(
          `\ndelta         pass rate ${b.run_summary.delta.pass_rate}  time ${b.run_summary.delta.time_seconds} s  tokens ${b.run_summary.delta.tokens}`,
        );
      if (b.usage) io.stdout(`\n\n${usageLine(b.usage)}`);
      io.stdout(`\n\nResults: ${displayPath(io, report.iterationDir)}\n`);
      for (const note of b.notes) io.stdout(`${note}\n`);
    }
    const problems: string[] = [];
    const withSkill = gradedRuns(b, 'with_skill') ? b.run_summary.with_skill?.pass_rate.mean : undefined;
    if (minPassRate !== undefined && (withSkill === undefined || withSkill < minPassRate))
      problems.push(
        withSkill === undefined
          ? `nothing was graded, so --min-pass-rate ${pct(minPassRate)} cannot hold: add "expectations" to the evals`
          : `the pass rate with the skill ${pct(withSkill)} is below --min-pass-rate ${pct(minPassRate)}`,
      );
    if (report.stopped) problems.push(`the run is incomplete: ${report.stopped}`);
    if (report.failures.length) problems.push(`${report.failures.length} run(s) failed`);
    for (const p of problems) io.stderr(`skillbench: ${p}\n`);
    return problems.length ? 1 : 0;
  } finally {
    await old?.workspace.close();
    await workspace.close();
  }
}

/**
 * The old version's folder for `--baseline old_skill` (the snapshot in the workspace) or `--baseline-skill FOLDER`;
 * undefined for the other baselines. Conflicting choices are refused.
 */
function baselineFolder(v: Values, workspaceDir: string, io: CliIo): string | undefined {
  const chosen = v.baseline ?? (v['baseline-skill'] !== undefined ? 'old_skill' : undefined);
  if (chosen !== undefined && !(BASELINES as readonly string[]).includes(chosen))
    throw new UsageError(`--baseline is one of ${BASELINES.join(', ')} (got ${chosen}).`);
  if (v['no-baseline'] && chosen !== undefined && chosen !== 'none')
    throw new UsageError(`--no-baseline and --baseline ${chosen} contradict each other: choose one.`);
  if (v['baseline-skill'] !== undefined && chosen !== 'old_skill')
    throw new UsageError(
      `--baseline-skill FOLDER is the old_skill baseline; it cannot go with --baseline ${chosen}.`,
    );
  if (chosen !== 'old_skill') return undefined;
  if (v['baseline-skill'] !== undefined) {
    const folder = resolve(io.cwd, v['baseline-skill']);
    if (!existsSync(folder))
      throw new UsageError(`No such folder: ${v['baseline-skill']} (--baseline-skill).`);
    return folder;
  }
  const snapshot = snapshotDir(workspaceDir);
  if (!existsSync(snapshot))
    throw new UsageError(
      `No snapshot at ${displayPath(io, snapshot)}: take one with \`skillbench eval snapshot SKILL\` before editing the skill (skill-creator's skill-snapshot), or pass --baseline-skill FOLDER.`,
    );
  return snapshot;
}

const BASELINES = ['without_skill', 'old_skill', 'none'] as const;

/** `skillbench eval snapshot SKILL`: the skill as it is now, copied to `<workspace>/skill-snapshot/`. */
export async function runSnapshot(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const workspaceDir = v.workspace ? resolve(io.cwd, v.workspace) : defaultWorkspaceDir(skill);
    const to = snapshotSkill(skill, workspaceDir, { force: v.force === true });
    io.stdout(
      `Snapshot of ${skill.name} in ${displayPath(io, to)}: edit the skill, then compare with \`skillbench eval run ${skillRef} --baseline old_skill\`.\n`,
    );
    return 0;
  } finally {
    await workspace.close();
  }
}
