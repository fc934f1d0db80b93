// @vitest-environment jsdom
// The collision heat map says what its numbers count (runs, and how many per query), and a budget-stopped run says
// it is partial above the matrix.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CollisionsView, TriggerReport } from '../../../../shared/evals.js';
import { CollisionHeatMap } from '../../../../renderer/src/evals/CollisionHeatMap.js';

afterEach(cleanup);

const view = (stopped?: string): CollisionsView => ({
  at: '2026-12-06T00:00:00Z',
  matrix: { 'csv-report': { 'csv-report': 4 }, 'pdf-extract': { 'csv-report': 2, 'pdf-extract': 4 } },
  reports: [{ runs_per_query: 3 } as TriggerReport, { runs_per_query: 3 } as TriggerReport],
  ...(stopped ? { stopped } : {}),
});

describe('the collision heat map', () => {
  it('names the unit of its cells', () => {
    render(<CollisionHeatMap view={view()} />);
    const table = screen.getByRole('table', { name: 'Collision matrix' });
    expect(document.getElementById(table.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Each cell counts runs: .*\(3 runs per query\)/,
    );
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe('pdf-extract2 runs4 runs');
  });

  it('puts a budget stop above the matrix and calls the run partial', () => {
    render(<CollisionHeatMap view={view('Stopped: cost budget spent.')} />);
    const notice = screen.getByRole('status', { name: 'Stopped by the budget' });
    const table = screen.getByRole('table', { name: 'Collision matrix' });
    expect(notice.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.getElementById(table.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Partial run\./,
    );
  });
});
