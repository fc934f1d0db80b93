// `skillbench eval triggers`, `run`, `collisions` and `generate` end to end in-process, against the fake model session.server.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { REPO } from '../../helpers.js';
import { runCaptured } from '../run-cli.js';
import type { TriggerReport } from '../../../shared/evals.js';
import { useCliSession } from './cli-session.js';
import { GENERATED, KEPT, LIBRARY, scriptedModels } from './routes.js';

const session = useCliSession();
const SKILL = join(LIBRARY, 'csv-report');

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
    session.server.anthropicBaseURL,
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
    expect(session.server.received).toHaveLength(18);

    const again = await triggers('--format', 'json');
    expect((JSON.parse(again.stdout) as TriggerReport).results.every((q) => q.cached === 3)).toBe(true);
    expect(session.server.received).toHaveLength(18);
    await triggers('--format', 'json', '--no-cache');
    expect(session.server.received).toHaveLength(36);
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
            baseURL: session.server.openaiBaseURL,
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
    expect(session.server.received[0]?.headers.authorization).toBe('Bearer from-env');
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
    expect(session.server.received).toHaveLength(3);
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

describe('skillbench eval run', () => {
  it('runs with and without the skill, prints the benchmark and writes the workspace; --min-pass-rate gates', async () => {
    session.server.script = scriptedModels;
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
      session.server.anthropicBaseURL,
      '--min-pass-rate',
      '1',
    ]);
    expect(stderr).toContain('[2/2]');
    expect(code).toBe(0);
    expect(stdout).toContain('Summarise this CSV:  with_skill    run 1  3/3 passed');
    expect(stdout).toContain('Summarise this CSV:  without_skill run 1  2/3 passed');
    expect(stdout).toContain('    FAIL  The report starts with the heading ## Report: first line');
    expect(stdout).toMatch(/delta {9}pass rate \+0\.33/);
    // The iteration's usage, executor and grader together; a model the price table does not know costs "unknown".
    expect(stdout).toMatch(/\n\ntokens [\d,]+ in, [\d,]+ out; cost unknown \(no price for model "/);
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
      session.server.anthropicBaseURL,
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
      session.server.openaiBaseURL,
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
      session.server.anthropicBaseURL,
      '--count',
      String(GENERATED.queries.length),
      ...extra,
    ]);

  it('prints the new proposals as JSON and leaves the set alone without --write', async () => {
    session.server.script = scriptedModels;
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
    expect(session.server.received).toHaveLength(2);
  });

  it('--write appends the proposals to the set, keeping what is there, and creates a missing set', async () => {
    session.server.script = scriptedModels;
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
    session.server.script = () => ({ text: 'no JSON here' });
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
