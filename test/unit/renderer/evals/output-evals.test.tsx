// @vitest-environment jsdom
// The Evals tab's output-eval results when the plumbing failed, not the skill: expectations the grader left without a
// readable verdict are "not graded" (not FAIL, not in the pass rate), and a run stopped by its budget says so before
// any figure.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Benchmark, EvalRunResult, OutputRunView, TranscriptView } from '../../../../shared/evals.js';
import type { HostApi } from '../../../../shared/ipc.js';
import { summarizeRuns } from '../../../../electron/core/evals/benchmark.js';
import { gradingSummary, parseGraderAnswer } from '../../../../electron/core/evals/grading.js';
import { OutputEvals } from '../../../../renderer/src/evals/OutputEvals.js';

afterEach(cleanup);

const expectations = parseGraderAnswer('Looks good to me!', ['Mentions the total', 'Uses a table']);
const grading = { expectations, summary: gradingSummary(expectations) };

function runOf(configuration: EvalRunResult['configuration']): EvalRunResult {
  return {
    eval_id: 1,
    eval_name: 'eval-totals',
    configuration,
    run_number: 1,
    result: { ...grading.summary, time_seconds: 1, tokens: 10, tool_calls: 0, errors: 0, cost_usd: 0 },
    expectations,
    dir: `/w/iteration-1/eval-totals/${configuration}/run-1`,
    cached: false,
  };
}

function view(stopped?: string): OutputRunView {
  const runs = [runOf('with_skill'), runOf('without_skill')];
  const benchmark: Benchmark = {
    metadata: {
      skill_name: 's',
      skill_path: '/w/s',
      executor_model: 'm',
      grader_model: 'g',
      timestamp: '2026-12-06T00:00:00Z',
      evals_run: [1],
      runs_per_configuration: 1,
    },
    runs,
    run_summary: summarizeRuns(runs),
    notes: stopped ? [stopped] : [],
  };
  return { iterationDir: '/w/iteration-1', benchmark, ...(stopped ? { stopped } : {}) };
}

const transcript: TranscriptView = { messages: [], answer: 'x', grading };
const host = {
  invoke: () => Promise.resolve({ ok: true, value: transcript }),
  on: () => () => undefined,
} as unknown as HostApi;

describe('output-eval results the grader could not judge', () => {
  it('shows "not graded", never 0% or FAIL', async () => {
    render(<OutputEvals host={host} skillId="s" view={view()} />);
    const summary = screen.getByLabelText('Benchmark');
    expect(summary.textContent).not.toMatch(/0\.0%/);
    expect(within(summary).getAllByText('not graded')).toHaveLength(2);
    const runs = screen.getByRole('table', { name: 'Output eval runs' });
    expect(within(runs).getAllByText('not graded')[0]!.getAttribute('title')).toMatch(/no readable verdict/);
    fireEvent.click(screen.getByRole('button', { name: 'Transcript of eval-totals with_skill run 1' }));
    const graded = await screen.findByRole('region', { name: 'Grading' });
    expect(within(graded).getByRole('heading').textContent).toBe(
      'Grading · 2 not graded (no readable verdict from the grader)',
    );
    expect(within(graded).getAllByText('NOT GRADED')).toHaveLength(2);
    expect(within(graded).queryByText('FAIL')).toBeNull();
  });

  it('says a budget-stopped run is partial before its figures', () => {
    render(
      <OutputEvals
        host={host}
        skillId="s"
        view={view('Stopped: token budget spent; 2 of 6 eval runs finished.')}
      />,
    );
    const notice = screen.getByRole('status', { name: 'Stopped by the budget' });
    const partial = screen.getByText(/^Partial run/);
    expect(notice.compareDocumentPosition(partial) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      partial.compareDocumentPosition(document.querySelector('dl.summary')!) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
