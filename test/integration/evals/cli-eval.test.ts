// `skillbench eval triggers` and `skillbench eval run` end to end in-process, against the fake model server.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  lastToolResult,
  lastUserText,
  startFakeModelServer,
  systemText,
  type FakeModelServer,
  type Received,
  type Reply,
} from '../../fakes/model-server.js';
import { FIXTURES, REPO } from '../../helpers.js';
import { runCaptured } from '../run-cli.js';
import type { Benchmark, OptimizeResult, TriggerReport } from '../../../shared/evals.js';
import { GENERATED, KEPT, LIBRARY, OPTIMIZE, optimizerScript, router, scriptedModels } from './routes.js';
import { aggregateLikeSkillCreator } from './skill-creator-readers.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

const SKILL = join(LIBRARY, 'csv-report');
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
  process.env.ANTHROPIC_API_KEY = 'cli-key';
  process.env.SKILLBENCH_DATA_DIR = mkdtempSync(join(tmpdir(), 'skillbench-eval-data-'));
  const route = router();
  server.received.length = 0;
  server.script = (req) => route(lastUserText(req));
});
afterEach(() => {
  process.env = saved;
});

const triggers = (...extra: string[]) =>
  runCaptured([
    'eval',
    'triggers',
    SKILL,
    '--root',
    LIBRARY,
    '--anthropic',
    '--model',
    'm1',
    '--base-url',
    server.anthropicBaseURL,
    ...extra,
  ]);

