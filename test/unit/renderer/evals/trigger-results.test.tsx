// @vitest-environment jsdom
// The Evals tab's trigger report: queries passed, and precision / recall / accuracy both ways, labelled: over runs as
// skill-creator's run_loop.py counts them, and per query as Skillbench counts them. The report is skill-creator's
// run_eval.py output read as the host reads result files.
import { join } from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readTriggerReportFile, summaries } from '../../../../electron/core/evals/trigger-report.js';
import { TriggerResults } from '../../../../renderer/src/evals/TriggerResults.js';
import { readableDelta } from '../../../../renderer/src/evals/format.js';
import { FIXTURES } from '../../../helpers.js';

afterEach(cleanup);

describe('a trigger report in the Evals tab', () => {
  it('shows both views of precision and recall, each labelled, with the counts they come from', () => {
    const report = readTriggerReportFile(join(FIXTURES, 'evals', 'skill-creator', 'run-eval-output.json'));
    render(
      <TriggerResults
        report={{ ...report, eval_set: '/x/csv-report/evals/trigger-eval.json' }}
        title="Saved"
      />,
    );
    const region = screen.getByRole('region', { name: 'Saved' });
    expect(region.textContent).toContain('2 of 4 queries passed');
    expect(region.textContent).toContain('trigger set evals/trigger-eval.json');
    const views = within(region).getByRole('table', { name: 'Precision and recall, Saved' });
    const [byRun, byQuery] = within(views).getAllByRole('row').slice(1);
    expect(within(byRun!).getByRole('rowheader').textContent).toBe('over runs (skill-creator)');
    expect(
      within(byRun!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['66.7% (4/6)', '66.7% (4/6)', '66.7% (8/12)']);
    expect(within(byQuery!).getByRole('rowheader').textContent).toBe('per query (rate ≥ 50%)');
    expect(
      within(byQuery!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['50.0% (1/2)', '50.0% (1/2)', '50.0% (2/4)']);
  });
});

describe('a partial trigger report', () => {
  it('says it is partial, above its figures, and counts only the queries that ran', () => {
    const report = readTriggerReportFile(join(FIXTURES, 'evals', 'skill-creator', 'run-eval-output.json'));
    const [first, second, ...rest] = report.results;
    const skipped = rest.map((q) => ({
      ...q,
      runs: 0,
      triggers: 0,
      trigger_rate: 0,
      pass: false,
      skipped: true,
    }));
    const results = [first!, second!, ...skipped];
    render(
      <TriggerResults
        report={{
          ...report,
          results,
          ...summaries(results),
          stopped:
            'Stopped: token budget spent: 600 of 600 tokens used; 2 of 4 queries finished (6 of 12 runs).',
        }}
        title="Saved"
      />,
    );
    const region = screen.getByRole('region', { name: 'Saved' });
    const notice = within(region).getByRole('status', { name: 'Stopped by the budget' });
    const headline = within(region)
      .getByText(/queries passed/)
      .closest('p')!;
    // The notice comes first: a reader never sees a bold figure before learning the run did not finish.
    expect(notice.compareDocumentPosition(headline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const passed = [first!, second!].filter((q) => q.pass).length;
    expect(headline.textContent).toBe(`Partial run: ${passed} of 2 queries passed (2 skipped, not counted)`);
  });
});

describe('benchmark deltas', () => {
  it('reads skill-creator’s delta strings as points, seconds and tokens, with no sign on a zero', () => {
    expect(readableDelta('+0.25', 'pass_rate')).toBe('+25.0 pts');
    expect(readableDelta('+0.00', 'pass_rate')).toBe('±0.0 pts');
    expect(readableDelta('-0.0', 'time_seconds')).toBe('±0.0 s');
    expect(readableDelta('-1.5', 'time_seconds')).toBe('-1.5 s');
    expect(readableDelta('+120', 'tokens')).toBe('+120 tokens');
    expect(readableDelta('n/a', 'pass_rate')).toBe('n/a');
  });
});
