// @vitest-environment jsdom
// The Evals tab's trigger report: queries passed, and precision / recall / accuracy both ways, labelled: over runs as
// skill-creator's run_loop.py counts them, and per query as Skillbench counts them. The report is skill-creator's
// run_eval.py output read as the host reads result files.
import { join } from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readTriggerReportFile } from '../../../../electron/core/evals/trigger-report.js';
import { TriggerResults } from '../../../../renderer/src/evals/TriggerResults.js';
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
