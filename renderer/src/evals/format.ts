// Owns how eval figures read in the Evals tab: rates as percentages, null (no data) as "n/a", counts beside them.
import { formatRate as percent, type ConfusionSummary } from '../../../shared/evals.js';

export { percent };

/** precision, recall and accuracy with the counts they come from, as the CLI prints them. */
export function summaryParts(s: ConfusionSummary): Array<{ label: string; value: string; counts: string }> {
  return [
    { label: 'Precision', value: percent(s.precision), counts: `${s.tp}/${s.tp + s.fp}` },
    { label: 'Recall', value: percent(s.recall), counts: `${s.tp}/${s.tp + s.fn}` },
    {
      label: 'Accuracy',
      value: percent(s.accuracy),
      counts: `${s.tp + s.tn}/${s.tp + s.tn + s.fp + s.fn}`,
    },
  ];
}

/** The skills a query picked other than `skill`, most often first: "pdf-extract ×2". */
export function pickedInstead(picked: Record<string, number>, skill: string): string[] {
  return Object.entries(picked)
    .filter(([name]) => name !== skill)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ×${n}`);
}