describe('skillbench eval triggers', () => {
  it('prints the documented JSON, progress on stderr, and caches the answers for the next run', async () => {
    const first = await triggers('--format', 'json');
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as TriggerReport;
    // run_eval.py's output, field for field, then Skillbench's.
    expect(report).toMatchObject({
      skill_name: 'csv-report',
      description: expect.stringContaining('Summarise a CSV file') as unknown,
      summary: { total: 6, passed: 4, failed: 2 },
      provider: 'anthropic',
      model: 'm1',
      runs_per_query: 3,
      eval_set: join(SKILL, 'evals', 'trigger-eval.json'),
    });
    expect(report.by_run).toMatchObject({ precision: 6 / 8, recall: 6 / 9, tp: 6, fp: 2, tn: 7, fn: 3 });
    expect(report.by_query).toMatchObject({ precision: 2 / 3, recall: 2 / 3, tp: 2, fp: 1, tn: 2, fn: 1 });
    expect(report.results[2]).toMatchObject({
      query: 'Plot the monthly totals in metrics.csv',
      should_trigger: true,
      trigger_rate: 1 / 3,
      triggers: 1,
      runs: 3,
      pass: false,
      picked: { 'pdf-extract': 1, 'csv-report': 1 },
    });
    expect(first.stderr).toContain('[18/18] ');
    expect(server.received).toHaveLength(18);

    const again = await triggers('--format', 'json');
    expect((JSON.parse(again.stdout) as TriggerReport).results.every((q) => q.cached === 3)).toBe(true);
    expect(server.received).toHaveLength(18);
    await triggers('--format', 'json', '--no-cache');
    expect(server.received).toHaveLength(36);
  });

  it('exits 1 under --min-precision / --min-recall, 0 when they hold, and reports in text with the picks', async () => {
    const strict = await triggers('--min-recall', '0.9', '--no-cache');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('recall 66.7% (over runs (skill-creator)) is below --min-recall 90.0%');
    expect(strict.stdout).toContain(
      'FAIL  1/3 should trigger      Plot the monthly totals in metrics.csv  (picked instead: pdf-extract ×1)',
    );
    expect(strict.stdout).toContain(
      `Trigger set: ${relative(REPO, join(SKILL, 'evals', 'trigger-eval.json'))}\n`,
    );
    expect(strict.stdout).toContain('4 of 6 queries passed\n');
    expect(strict.stdout).toContain(
      'over runs (skill-creator):  precision 75.0% (6/8)  recall 66.7% (6/9)  accuracy 72.2% (13/18)\n',
    );
    expect(strict.stdout).toContain(
      'per query (rate ≥ 50%):     precision 66.7% (2/3)  recall 66.7% (2/3)  accuracy 66.7% (4/6)\n',
    );
    // The thresholds hold skill-creator's figures (precision 75% over runs), not the per-query 66.7%.
    const lenient = await triggers('--min-precision', '0.7', '--min-recall', '0.6');
    expect(lenient.code).toBe(0);
  });

  it('writes JUnit with one test case per query', async () => {
    const { stdout, code } = await triggers('--format', 'junit', '--runs', '3');
    expect(code).toBe(0);
    expect(stdout).toContain('<testsuite name="csv-report" tests="6" failures="2"');
    expect(stdout).toContain('<failure message="triggered 2 of 3 runs; expected under 50%">');
    // Each case's time is the time its runs waited for the model (three HTTP round trips each), not 0.
    const times = [...stdout.matchAll(/<testcase [^>]*time="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(times).toHaveLength(6);
    for (const t of times) expect(t).toBeGreaterThan(0);
  });

  it('takes a provider from a providers file, and the key from its environment variable', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'providers-')), 'providers.json');
    writeFileSync(
      file,
      JSON.stringify({
        providers: [
          {
            name: 'local',
            kind: 'openai',
            model: 'llama',
            baseURL: server.openaiBaseURL,
            apiKeyEnv: 'LOCAL_KEY',
          },
        ],
      }),
    );
    process.env.LOCAL_KEY = 'from-env';
    const { code, stdout } = await runCaptured([
      'eval',
      'triggers',
      SKILL,
      '--root',
      LIBRARY,
      '--provider',
      'local',
      '--providers',
      file,
      '--runs',
      '1',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ provider: 'local', model: 'llama', runs_per_query: 1 });
    expect(server.received[0]?.headers.authorization).toBe('Bearer from-env');
  });

  it('stops cleanly on the token budget and exits 1, saying why', async () => {
    const { code, stdout, stderr } = await triggers(
      '--max-tokens',
      '300',
      '--concurrency',
      '1',
      '--no-cache',
    );
    expect(code).toBe(1);
    expect(server.received).toHaveLength(3);
    expect(stdout).toContain(
      'Stopped: token budget spent: 360 of 300 tokens used; 1 of 6 queries finished (3 of 18 runs).',
    );
    expect(stderr).toContain('the run is incomplete');
  });

  it('reports bad usage and bad input clearly', async () => {
    const none = await runCaptured(['eval', 'triggers', SKILL]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Choose a model: --provider NAME');
    const noModel = await runCaptured(['eval', 'triggers', SKILL, '--openai']);
    expect(noModel.stderr).toContain('--openai needs --model');
    delete process.env.ANTHROPIC_API_KEY;
    const noKey = await runCaptured(['eval', 'triggers', SKILL, '--anthropic', '--model', 'm']);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('needs an API key: set ANTHROPIC_API_KEY');
    process.env.ANTHROPIC_API_KEY = 'k';
    const noSet = await runCaptured([
      'eval',
      'triggers',
      join(LIBRARY, 'commit-message'),
      '--anthropic',
      '--model',
      'm',
    ]);
    expect(noSet.code).toBe(1);
    expect(noSet.stderr).toMatch(
      /No trigger set at .*commit-message.evals.trigger-eval\.json .*\(Skillbench also reads the older evals\/triggers\.json\) or pass --set FILE/,
    );
    const badRuns = await triggers('--runs', '0');
    expect(badRuns.code).toBe(2);
    expect(badRuns.stderr).toContain('--runs must be a whole number of at least 1 (got 0)');
  });
});

