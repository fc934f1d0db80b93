// `skillbench eval triggers` and `skillbench eval run` (issue 15): trigger evals and output evals against a model,
// with thresholds that set the exit code for CI. Progress goes to stderr; results to stdout.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  confusionParts,
  EVAL_CONFIGURATIONS,
  formatRate,
  gradedRuns,
  TRIGGER_VIEWS,
  type TriggerReport,
} from '../../../shared/evals.js';
import type { CaseResult } from '../../core/cases/cases.js';
import { userDataDir } from '../../core/history/history-store.js';
import { Budget } from '../../core/evals/budget.js';
import { ResponseCache } from '../../core/evals/cache.js';
import { ModelClient } from '../../core/evals/model-client.js';
import {
  DEFAULT_GENERATE_COUNT,
  generateTriggerQueries,
  MAX_GENERATE_COUNT,
} from '../../core/evals/generate.js';
import { DEFAULT_EVALS_FILE, readEvalsFile } from '../../core/evals/evals-file.js';
import { runOutputEvals } from '../../core/evals/output-evals.js';
import {
  createProvider,
  parseProviderConfigs,
  type ProviderConfig,
} from '../../core/evals/providers/index.js';
import {
  appendToTriggerSet,
  DEFAULT_TRIGGER_SET,
  LEGACY_TRIGGER_SET,
  readTriggerSet,
  resolveTriggerSet,
  runLibraryTriggers,
  runTriggerEval,
  TRIGGER_THRESHOLD,
} from '../../core/evals/triggers.js';
import { withCancel } from '../cancel.js';
import { UsageError, type CliIo } from '../io.js';
import { displayPath, openFromArgs, parseFormat, parseProfile } from '../library-args.js';
import { cliTrust } from '../trust.js';
import { junit } from './test.js';

export const EVAL_USAGE = `Usage:
  skillbench eval triggers SKILL [--set FILE] [--runs N] [--description TEXT] [--format text|json|junit]
                                 [--min-precision X] [--min-recall X]
  skillbench eval collisions [PATH...] [--runs N] [--format text|json]   every skill's evals/triggers.json at once:
                                 which skills fire for each skill's should-trigger queries
  skillbench eval run SKILL [--evals FILE] [--runs N] [--no-baseline] [--max-turns N] [--workspace DIR]
                            [--grader NAME | --grader-model M] [--format text|json] [--min-pass-rate X]
  skillbench eval generate SKILL [--count N] [--set FILE] [--format text|json] [--write]   the model proposes
                                 trigger queries (should trigger, and near-misses) not in the set yet;
                                 --write appends them to the set (created when missing)
Model (one of): --provider NAME [--providers FILE] | --anthropic --model M | --openai --model M | --claude-code
  [--base-url URL] [--model M] override the provider's; keys come from ANTHROPIC_API_KEY / OPENAI_API_KEY (or the
  provider's apiKeyEnv). Limits: --concurrency N (4), --max-tokens N, --max-cost USD, --timeout SECONDS (120),
  --retries N (4), --no-cache. Library the model sees: SKILL's folder plus --root PATH (repeatable), --discover,
  --with-bundled; --profile NAME. --trust lets the skill's shell, script and MCP tools run in \`eval run\`.
`;

const OPTIONS = {
  set: { type: 'string' },
  count: { type: 'string' },
  write: { type: 'boolean' },
  evals: { type: 'string' },
  runs: { type: 'string' },
  provider: { type: 'string' },
  providers: { type: 'string' },
  anthropic: { type: 'boolean' },
  openai: { type: 'boolean' },
  'claude-code': { type: 'boolean' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  grader: { type: 'string' },
  'grader-model': { type: 'string' },
  description: { type: 'string' },
  format: { type: 'string' },
  'min-precision': { type: 'string' },
  'min-recall': { type: 'string' },
  'min-pass-rate': { type: 'string' },
  'no-baseline': { type: 'boolean' },
  'max-turns': { type: 'string' },
  workspace: { type: 'string' },
  concurrency: { type: 'string' },
  'max-tokens': { type: 'string' },
  'max-cost': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  'no-cache': { type: 'boolean' },
  root: { type: 'string', multiple: true },
  discover: { type: 'boolean' },
  'with-bundled': { type: 'boolean' },
  profile: { type: 'string' },
  trust: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function number(
  v: Values,
  key: keyof Values,
  { min, integer }: { min: number; integer?: boolean },
): number | undefined {
  const raw = v[key];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n)))
    throw new UsageError(
      `--${key} must be ${integer ? 'a whole number' : 'a number'} of at least ${min} (got ${String(raw)}).`,
    );
  return n;
}

function fraction(v: Values, key: keyof Values): number | undefined {
  const n = number(v, key, { min: 0 });
  if (n !== undefined && n > 1) throw new UsageError(`--${key} is a fraction between 0 and 1 (got ${n}).`);
  return n;
}

