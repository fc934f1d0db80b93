// The Evals tab's trigger set model: rows read from and written to skill-creator's format, blank rows left out,
// bad files named with the entry, and the unsaved description the A/B runs against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TriggerReport } from '../../../../shared/evals.js';
import {
  currentAb,
  draftDescription,
  emptyRow,
  rowsFromText,
  rowsToText,
} from '../../../../renderer/src/evals/trigger-set.js';
import { FIXTURES } from '../../../helpers.js';

const SET_FILE = join(FIXTURES, 'evals', 'library', 'csv-report', 'evals', 'trigger-eval.json');

describe('trigger set rows', () => {
  it('round-trips the fixture set, with unique keys, and leaves blank rows out when saving', () => {
    const text = readFileSync(SET_FILE, 'utf8');
    const rows = rowsFromText(text, 'triggers.json');
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.key)).size).toBe(6);
    expect(JSON.parse(rowsToText([...rows, emptyRow()]))).toEqual(JSON.parse(text));
    expect(rowsToText(rows).endsWith('}\n]\n')).toBe(true);
  });

  it('refuses a file that is not a trigger set, naming the file and the entry', () => {
    expect(() => rowsFromText('{"query": "x"}', 'mine.json')).toThrow(/mine\.json: expected a list/);
    expect(() => rowsFromText('[{"query": "x", "should_trigger": "yes"}]', 'mine.json')).toThrow(
      'mine.json: entry 0 needs "should_trigger" (true or false).',
    );
    expect(() => rowsFromText('[{"query": "x",', 'mine.json')).toThrow(/mine\.json is not valid JSON/);
  });
});

describe('the unsaved description for the A/B', () => {
  const manifest = (description: string) =>
    `---\nname: csv-report\ndescription: ${description}\n---\n# Body\n`;
  it('is the editor’s description when it differs from the saved one', () => {
    expect(draftDescription(manifest('Reports on CSV files.'), 'Summarise a CSV file.')).toBe(
      'Reports on CSV files.',
    );
  });
  it('is absent when nothing is unsaved, the description is unchanged or empty, or the YAML is broken', () => {
    expect(draftDescription(undefined, 'Saved.')).toBeUndefined();
    expect(draftDescription(manifest('Saved.'), 'Saved.')).toBeUndefined();
    expect(draftDescription(manifest('""'), 'Saved.')).toBeUndefined();
    expect(draftDescription('---\ndescription: [unclosed\n---\n', 'Saved.')).toBeUndefined();
  });
});

describe('the A/B beside the saved description', () => {
  const report = (description: string, provider = 'sonnet', runs = 3) =>
    ({ description, provider, model: 'm-1', runs_per_query: runs }) as TriggerReport;
  const saved = report('Summarise a CSV file.');
  const ab = report('Reports on CSV files.');

  it('shows while the unsaved description is the one it ran', () => {
    expect(currentAb(saved, ab, 'Reports on CSV files.')).toEqual({ report: ab });
  });

  it('is gone once nothing is unsaved, or the unsaved text changed', () => {
    expect(currentAb(saved, ab, undefined)).toBeUndefined();
    expect(currentAb(saved, ab, 'Reports on CSV and TSV files.')).toBeUndefined();
  });

  it('says why it does not compare when the saved run used another provider or number of runs', () => {
    expect(currentAb(report('Summarise a CSV file.', 'gpt'), ab, 'Reports on CSV files.')?.mismatch).toBe(
      'Not comparable: the saved description last ran on gpt (m-1), 3 run(s) per query, the A/B on sonnet (m-1), 3 run(s) per query. Run both on one provider.',
    );
    expect(
      currentAb(report('Summarise a CSV file.', 'sonnet', 1), ab, 'Reports on CSV files.')?.mismatch,
    ).toMatch(/^Not comparable/);
  });
});
