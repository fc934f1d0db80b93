// The Evals tab's trigger set model: rows read from and written to skill-creator's format, blank rows left out,
// bad files named with the entry, and the unsaved description the A/B runs against.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
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