describe('provider keys on the command line', () => {
  const triggersWith = (...extra: string[]) =>
    runCaptured([
      'eval',
      'triggers',
      SKILL,
      '--root',
      LIBRARY,
      '--runs',
      '1',
      '--retries',
      '0',
      '--no-cache',
      '--format',
      'json',
      ...extra,
    ]);
  const firstError = (stdout: string) =>
    (JSON.parse(stdout) as TriggerReport).results[0]?.errors?.message ?? '';
  const openai = ['--openai', '--model', 'gpt-x'];

  it('sends OPENAI_API_KEY to a base URL given on the command line, and a 401 names the variable it came from', async () => {
    process.env.OPENAI_API_KEY = 'sk-gateway-user-key';
    server.script = () => ({ status: 401, message: 'invalid key' });
    const { stdout } = await triggersWith(...openai, '--base-url', server.openaiBaseURL);
    expect(server.received[0]?.headers.authorization).toBe('Bearer sk-gateway-user-key');
    expect(firstError(stdout)).toContain('answered 401');
    expect(firstError(stdout)).toContain('Check the API key: the key sent came from OPENAI_API_KEY.');
  });

  it('reads the key from the variable --api-key-env names, for OpenAI and Anthropic alike', async () => {
    process.env.GATEWAY_KEY = 'gw-key-1';
    server.script = () => ({ status: 401 });
    const viaOpenAi = await triggersWith(
      ...openai,
      '--base-url',
      server.openaiBaseURL,
      '--api-key-env',
      'GATEWAY_KEY',
    );
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer gw-key-1');
    expect(firstError(viaOpenAi.stdout)).toContain('Check the API key: the key sent came from GATEWAY_KEY.');
    const viaAnthropic = await triggersWith(
      '--anthropic',
      '--model',
      'm1',
      '--base-url',
      server.anthropicBaseURL,
      '--api-key-env',
      'GATEWAY_KEY',
    );
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer gw-key-1');
    expect(firstError(viaAnthropic.stdout)).toContain('the key sent came from GATEWAY_KEY.');
    const bad = await triggersWith(...openai, '--api-key-env', 'sk-not-a-name');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--api-key-env takes the name of an environment variable');
  });

  it('says no key was sent when the variable is not set, instead of asking to set one already set', async () => {
    delete process.env.OPENAI_API_KEY;
    server.script = () => ({ status: 401 });
    const { stdout } = await triggersWith(...openai, '--base-url', server.openaiBaseURL);
    expect(server.received[0]?.headers.authorization).toBe('Bearer not-needed');
    expect(firstError(stdout)).toContain('Check the API key: no key was sent: OPENAI_API_KEY is not set.');
  });

  it('sends a base URL from a providers file inside a library root no key unless trusted and named there', async () => {
    process.env.OPENAI_API_KEY = 'sk-real-openai-key';
    process.env.GW_KEY = 'gw-named-key';
    server.script = () => ({ status: 401 });
    const root = mkdtempSync(join(tmpdir(), 'skillbench-root-providers-'));
    cpSync(LIBRARY, root, { recursive: true });
    const file = join(root, 'providers.json');
    const write = (extra: object) =>
      writeFileSync(
        file,
        JSON.stringify({
          providers: [{ name: 'gw', kind: 'openai', model: 'm', baseURL: server.openaiBaseURL, ...extra }],
        }),
      );
    const fromRoot = (...extra: string[]) =>
      runCaptured([
        'eval',
        'triggers',
        join(root, 'csv-report'),
        '--root',
        root,
        '--provider',
        'gw',
        '--providers',
        file,
        '--runs',
        '1',
        '--retries',
        '0',
        '--no-cache',
        '--format',
        'json',
        ...extra,
      ]);
    write({});
    const untrusted = await fromRoot();
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer not-needed');
    expect(firstError(untrusted.stdout)).toContain(
      `Check the API key: no key was sent: its base URL comes from ${file}, inside the library root ${root}, and the root is not trusted and the file names no variable (apiKeyEnv).`,
    );
    await fromRoot('--trust');
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer not-needed'); // trusted, names nothing
    write({ apiKeyEnv: 'GW_KEY' });
    await fromRoot();
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer not-needed'); // named, not trusted
    await fromRoot('--trust');
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer gw-named-key');
    const flag = await fromRoot('--api-key-env', 'OPENAI_API_KEY');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(
      `--api-key-env cannot send OPENAI_API_KEY to the base URL of "gw": it comes from ${file}`,
    );
    // A base URL typed on the command line is the user's own: it is sent the kind's key.
    write({});
    await fromRoot('--base-url', server.openaiBaseURL);
    expect(server.received.at(-1)?.headers.authorization).toBe('Bearer sk-real-openai-key');
  });
});

