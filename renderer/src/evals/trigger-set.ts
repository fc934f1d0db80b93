// Owns the Evals tab's trigger set as an editable table: rows with stable keys for React, read from and written to
// skill-creator's format (`[{"query", "should_trigger"}]`, checked by the one parser in shared/evals.ts).
import {
  formatTriggerSet,
  parseTriggerSet,
  queryKey,
  type GeneratedQueries,
  type ProposedQuery,
  type TriggerQuery,
  type TriggerReport,
} from '../../../shared/evals.js';
import { readFrontmatter } from '../../../shared/syntax/frontmatter-edit.js';

export interface TriggerRow extends TriggerQuery {
  key: number;
}

let nextKey = 1;
export const toRows = (queries: readonly TriggerQuery[]): TriggerRow[] =>
  queries.map((q) => ({ ...q, key: nextKey++ }));

export const emptyRow = (): TriggerRow => ({ query: '', should_trigger: true, key: nextKey++ });

/** Rows from a file's text (an import, or evals/triggers.json); throws the parser's message naming the entry. */
export function rowsFromText(text: string, file: string): TriggerRow[] {
  return toRows(parseTriggerSet(text, file));
}

/** What is saved: blank rows are left out (an empty query is a row not written yet, not an entry). */
export function rowsToText(rows: readonly TriggerRow[]): string {
  const set: TriggerQuery[] = rows
    .filter((r) => r.query.trim() !== '')
    .map((r) => ({ query: r.query, should_trigger: r.should_trigger }));
  return formatTriggerSet(set);
}

/**
 * The rows with accepted proposals appended after them: the rows there are never reordered, replaced or dropped, and
 * a proposal whose query a row already has (case and spacing aside, typed since it was proposed) is left out.
 */
export function acceptProposals(
  rows: readonly TriggerRow[],
  accepted: readonly ProposedQuery[],
): { rows: TriggerRow[]; added: number; skipped: number } {
  const seen = new Set(rows.map((r) => queryKey(r.query)));
  const fresh = accepted.filter((p) => {
    const key = queryKey(p.query);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const added = toRows(fresh.map((p) => ({ query: p.query, should_trigger: p.should_trigger })));
  return { rows: [...rows, ...added], added: added.length, skipped: accepted.length - added.length };
}

/** Edits not yet saved, per file, so switching tabs does not lose what was typed. */
export const unsavedSets = new Map<string, TriggerRow[]>();

/** The model's proposals not yet taken or dismissed, per file: they were paid for, so switching tabs keeps them. */
export const pendingProposals = new Map<
  string,
  { generated: GeneratedQueries; remaining: ProposedQuery[] }
>();

/**
 * The A/B result to show beside the saved description's, while it still answers the question on screen: it ran the
 * editor's current unsaved description. Once that text is saved or changed it is gone. When it ran on another
 * provider, model or number of runs than the saved description's last run, `mismatch` says why the two do not compare.
 */
export function currentAb(
  saved: TriggerReport | undefined,
  ab: TriggerReport | undefined,
  draft: string | undefined,
): { report: TriggerReport; mismatch?: string } | undefined {
  if (!ab || draft === undefined || ab.description !== draft) return undefined;
  if (!saved) return { report: ab };
  const setup = (r: TriggerReport) => `${r.provider} (${r.model}), ${r.runs_per_query} run(s) per query`;
  return setup(saved) === setup(ab)
    ? { report: ab }
    : {
        report: ab,
        mismatch: `Not comparable: the saved description last ran on ${setup(saved)}, the A/B on ${setup(ab)}. Run both on one provider.`,
      };
}

/** The description A/B: the one in the editor's unsaved manifest, when it differs from the saved one. */
export function draftDescription(unsavedText: string | undefined, saved: string): string | undefined {
  if (unsavedText === undefined) return undefined;
  const fm = readFrontmatter(unsavedText);
  const d = fm.ok ? fm.fields.description : undefined;
  return typeof d === 'string' && d.trim() && d !== saved ? d : undefined;
}
