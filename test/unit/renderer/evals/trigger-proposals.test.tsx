// @vitest-environment jsdom
// The Evals tab's "Generate near-misses…" (issue 15): the model's proposals are a list the user takes from row by
// row or by ticking rows; accepted ones are appended after the table's rows, while rows typed and not saved stay as
// they are, nothing is saved by itself, and proposals already in the table are never added twice. The trigger set is
// read and saved by a real host on a copy of the fixture library; only the model call is answered here, by the real
// parser and de-duplication (the SDKs refuse a jsdom environment: test/integration/host/evals.test.ts covers them).
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TriggerQuery } from '../../../../shared/evals.js';
import type { HostApi } from '../../../../shared/ipc.js';
import { Host } from '../../../../electron/host/host.js';
import { newProposals, parseProposals } from '../../../../electron/core/evals/generate.js';
import { TriggerSetEditor } from '../../../../renderer/src/evals/TriggerSetEditor.js';
import { acceptProposals, toRows } from '../../../../renderer/src/evals/trigger-set.js';
import { REPO } from '../../../helpers.js';
import { GENERATED, LIBRARY } from '../../../integration/evals/routes.js';

let host: Host;
let api: HostApi;
let setFile: string;
const asked: Array<{ provider: string; count?: number; existing: TriggerQuery[] }> = [];

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-proposals-'));
  cpSync(LIBRARY, root, { recursive: true });
  setFile = join(root, 'csv-report', 'evals', 'trigger-eval.json');
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-proposals-data-')),
    projectRoots: [root],
    watch: false,
  });
  api = {
    invoke: (channel, request) => {
      if (channel !== 'evals:generate-triggers') return host.handle(channel, request) as never;
      const r = request as { provider: string; count?: number; existing: TriggerQuery[] };
      asked.push(r);
      const parsed = parseProposals(JSON.stringify(GENERATED), {
        count: r.count ?? 10,
        others: new Set(['pdf-extract', 'commit-message']),
      });
      const value = {
        skill: 'csv-report',
        provider: r.provider,
        model: 'scripted-1',
        ...newProposals(parsed, r.existing),
      };
      return Promise.resolve({ ok: true, value }) as never;
    },
    on: (event, listener) => host.on(event, listener),
  };
});
afterAll(() => host.close());
afterEach(cleanup);

const query = (n: number) => screen.getByLabelText<HTMLInputElement>(`Query ${n}`, { exact: true });
const shouldTrigger = (n: number) =>
  screen.getByLabelText<HTMLInputElement>(`Query ${n} should trigger`, { exact: true });

describe('queries proposed by the model', () => {
  it('are added only when accepted, after the typed rows, which stay unsaved and untouched', async () => {
    const before = readFileSync(setFile, 'utf8');
    render(
      <TriggerSetEditor
        host={api}
        skillId={host.workspace.skill('csv-report').id}
        path={setFile}
        legacy={false}
        readOnly={false}
        provider="fake"
        onSaved={() => undefined}
      />,
    );
    await waitFor(() => expect(query(6).value).toBe('Write a commit message for my staged changes'));
    // Typed, not saved: an edited row and a new one that one proposal repeats.
    fireEvent.change(query(2), { target: { value: 'Turn data.csv into a one-page report' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add query' }));
    fireEvent.change(query(7), { target: { value: 'Open BUDGET.xlsx' } });
    fireEvent.click(shouldTrigger(7));

    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate near-misses…' }));
    const list = await screen.findByRole('region', { name: 'Proposed queries' });
    expect(asked.at(-1)).toMatchObject({ provider: 'fake', count: 6 });
    expect(asked.at(-1)?.existing.slice(-1)).toEqual([{ query: 'Open BUDGET.xlsx', should_trigger: false }]);
    expect(asked.at(-1)?.existing[1]?.query).toBe('Turn data.csv into a one-page report');
    expect(list.textContent).toContain('3 new, 3 already in the set left out');
    expect(
      within(list)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'Make a report from q3-sales.csvshould triggerAdd',
      'Extract the tables from q3.pdf into a CSVnear-miss · close to pdf-extractAdd',
      'Write a commit message for the CSV changesnear-miss · close to commit-messageAdd',
    ]);
    // Nothing was added by asking.
    expect(screen.queryByLabelText('Query 8', { exact: true })).toBeNull();

    fireEvent.click(
      within(list).getByRole('button', { name: 'Add "Write a commit message for the CSV changes"' }),
    );
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Select "Make a report from q3-sales.csv"' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Add selected (1)' }));

    expect(query(2).value).toBe('Turn data.csv into a one-page report');
    expect(query(7).value).toBe('Open BUDGET.xlsx');
    expect(shouldTrigger(7).checked).toBe(false);
    expect(query(8).value).toBe('Write a commit message for the CSV changes');
    expect(shouldTrigger(8).checked).toBe(false);
    expect(query(9).value).toBe('Make a report from q3-sales.csv');
    expect(shouldTrigger(9).checked).toBe(true);
    expect(screen.queryByLabelText('Query 10', { exact: true })).toBeNull();
    expect(within(list).getAllByRole('row')).toHaveLength(2); // the header and the one not taken
    expect(list.textContent).toContain('Extract the tables from q3.pdf into a CSV');
    expect(screen.getByText('Added 1 query; not saved yet.')).toBeTruthy();
    expect(readFileSync(setFile, 'utf8')).toBe(before);

    fireEvent.click(within(list).getByRole('button', { name: 'Dismiss proposals' }));
    expect(screen.queryByRole('region', { name: 'Proposed queries' })).toBeNull();
    expect(query(9).value).toBe('Make a report from q3-sales.csv');
  });

  it('never adds a proposal the table has gained since it was proposed', () => {
    const rows = toRows([
      { query: 'Summarise sales.csv', should_trigger: true },
      { query: '  make a REPORT from q3-sales.csv', should_trigger: false },
    ]);
    const result = acceptProposals(rows, [
      { query: 'Make a report from q3-sales.csv', should_trigger: true },
      { query: 'Open budget.xlsx', should_trigger: false },
    ]);
    expect(result.rows.slice(0, 2)).toEqual(rows);
    expect(result.rows.slice(2).map((r) => r.query)).toEqual(['Open budget.xlsx']);
    expect(result).toMatchObject({ added: 1, skipped: 1 });
  });
});