describe('skillbench eval run', () => {
  it('runs with and without the skill, prints the benchmark and writes the workspace; --min-pass-rate gates', async () => {
    server.script = scriptedModels;
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-evals-'));
    cpSync(LIBRARY, root, { recursive: true });
    const { code, stdout, stderr } = await runCaptured([
      'eval',
      'run',
      join(root, 'csv-report'),
      '--anthropic',
      '--model',
      'exec-1',
      '--base-url',
      server.anthropicBaseURL,
      '--min-pass-rate',
      '1',
    ]);
    expect(stderr).toContain('[2/2]');
    expect(code).toBe(0);
    expect(stdout).toContain('eval-1  with_skill    run 1  3/3 passed');
    expect(stdout).toContain('eval-1  without_skill run 1  2/3 passed');
    expect(stdout).toContain('    FAIL  The report starts with the heading ## Report: first line');
    expect(stdout).toMatch(/delta {9}pass rate \+0\.33/);
    const grading = JSON.parse(
      readFileSync(
        join(root, 'csv-report-workspace', 'iteration-1', 'eval-1', 'with_skill', 'run-1', 'grading.json'),
        'utf8',
      ),
    ) as { summary: unknown };
    expect(grading.summary).toEqual({ passed: 3, failed: 0, total: 3, pass_rate: 1 });

    const json = await runCaptured([
      'eval',
      'run',
      join(root, 'csv-report'),
      '--anthropic',
      '--model',
      'exec-1',
      '--base-url',
      server.anthropicBaseURL,
      '--no-baseline',
      '--format',
      'json',
      '--min-pass-rate',
      '1',
    ]);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { iterationDir: string; runs: Array<{ cached: boolean }> };
    expect(out.iterationDir).toBe(join(root, 'csv-report-workspace', 'iteration-2'));
    expect(out.runs.map((r) => r.cached)).toEqual([true]); // same requests as before: answered from the cache
  });
});

