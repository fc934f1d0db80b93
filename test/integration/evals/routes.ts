// The scripted model of the trigger tests: which skill it invokes for each query of the csv-report fixture set.
import { join } from 'node:path';
import { FIXTURES } from '../../helpers.js';
import type { Reply } from '../../fakes/model-server.js';

export const LIBRARY = join(FIXTURES, 'evals', 'library');

/** Per query, the skill the scripted model invokes in run 1, 2 and 3 (null: answers without a skill). */
export const ROUTES: Record<string, Array<string | null>> = {
  'Summarise sales.csv into a report': ['csv-report', 'csv-report', 'csv-report'],
  'Turn this spreadsheet export (data.csv) into a short report': ['csv-report', null, 'csv-report'],
  'Plot the monthly totals in metrics.csv': ['pdf-extract', null, 'csv-report'],
  'Pull the tables out of invoice.pdf': ['pdf-extract', 'pdf-extract', 'pdf-extract'],
  'Convert data.csv to JSON': ['csv-report', 'csv-report', null],
  'Write a commit message for my staged changes': ['commit-message', 'commit-message', 'commit-message'],
};

/** A deterministic router: the n-th request for a query gets the n-th scripted pick, whatever the arrival order. */
export function router(): (text: string) => Reply {
  const seen = new Map<string, number>();
  return (text) => {
    const n = seen.get(text) ?? 0;
    seen.set(text, n + 1);
    const pick = ROUTES[text]?.[n % 3] ?? null;
    return pick ? { tool: 'Skill', input: { skill: pick } } : { text: 'I can answer that directly.' };
  };
}
