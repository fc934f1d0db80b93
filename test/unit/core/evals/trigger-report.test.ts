// Trigger results as files: skill-creator's run_eval.py output and Skillbench's earlier shape read back, both views of
// precision and recall computed again.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers.js';
import { readTriggerReport, readTriggerReportFile } from '../../../../electron/core/evals/trigger-report.js';

const EVALS = join(FIXTURES, 'evals');

describe('reading trigger results', () => {
  it('reads skill-creator’s run_eval.py output, and counts precision and recall over runs as run_loop.py does', () => {
    const report = readTriggerReportFile(join(EVALS, 'skill-creator', 'run-eval-output.json'));
    expect(report).toMatchObject({
      skill_name: 'csv-report',
      description: 'Summarise a CSV file into a short Markdown report with totals per column.',
      summary: { total: 4, passed: 2, failed: 2 },
      runs_per_query: 3,
      provider: '',
      model: '',
    });
    expect(report.results[1]).toEqual({
      query: 'Plot the monthly totals in metrics.csv',
      should_trigger: true,
      trigger_rate: 1 / 3,
      triggers: 1,
      runs: 3,
      pass: false,
      picked: {},
      cached: 0,
      duration_ms: 0,
    });
    expect(report.by_run).toEqual({
      tp: 4,
      fn: 2,
      fp: 2,
      tn: 4,
      precision: 4 / 6,
      recall: 4 / 6,
      accuracy: 8 / 12,
    });
    expect(report.by_query).toEqual({
      tp: 1,
      fn: 1,
      fp: 1,
      tn: 1,
      precision: 0.5,
      recall: 0.5,
      accuracy: 0.5,
    });
  });

  it('reads a report in Skillbench’s earlier shape (results already on users’ disks) into the current one', () => {
    const report = readTriggerReportFile(join(EVALS, 'legacy', 'trigger-report.json'));
    expect(report).toMatchObject({
      skill_name: 'csv-report',
      provider: 'sonnet',
      model: 'claude-sonnet-4-5',
      runs_per_query: 3,
      summary: { total: 3, passed: 1, failed: 2 },
      usage: { input_tokens: 900, output_tokens: 180, cost_usd: 0.0054 },
    });
    expect(report.results[1]).toMatchObject({
      should_trigger: true,
      trigger_rate: 0.333,
      picked: { 'pdf-extract': 1, 'csv-report': 1 },
      duration_ms: 2841,
    });
    // The per-query view is what that file said; the view over runs is computed from its counts.
    expect(report.by_query).toMatchObject({ tp: 1, fp: 1, tn: 0, fn: 1, precision: 0.5, recall: 0.5 });
    expect(report.by_run).toMatchObject({ tp: 4, fn: 2, fp: 2, tn: 1 });
  });

  it('reads back what it writes, unchanged', () => {
    const report = readTriggerReportFile(join(EVALS, 'skill-creator', 'run-eval-output.json'));
    expect(readTriggerReport(JSON.parse(JSON.stringify(report)), 'again.json')).toEqual(report);
  });

  it.each([
    ['[]', /x\.json: it is not a JSON object/],
    [
      '{"skill_name":"s"}',
      /x\.json: it has no "results" list; expected trigger results as run_eval\.py writes them/,
    ],
    ['{"skill_name":"s","results":[{"query":"q"}]}', /results\[0\] has no "should_trigger"/],
    ['{"results":[]}', /it has no "skill_name"/],
  ])('says what is wrong with %s', (text, message) => {
    expect(() => readTriggerReport(JSON.parse(text), 'x.json')).toThrow(message);
  });
});