describe('skillbench eval run with skill-creator’s evals.json', () => {
  it('runs and records a first-stage file (prompts, no expectations) and says there is nothing to grade', async () => {
    server.script = scriptedModels;
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-first-stage-'));
    cpSync(LIBRARY, root, { recursive: true });
    const args = [
      'eval',
      'run',
      join(root, 'csv-report'),
      '--evals',
      join(FIXTURES, 'evals', 'skill-creator', 'evals-first-stage.json'),
      '--anthropic',
      '--model',
      'exec-1',
      '--base-url',
      server.anthropicBaseURL,
      '--no-cache',
    ];
    const { code, stdout } = await runCaptured(args);
    expect(code).toBe(0);
    expect(stdout).toContain('eval-1  with_skill    run 1  not graded (no expectations)');
    expect(stdout).toContain('eval-2  without_skill run 1  not graded (no expectations)');
    expect(stdout).toMatch(/with_skill {4}pass rate n\/a \(nothing graded\)/);
    expect(stdout).toContain(
      'eval-1 has no expectations yet: its runs were recorded, not graded (add "expectations" to evals/evals.json).',
    );
    // Run and recorded: the executor was asked, the grader never was.
    expect(server.received.some((r) => systemText(r).startsWith('You grade'))).toBe(false);
    const runDir = join(root, 'csv-report-workspace', 'iteration-1', 'eval-1', 'with_skill', 'run-1');
    expect(readFileSync(join(runDir, 'outputs', 'answer.md'), 'utf8')).toContain('## Report');
    expect(JSON.parse(readFileSync(join(runDir, 'grading.json'), 'utf8'))).toMatchObject({
      expectations: [],
      summary: { passed: 0, failed: 0, total: 0 },
    });
    const gated = await runCaptured([...args, '--min-pass-rate', '0.5']);
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain('nothing was graded, so --min-pass-rate 50.0% cannot hold');
  });

  it('grades expectations written as "assertions"', async () => {
    server.script = scriptedModels;
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-assertions-'));
    cpSync(LIBRARY, root, { recursive: true });
    const { code, stdout } = await runCaptured([
      'eval',
      'run',
      join(root, 'csv-report'),
      '--evals',
      join(FIXTURES, 'evals', 'skill-creator', 'evals-assertions.json'),
      '--anthropic',
      '--model',
      'exec-1',
      '--base-url',
      server.anthropicBaseURL,
      '--no-baseline',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('eval-1  with_skill    run 1  2/2 passed');
  });
});

describe('skillbench eval snapshot and the old_skill baseline', () => {
  /** The executor follows whichever SKILL.md it is given: the heading only when that version asks for it. */
  const followsItsSkill = (req: Received): Reply => {
    const system = systemText(req);
    if (!system.includes('The skill "csv-report" is loaded')) return scriptedModels(req);
    if (lastToolResult(req) === undefined)
      return { tool: 'csv-report__count_rows', input: { text: '2 rows' } };
    return { text: system.includes('## Report') ? '## Report\n\nsales 42' : 'sales 42' };
  };

  it('snapshots the skill before an edit, then compares the edit with it as skill-creator’s old_skill', async () => {
    server.script = followsItsSkill;
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-old-skill-'));
    cpSync(LIBRARY, root, { recursive: true });
    const skillDir = join(root, 'csv-report');
    const model = ['--anthropic', '--model', 'exec-1', '--base-url', server.anthropicBaseURL];
    const noSnapshot = await runCaptured(['eval', 'run', skillDir, '--baseline', 'old_skill', ...model]);
    expect(noSnapshot.code).toBe(2);
    expect(noSnapshot.stderr).toContain(
      'take one with `skillbench eval snapshot SKILL` before editing the skill',
    );

    const snap = await runCaptured(['eval', 'snapshot', skillDir]);
    expect(snap.code).toBe(0);
    const snapshot = join(root, 'csv-report-workspace', 'skill-snapshot');
    expect(readFileSync(join(snapshot, 'SKILL.md'), 'utf8')).toBe(
      readFileSync(join(skillDir, 'SKILL.md'), 'utf8'),
    );
    expect(existsSync(join(snapshot, 'evals', 'evals.json'))).toBe(true);
    const again = await runCaptured(['eval', 'snapshot', skillDir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'it is the version before your edits, the old_skill baseline. Pass --force',
    );

    // The edit drops the heading; the old version keeps it.
    const manifest = join(skillDir, 'SKILL.md');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('2. Start the report with the heading `## Report`.\n', ''),
    );
    const { code, stdout } = await runCaptured([
      'eval',
      'run',
      skillDir,
      '--baseline',
      'old_skill',
      '--no-cache',
      ...model,
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('eval-1  with_skill    run 1  2/3 passed');
    expect(stdout).toContain('eval-1  old_skill     run 1  3/3 passed');
    expect(stdout).toMatch(/delta {9}pass rate -0\.33/);
    const iteration = join(root, 'csv-report-workspace', 'iteration-1');
    const benchmark = JSON.parse(readFileSync(join(iteration, 'benchmark.json'), 'utf8')) as Benchmark;
    expect(Object.keys(benchmark.run_summary).sort()).toEqual(['delta', 'old_skill', 'with_skill']);
    expect(benchmark.metadata.old_skill_path).toBe(snapshot);
    // The old version's tool ran from the snapshot, and the model was told where that version lives.
    const oldRun = join(iteration, 'eval-1', 'old_skill', 'run-1');
    const transcript = JSON.parse(readFileSync(join(oldRun, 'transcript.json'), 'utf8')) as {
      messages: Array<{ role: string; tool?: { name: string; output: string } }>;
    };
    expect(transcript.messages.find((m) => m.role === 'tool')?.tool).toMatchObject({
      name: 'csv-report__count_rows',
      output: '2 rows',
    });
    expect(
      server.received.some((r) => systemText(r).includes(`Base directory for this skill: ${snapshot}`)),
    ).toBe(true);
    // skill-creator's aggregate_benchmark.py reads the same runs from old_skill/run-N/ (its folders in name order).
    const figures = (runs: Array<{ configuration: string; result: { passed: number; tokens: number } }>) =>
      runs.map((r) => [r.configuration, r.result.passed, r.result.tokens]).sort();
    expect(figures(aggregateLikeSkillCreator(iteration))).toEqual(figures(benchmark.runs));

    // Any folder can be the old version.
    const other = await runCaptured([
      'eval',
      'run',
      skillDir,
      '--baseline-skill',
      join(LIBRARY, 'csv-report'),
      '--no-cache',
      '--format',
      'json',
      ...model,
    ]);
    expect(other.code).toBe(0);
    expect((JSON.parse(other.stdout) as Benchmark).metadata.old_skill_path).toBe(join(LIBRARY, 'csv-report'));
    const clash = await runCaptured([
      'eval',
      'run',
      skillDir,
      '--baseline',
      'old_skill',
      '--no-baseline',
      ...model,
    ]);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('--no-baseline and --baseline old_skill contradict each other');
  });
});

describe('skillbench eval optimize', () => {
  const optimize = (skillDir: string, root: string, ...extra: string[]) =>
    runCaptured([
      'eval',
      'optimize',
      skillDir,
      '--root',
      root,
      '--anthropic',
      '--model',
      'opt-1',
      '--base-url',
      server.anthropicBaseURL,
      '--no-cache',
      ...extra,
    ]);

  it('prints the iterations and the diff of SKILL.md, and writes it only with --write', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-optimize-'));
    cpSync(LIBRARY, root, { recursive: true });
    const skillDir = join(root, 'csv-report');
    const manifest = join(skillDir, 'SKILL.md');
    const before = readFileSync(manifest, 'utf8');
    server.script = optimizerScript();
    const text = await optimize(skillDir, root);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('4 train and 2 held-out queries (holdout 0.4), 3 run(s) per query');
    expect(text.stdout).toContain(
      `iteration 2  train 3/4  held out 2/2  (best)  ${JSON.stringify(OPTIMIZE.first)}`,
    );
    expect(text.stdout).toContain('Ended: all_passed (iteration 3)');
    expect(text.stdout).toContain('Best on the held-out queries: iteration 2 (2/2 held out, 3/4 train).');
    // Quoted: the new text has ": " in it, which a plain YAML scalar cannot hold.
    expect(text.stdout).toContain(`+description: "${OPTIMIZE.first}"`);
    expect(text.stdout).toMatch(/-description: Summarise a CSV file/);
    expect(text.stdout).toContain('Not written: pass --write to apply it to');
    expect(readFileSync(manifest, 'utf8')).toBe(before);

    server.script = optimizerScript();
    const json = await optimize(skillDir, root, '--format', 'json', '--write', '--max-iterations', '2');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.stdout) as OptimizeResult & { diff: string; written: string };
    expect(result).toMatchObject({
      exit_reason: 'max_iterations (2)',
      best_description: OPTIMIZE.first,
      iterations_run: 2,
      written: manifest,
    });
    // Only the description changed: the rest of SKILL.md is as it was, byte for byte.
    const after = readFileSync(manifest, 'utf8');
    expect(after).toBe(before.replace(/^description: .*$/m, `description: "${OPTIMIZE.first}"`));
  });

  it('takes --holdout 0 (best on train) and refuses a holdout of 1', async () => {
    server.script = optimizerScript();
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-optimize-'));
    cpSync(LIBRARY, root, { recursive: true });
    const none = await optimize(join(root, 'csv-report'), root, '--holdout', '0', '--format', 'json');
    const result = JSON.parse(none.stdout) as OptimizeResult;
    expect(result).toMatchObject({ train_size: 6, test_size: 0, best_test_score: null });
    const all = await optimize(join(root, 'csv-report'), root, '--holdout', '1');
    expect(all.code).toBe(2);
    expect(all.stderr).toContain('--holdout is the fraction held out for testing: below 1');
  });
});

describe('skillbench eval collisions', () => {
  it('prints the library’s collision matrix', async () => {
    const { code, stdout } = await runCaptured([
      'eval',
      'collisions',
      LIBRARY,
      '--openai',
      '--model',
      'm',
      '--base-url',
      server.openaiBaseURL,
      '--no-cache',
    ]);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 3)).toEqual([
      'queries of / fired  csv-report  pdf-extract',
      'csv-report          6           1',
      'pdf-extract         2           4',
    ]);
    // Skillbench's older evals/triggers.json is still read when a skill has no evals/trigger-eval.json, and named.
    expect(stdout).toContain(
      `pdf-extract (${relative(REPO, join(LIBRARY, 'pdf-extract', 'evals', 'triggers.json'))}):\n` +
        'over runs (skill-creator):  precision 100.0% (4/4)  recall 66.7% (4/6)  accuracy 77.8% (7/9)\n' +
        'per query (rate ≥ 50%):     precision 100.0% (1/1)  recall 50.0% (1/2)  accuracy 66.7% (2/3)\n',
    );
  });
});

