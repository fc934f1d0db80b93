// `skillbench eval triggers`, `eval collisions` and `eval generate`: trigger sets run against the library's catalog,
// and queries proposed for them. Progress goes to stderr; results to stdout.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { confusionParts, TRIGGER_VIEWS, type TriggerReport } from '../../../../shared/evals.js';
import { usageLine } from '../../../../shared/usage.js';
import type { CaseResult } from '../../../core/cases/cases.js';
import {
  DEFAULT_GENERATE_COUNT,
  generateTriggerQueries,
  MAX_GENERATE_COUNT,
} from '../../../core/evals/generate.js';
import {
  appendToTriggerSet,
  DEFAULT_TRIGGER_SET,
  LEGACY_TRIGGER_SET,
  readTriggerSet,
  resolveTriggerSet,
  runLibraryTriggers,
  runTriggerEval,
  TRIGGER_THRESHOLD,
} from '../../../core/evals/triggers.js';
import { withCancel } from '../../cancel.js';
import { batchFromFlags, cancelFromFlags, unlessLeftRunning } from './batch.js';
import { UsageError, type CliIo } from '../../io.js';
import { displayPath, openFromArgs, parseFormat, parseProfile } from '../../library-args.js';
import { junit } from '../test.js';
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

/** Where a trigger set comes from: --set FILE, else the skill's (skill-creator's name, or the older one). */
export function triggerSetOf(skillDir: string, v: Values, io: CliIo): { path: string; legacy: boolean } {
  return v.set ? { path: resolve(io.cwd, v.set), legacy: false } : resolveTriggerSet(skillDir);
}

/** The line saying which trigger set file was used. */
export function triggerSetLine(set: { path: string; legacy: boolean }, io: CliIo): string {
  return `Trigger set: ${displayPath(io, set.path)}${set.legacy ? ` (Skillbench's older name; skill-creator's is ${DEFAULT_TRIGGER_SET}, read first when present)` : ''}\n`;
}

/** The two views side by side, labelled: "over runs (skill-creator):  precision 75.0% (6/8)  recall …". */
function viewLines(report: TriggerReport): string {
  const width = Math.max(...Object.values(TRIGGER_VIEWS).map((l) => l.length)) + 1;
  return (['by_run', 'by_query'] as const)
    .map(
      (view) =>
        `${`${TRIGGER_VIEWS[view]}:`.padEnd(width)}  ${confusionParts(report[view])
          .map((p) => `${p.label} ${p.value} (${p.counts})`)
          .join('  ')}\n`,
    )
    .join('');
}

function printTriggerText(report: TriggerReport, set: { path: string; legacy: boolean }, io: CliIo): void {
  io.stdout(
    `Trigger eval of ${report.skill_name} on ${report.provider} (${report.model}), ${report.runs_per_query} run(s) per query` +
      `${report.mode === 'batch' ? `, batch ${report.batch_id} at half price` : ''}\n`,
  );
  io.stdout(`${triggerSetLine(set, io)}\n`);
  for (const q of report.results) {
    const mark = q.skipped ? 'SKIP' : q.pass ? 'PASS' : 'FAIL';
    const others = Object.entries(q.picked)
      .filter(([name]) => name !== report.skill_name)
      .map(([name, n]) => `${name} ×${n}`);
    io.stdout(
      `${mark}  ${q.triggers}/${q.runs} ${q.should_trigger ? 'should trigger    ' : 'should not trigger'}  ${q.query}` +
        `${others.length ? `  (picked instead: ${others.join(', ')})` : ''}` +
        `${q.cached ? `  [${q.cached} cached]` : ''}${q.errors ? `  [${q.errors.count} failed: ${q.errors.message}]` : ''}\n`,
    );
  }
  io.stdout(`\n${report.summary.passed} of ${report.summary.total} queries passed\n${viewLines(report)}`);
  io.stdout(`${usageLine(report.usage)}\n`);
  if (report.stopped) io.stdout(`${report.stopped}\n`);
}