function readProviders(v: Values, io: CliIo): ProviderConfig[] {
  const file = v.providers ? resolve(io.cwd, v.providers) : join(userDataDir(), 'providers.json');
  if (!existsSync(file)) {
    if (v.providers) throw new UsageError(`No such providers file: ${v.providers}`);
    return [];
  }
  return parseProviderConfigs(readFileSync(file, 'utf8'), file);
}

/** The model to use, from --provider (a providers file entry) or --anthropic / --openai / --claude-code. */
export function chooseProvider(v: Values, io: CliIo): ProviderConfig {
  const chosen = [v.provider !== undefined, v.anthropic, v.openai, v['claude-code']].filter(Boolean).length;
  if (chosen !== 1)
    throw new UsageError(
      chosen === 0
        ? 'Choose a model: --provider NAME (from providers.json), --anthropic --model M, --openai --model M [--base-url URL], or --claude-code.'
        : 'Choose one of --provider, --anthropic, --openai and --claude-code.',
    );
  let config: ProviderConfig;
  if (v.provider !== undefined) {
    const all = readProviders(v, io);
    const found = all.find((p) => p.name === v.provider);
    if (!found)
      throw new UsageError(
        `No provider named "${v.provider}"${all.length ? ` (configured: ${all.map((p) => p.name).join(', ')})` : ''}. Add it to providers.json ({"providers": [{"name", "kind", "model", "baseURL"}]}) or pass --providers FILE.`,
      );
    config = { ...found };
  } else if (v['claude-code']) config = { name: 'claude-code', kind: 'claude-code', model: 'default' };
  else {
    const kind = v.anthropic ? 'anthropic' : 'openai';
    if (!v.model) throw new UsageError(`--${kind} needs --model (the model id the server knows).`);
    config = { name: kind, kind, model: v.model };
  }
  if (v.model) config.model = v.model;
  if (v['base-url']) {
    if (!/^https?:\/\//.test(v['base-url']))
      throw new UsageError(`--base-url must be an http(s) URL (got ${v['base-url']}).`);
    config.baseURL = v['base-url'];
  }
  return config;
}

function clientFor(config: ProviderConfig, v: Values, io: CliIo, budget: Budget): ModelClient {
  const timeout = number(v, 'timeout', { min: 1 });
  const retries = number(v, 'retries', { min: 0, integer: true });
  const concurrency = number(v, 'concurrency', { min: 1, integer: true });
  return new ModelClient(createProvider(config), {
    budget,
    ...(v['no-cache'] ? {} : { cache: new ResponseCache(join(userDataDir(), 'eval-cache')) }),
    ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
    ...(retries !== undefined ? { maxRetries: retries } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    onRetry: ({ attempt, delayMs, error }) =>
      io.stderr(`skillbench: ${error.message} Retry ${attempt} in ${(delayMs / 1000).toFixed(1)} s.\n`),
  });
}

function budgetFrom(v: Values): Budget {
  const maxTokens = number(v, 'max-tokens', { min: 1, integer: true });
  const maxCostUsd = number(v, 'max-cost', { min: 0 });
  return new Budget({
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
  });
}

/** The library the model sees: SKILL's folder when it is a path, plus --root / --discover / --with-bundled. */
function openLibrary(skillRef: string, v: Values, io: CliIo) {
  const asPath = resolve(io.cwd, skillRef);
  const isPath = /[\\/]/.test(skillRef) || skillRef === '.' || existsSync(asPath);
  const paths = [...(v.root ?? []), ...(isPath ? [skillRef] : [])];
  const workspace = openFromArgs(
    {
      paths,
      ...(v.profile !== undefined ? { profile: v.profile } : {}),
      withBundled:
        v['with-bundled'] === true || (!isPath && !v.discover && paths.length > 0 ? false : undefined),
      ...(v.discover ? { discover: true } : {}),
    },
    io,
    { trust: cliTrust(v.trust) },
  );
  try {
    const skill = workspace.skill(isPath ? asPath : skillRef);
    return { workspace, skill };
  } catch (error) {
    void workspace.close();
    throw error;
  }
}

const pct = formatRate;

/** Where a trigger set comes from: --set FILE, else the skill's (skill-creator's name, or the older one). */
function triggerSetOf(skillDir: string, v: Values, io: CliIo): { path: string; legacy: boolean } {
  return v.set ? { path: resolve(io.cwd, v.set), legacy: false } : resolveTriggerSet(skillDir);
}

/** The line saying which trigger set file was used. */
function triggerSetLine(set: { path: string; legacy: boolean }, io: CliIo): string {
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
    `Trigger eval of ${report.skill_name} on ${report.provider} (${report.model}), ${report.runs_per_query} run(s) per query\n`,
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
  io.stdout(
    `tokens ${report.usage.input_tokens} in, ${report.usage.output_tokens} out; cost $${report.usage.cost_usd.toFixed(4)}\n`,
  );
  if (report.stopped) io.stdout(`${report.stopped}\n`);
}

async function runTriggers(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json', 'junit'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const minPrecision = fraction(v, 'min-precision');
  const minRecall = fraction(v, 'min-recall');
  const config = chooseProvider(v, io);
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const setFile = triggerSetOf(dirname(skill.sourcePath), v, io);
    const set = readTriggerSet(setFile.path);
    if (format !== 'text') io.stderr(triggerSetLine(setFile, io));
    const client = clientFor(config, v, io, budgetFrom(v));
    const report = await withCancel((signal) =>
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
      }),
    );
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

async function runOutput(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const maxTurns = number(v, 'max-turns', { min: 1, integer: true });
  const minPassRate = fraction(v, 'min-pass-rate');
  const config = chooseProvider(v, io);
  let graderConfig = config;
  if (v.grader !== undefined)
    graderConfig = chooseProvider(
      {
        ...v,
        provider: v.grader,
        anthropic: false,
        openai: false,
        'claude-code': false,
        model: undefined,
        'base-url': undefined,
      },
      io,
    );
  else if (v['grader-model'] !== undefined) graderConfig = { ...config, model: v['grader-model'] };
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const evals = readEvalsFile(
      v.evals ? resolve(io.cwd, v.evals) : join(dirname(skill.sourcePath), DEFAULT_EVALS_FILE),
    );
    const budget = budgetFrom(v); // one budget for the whole run, grading included
    const client = clientFor(config, v, io, budget);
    const grader = graderConfig === config ? client : clientFor(graderConfig, v, io, budget);
    const report = await withCancel((signal) =>
      runOutputEvals({
        client,
        grader,
        executor: workspace.executor,
        skill,
        evals,
        ...(runs !== undefined ? { runs } : {}),
        ...(maxTurns !== undefined ? { maxTurns } : {}),
        ...(v['no-baseline'] ? { baseline: false } : {}),
        ...(v.workspace ? { workspaceDir: resolve(io.cwd, v.workspace) } : {}),
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
          `${r.eval_name}  ${r.configuration.padEnd(13)} run ${r.run_number}  ${r.result.total ? `${r.result.passed}/${r.result.total} passed` : 'not graded (no expectations)'}  ${r.result.time_seconds.toFixed(1)} s  ${r.result.tokens} tokens${r.cached ? '  [cached]' : ''}\n`,
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
    await workspace.close();
  }
}

/** Trigger queries proposed by the model, new ones only; --write appends them to the set. */
async function runGenerate(skillRef: string, v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const count = number(v, 'count', { min: 1, integer: true }) ?? DEFAULT_GENERATE_COUNT;
  if (count > MAX_GENERATE_COUNT)
    throw new UsageError(`--count is at most ${MAX_GENERATE_COUNT} (got ${count}).`);
  const config = chooseProvider(v, io);
  const { workspace, skill } = openLibrary(skillRef, v, io);
  try {
    const { path: setFile } = triggerSetOf(dirname(skill.sourcePath), v, io);
    const existing = existsSync(setFile) ? readTriggerSet(setFile) : [];
    // Never the response cache: asking again is asking for new ideas.
    const client = clientFor(config, { ...v, 'no-cache': true }, io, budgetFrom(v));
    io.stderr(`Asking ${config.name} (${config.model}) for ${count} trigger queries for ${skill.name}…\n`);
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
async function runCollisions(paths: string[], v: Values, io: CliIo): Promise<number> {
  const format = parseFormat(v.format, ['text', 'json'] as const);
  const runs = number(v, 'runs', { min: 1, integer: true });
  const config = chooseProvider(v, io);
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
    const client = clientFor(config, v, io, budgetFrom(v));
    const result = await withCancel((signal) =>
      runLibraryTriggers({
        client,
        entries: workspace.entries,
        profile: parseProfile(v.profile),
        ...(runs !== undefined ? { runs } : {}),
        signal,
        onProgress: (done, total, query) => io.stderr(`[${done}/${total}] ${query}\n`),
      }),
    );
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
      if (result.stopped) io.stdout(`${result.stopped}\n`);
    }
    if (result.stopped) io.stderr(`skillbench: the run is incomplete: ${result.stopped}\n`);
    return result.stopped ? 1 : 0;
  } finally {
    await workspace.close();
  }
}

export async function runEval(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals: p } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (v.help) {
    io.stdout(EVAL_USAGE);
    return 0;
  }
  const [sub, skill, ...extra] = p;
  if (sub === 'collisions') return runCollisions(p.slice(1), v, io);
  if ((sub !== 'triggers' && sub !== 'run' && sub !== 'generate') || skill === undefined || extra.length > 0)
    throw new UsageError('eval needs a subcommand (triggers, collisions, run or generate) and a SKILL.');
  if (sub === 'generate') return runGenerate(skill, v, io);
  return sub === 'triggers' ? runTriggers(skill, v, io) : runOutput(skill, v, io);
}
