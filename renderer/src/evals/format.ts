// Owns how eval figures read in the Evals tab: rates as percentages, null (no data) as "n/a", the skills picked instead.
import { formatRate as percent } from '../../../shared/evals.js';

export { percent };

/** The skills a query picked other than `skill`, most often first: "pdf-extract ×2". */
export function pickedInstead(picked: Record<string, number>, skill: string): string[] {
  return Object.entries(picked)
    .filter(([name]) => name !== skill)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ×${n}`);
}