export async function runTriggers(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json', 'junit'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const minPrecision = fraction(v, 'min-precision');
  const minRecall = fraction(v, 'min-recall');
  const choice = chooseProvider(v, io);
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const setFile = triggerSetOf(dirname(skill.sourcePath), v, io);
    const set = readTriggerSet(setFile.path, 'cli');
    if (format !== 'text') io.stderr(triggerSetLine(setFile, io));
    const client = clientFor(choice, v, io, budgetFrom(v), workspace.library.roots);
    const command = `eval triggers ${skillRef}`;
    if (v.cancel !== undefined) return await cancelFromFlags(v, io, client, command);
    const batch = batchFromFlags(v, io, command);
    const report = await unlessLeftRunning(batch, io, () =>
      withCancel((signal) =>
        runTriggerEval({
          client,
          entries: workspace.entries,
          profile: parseProfile(v.profile),
          skill: skill.name,
          set,
          setFile: setFile.path,
          ...(runs !== undefined ? { runs } : {}),
          ...(v.description !== undefined ? { description: v.description } : {}),
          signal,
          onProgress: (done, total, query) => io.stderr(`[${done}/${total}] ${query}\n`),
          ...(batch.mode ? { mode: batch.mode } : {}),
          ...(batch.batch ? { batch: batch.batch } : {}),
        }),
      ),
    );
    if (!report) return 130;
    if (format === 'json') io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else if (format === 'junit')
      io.stdout(
        junit(
          report.results.map((q): CaseResult => ({
            name: q.query,
            file: setFile.path,
            skill: report.skill_name,
            tool: 'Skill',
            passed: q.pass,
            failures: q.pass
              ? []
              : [
                  q.skipped
                    ? 'not run: the budget was spent first'
                    : `triggered ${q.triggers} of ${q.runs} runs; expected ${q.should_trigger ? 'at least' : 'under'} ${TRIGGER_THRESHOLD * 100}%${q.errors ? ` (${q.errors.count} failed: ${q.errors.message})` : ''}`,
                ],
            durationMs: q.duration_ms,
          })),
        ),
      );
    else printTriggerText(report, setFile, io);
    const problems: string[] = [];
    // The thresholds apply to skill-creator's figures, counted over runs.
    const { precision, recall } = report.by_run;
    if (minPrecision !== undefined && precision !== null && precision < minPrecision)
      problems.push(
        `precision ${pct(precision)} (${TRIGGER_VIEWS.by_run}) is below --min-precision ${pct(minPrecision)}`,
      );
    if (minRecall !== undefined && recall !== null && recall < minRecall)
      problems.push(
        `recall ${pct(recall)} (${TRIGGER_VIEWS.by_run}) is below --min-recall ${pct(minRecall)}`,
      );
    if (report.stopped) problems.push(`the run is incomplete: ${report.stopped}`);
    const failed = report.results.filter((q) => q.errors && q.runs === 0).length;
    if (failed) problems.push(`${failed} quer${failed === 1 ? 'y' : 'ies'} got no answer`);
    for (const p of problems) io.stderr(`skillbench: ${p}\n`);
    return problems.length ? 1 : 0;
  } finally {
    await workspace.close();
  }
}

