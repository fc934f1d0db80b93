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

const DELTA_UNITS = { pass_rate: ' pts', time_seconds: ' s', tokens: ' tokens' } as const;

/**
 * benchmark.json's delta (skill-creator writes `+0.25`, `-0.0`, `+120`) as the tab shows it: a pass-rate delta in
 * percentage points beside the percentages, and no sign on a change that rounds to nothing.
 */
export function readableDelta(text: string, of: keyof typeof DELTA_UNITS): string {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return text;
  const digits = of === 'tokens' ? 0 : 1;
  const shown = (of === 'pass_rate' ? value * 100 : value).toFixed(digits);
  if (Number(shown) === 0) return `±${Math.abs(Number(shown)).toFixed(digits)}${DELTA_UNITS[of]}`;
  return `${Number(shown) > 0 ? '+' : ''}${shown}${DELTA_UNITS[of]}`;
}
