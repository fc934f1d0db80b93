// `skillbench eval` with skill-creator's files and workflow: a first-stage evals.json and "assertions", the snapshot and
// the old_skill baseline, and the description optimisation loop, end to end in-process against the fake model server.
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastToolResult, systemText, type Received, type Reply } from '../../fakes/model-server.js';
import { FIXTURES } from '../../helpers.js';
import { runCaptured } from '../run-cli.js';
import type { Benchmark, OptimizeResult } from '../../../shared/evals.js';
import { useCliSession } from './cli-session.js';
import { LIBRARY, OPTIMIZE, optimizerScript, scriptedModels } from './routes.js';
import { aggregateLikeSkillCreator } from './skill-creator-readers.js';

const session = useCliSession();

describe('skillbench eval run with skill-creator’s evals.json', () => {
  it('runs and records a first-stage file (prompts, no expectations) and says there is nothing to grade', async () => {
    session.server.script = scriptedModels;
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
      session.server.anthropicBaseURL,
      '--no-cache',
    ];
    const { code, stdout } = await runCaptured(args);
    expect(code).toBe(0);
    expect(stdout).toContain('Summarise this CSV:  with_skill    run 1  not graded (no expectations)');
    expect(stdout).toContain(
      'Give me the totals of q3.csv as a short report:  without_skill run 1  not graded (no expectations)',
    );
    expect(stdout).toMatch(/with_skill {4}pass rate n\/a \(nothing graded\)/);
    expect(stdout).toContain(
      'eval-1 has no expectations yet: its runs were recorded, not graded (add "expectations" to evals/evals.json).',
    );
    // Run and recorded: the executor was asked, the grader never was.
    expect(session.server.received.some((r) => systemText(r).startsWith('You grade'))).toBe(false);
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
    session.server.script = scriptedModels;
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
      session.server.anthropicBaseURL,
      '--no-baseline',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Summarise this CSV:  with_skill    run 1  2/2 passed');
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
    session.server.script = followsItsSkill;
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-old-skill-'));
    cpSync(LIBRARY, root, { recursive: true });
    const skillDir = join(root, 'csv-report');
    const model = ['--anthropic', '--model', 'exec-1', '--base-url', session.server.anthropicBaseURL];
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
    expect(stdout).toContain('Summarise this CSV:  with_skill    run 1  2/3 passed');
    expect(stdout).toContain('Summarise this CSV:  old_skill     run 1  3/3 passed');
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
      session.server.received.some((r) =>
        systemText(r).includes(`Base directory for this skill: ${snapshot}`),
      ),
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
      session.server.anthropicBaseURL,
      '--no-cache',
      ...extra,
    ]);

  it('prints the iterations and the diff of SKILL.md, and writes it only with --write', async () => {
    const root = mkdtempSync(join(tmpdir(), 'skillbench-cli-optimize-'));
    cpSync(LIBRARY, root, { recursive: true });
    const skillDir = join(root, 'csv-report');
    const manifest = join(skillDir, 'SKILL.md');
    const before = readFileSync(manifest, 'utf8');
    session.server.script = optimizerScript();
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

    session.server.script = optimizerScript();
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
    session.server.script = optimizerScript();
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