/** Trigger queries proposed by the model, new ones only; --write appends them to the set. */
export async function runGenerate(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const count = number(v, 'count', { min: 1, integer: true }) ?? DEFAULT_GENERATE_COUNT;
  if (count > MAX_GENERATE_COUNT)
    throw new UsageError(`--count is at most ${MAX_GENERATE_COUNT} (got ${count}).`);
  const choice = chooseProvider(v, io);
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const { path: setFile } = triggerSetOf(dirname(skill.sourcePath), v, io);
    const existing = existsSync(setFile) ? readTriggerSet(setFile, 'cli') : [];
    // Never the response cache: asking again is asking for new ideas.
    const client = clientFor(choice, { ...v, 'no-cache': true }, io, budgetFrom(v), workspace.library.roots);
    io.stderr(
      `Asking ${choice.config.name} (${choice.config.model}) for ${count} trigger queries for ${skill.name}…\n`,
    );
    const generated = await withCancel((signal) =>
      generateTriggerQueries({
        client,
        entries: workspace.entries,
        profile: parseProfile(v.profile),
        skill,
        existing,
        count,
        signal,
      }),
    );
    const written = v.write === true && generated.proposals.length > 0;
    if (written) appendToTriggerSet(setFile, generated.proposals);
    if (format === 'json')
      io.stdout(`${JSON.stringify({ ...generated, ...(written ? { written: setFile } : {}) }, null, 2)}\n`);
    else {
      io.stdout(
        `${generated.proposals.length} new quer${generated.proposals.length === 1 ? 'y' : 'ies'} for ${skill.name} from ${generated.provider} (${generated.model})` +
          `${generated.duplicates ? `; ${generated.duplicates} already in the set left out` : ''}\n\n`,
      );
      for (const p of generated.proposals)
        io.stdout(
          `${p.should_trigger ? 'should trigger    ' : 'should not trigger'}  ${p.query}${p.close_to ? `  (close to ${p.close_to})` : ''}\n`,
        );
      io.stdout(
        written
          ? `\nAppended to ${displayPath(io, setFile)}.\n`
          : generated.proposals.length
            ? `\nNot added: pass --write to append them to ${displayPath(io, setFile)}, or pick some in the Evals tab.\n`
            : '',
      );
    }
    return 0;
  } finally {
    await workspace.close();
  }
}

/** The library's collision matrix: rows are skills (their should-trigger queries), columns the skills that fired. */
export async function runCollisions(paths: string[], v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const choice = chooseProvider(v, io);
  const workspace = openFromArgs(
    {
      paths: [...paths, ...(v.root ?? [])],
      ...(v.profile !== undefined ? { profile: v.profile } : {}),
      ...(v['with-bundled'] ? { withBundled: true } : {}),
      ...(v.discover ? { discover: true } : {}),
    },
    io,
  );
  try {
    const client = clientFor(choice, v, io, budgetFrom(v), workspace.library.roots);
    const command = `eval collisions${paths.map((p) => ` ${p}`).join('')}`;
    if (v.cancel !== undefined) return await cancelFromFlags(v, io, client, command);
    const batch = batchFromFlags(v, io, command);
    const result = await unlessLeftRunning(batch, io, () =>
      withCancel((signal) =>
        runLibraryTriggers({
          client,
          entries: workspace.entries,
          profile: parseProfile(v.profile),
          ...(runs !== undefined ? { runs } : {}),
          signal,
          onProgress: (done, total, query) => io.stderr(`[${done}/${total}] ${query}\n`),
          audience: 'cli',
          ...(batch.mode ? { mode: batch.mode } : {}),
          ...(batch.batch ? { batch: batch.batch } : {}),
        }),
      ),
    );
    if (!result) return 130;
    if (result.reports.length === 0) {
      io.stderr(
        `skillbench: no skill in the library has ${DEFAULT_TRIGGER_SET} (or the older ${LEGACY_TRIGGER_SET}).\n`,
      );
      return 1;
    }
    if (format === 'json') io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else {
      const columns = [...new Set(Object.values(result.matrix).flatMap((row) => Object.keys(row)))].sort();
      const rows = Object.entries(result.matrix).map(([skill, row]) => [
        skill,
        ...columns.map((c) => String(row[c] ?? 0)),
      ]);
      const table = [['queries of / fired', ...columns], ...rows];
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length)));
      for (const r of table)
        io.stdout(
          `${r
            .map((c, i) => c.padEnd(widths[i] ?? 0))
            .join('  ')
            .trimEnd()}\n`,
        );
      for (const r of result.reports)
        io.stdout(
          `\n${r.skill_name} (${r.eval_set ? displayPath(io, r.eval_set) : 'its trigger set'}):\n${viewLines(r)}`,
        );
      io.stdout(`\n${usageLine(result.usage)}\n`);
      if (result.stopped) io.stdout(`${result.stopped}\n`);
    }
    if (result.stopped) io.stderr(`skillbench: the run is incomplete: ${result.stopped}\n`);
    return result.stopped ? 1 : 0;
  } finally {
    await workspace.close();
  }
}