describe('skillbench eval generate', () => {
  const generate = (skill: string, ...extra: string[]) =>
    runCaptured([
      'eval',
      'generate',
      skill,
      '--anthropic',
      '--model',
      'm1',
      '--base-url',
      server.anthropicBaseURL,
      '--count',
      String(GENERATED.queries.length),
      ...extra,
    ]);

  it('prints the new proposals as JSON and leaves the set alone without --write', async () => {
    server.script = scriptedModels;
    const setFile = join(SKILL, 'evals', 'trigger-eval.json');
    const before = readFileSync(setFile, 'utf8');
    const { code, stdout, stderr } = await generate(SKILL, '--root', LIBRARY, '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      skill: 'csv-report',
      provider: 'anthropic',
      model: 'm1',
      proposals: KEPT,
      duplicates: 2,
    });
    expect(stderr).toContain('Asking anthropic (m1) for 6 trigger queries for csv-report');
    expect(readFileSync(setFile, 'utf8')).toBe(before);
    // Asking again asks the model again: generation never answers from the cache.
    await generate(SKILL, '--root', LIBRARY, '--format', 'json');
    expect(server.received).toHaveLength(2);
  });

  it('--write appends the proposals to the set, keeping what is there, and creates a missing set', async () => {
    server.script = scriptedModels;
    const root = mkdtempSync(join(tmpdir(), 'skillbench-generate-'));
    cpSync(LIBRARY, root, { recursive: true });
    const setFile = join(root, 'csv-report', 'evals', 'trigger-eval.json');
    const before = JSON.parse(readFileSync(setFile, 'utf8')) as unknown[];
    const text = await generate(join(root, 'csv-report'), '--root', root, '--write');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      '4 new queries for csv-report from anthropic (m1); 2 already in the set left out',
    );
    expect(text.stdout).toContain(
      'should not trigger  Extract the tables from q3.pdf into a CSV  (close to pdf-extract)',
    );
    expect(text.stdout).toContain('Appended to ');
    const after = readFileSync(setFile, 'utf8');
    expect(JSON.parse(after)).toEqual([
      ...before,
      ...KEPT.map((p) => ({ query: p.query, should_trigger: p.should_trigger })),
    ]);
    expect(after.endsWith('}\n]\n')).toBe(true);

    // commit-message has no evals folder: --write creates the set in skill-creator's format, under its name.
    const fresh = join(root, 'commit-message', 'evals', 'trigger-eval.json');
    expect(existsSync(fresh)).toBe(false);
    const json = await generate(join(root, 'commit-message'), '--root', root, '--write', '--format', 'json');
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { written: string; proposals: unknown[]; duplicates: number };
    expect(out.written).toBe(fresh);
    expect(out.duplicates).toBe(1); // only the two spellings of the q3 report collapse
    expect(JSON.parse(readFileSync(fresh, 'utf8'))).toHaveLength(out.proposals.length);
  });

  it('exits 1 with the reason when the answer is malformed, and 2 on a bad --count', async () => {
    server.script = () => ({ text: 'no JSON here' });
    const bad = await generate(SKILL, '--root', LIBRARY);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("InvalidFormat: The model's answer was not used: it is not JSON");
    const count = await runCaptured([
      'eval',
      'generate',
      SKILL,
      '--anthropic',
      '--model',
      'm',
      '--count',
      '51',
    ]);
    expect(count.code).toBe(2);
    expect(count.stderr).toContain('--count is at most 50 (got 51).');
  });
});
