// Owns the Evals tab's run budget: the two limits as typed (max tokens, max cost in USD; empty = no limit), checked
// into the `budget` the run channels take, and remembered per skill in this window's storage so they come back with
// the tab (and the app).
import type { BudgetLimits } from '../../../shared/evals.js';

export interface BudgetInputs {
  maxTokens: string;
  maxCostUsd: string;
}

const NO_BUDGET: BudgetInputs = { maxTokens: '', maxCostUsd: '' };

/** The limits a run gets from what was typed, or what is wrong with it (the run buttons wait until it is fixed). */
export function budgetFromInputs(inputs: BudgetInputs): { limits: BudgetLimits; problem?: string } {
  const limits: BudgetLimits = {};
  const tokens = inputs.maxTokens.trim();
  const cost = inputs.maxCostUsd.trim().replace(/^\$/, '');
  if (tokens) {
    const n = Number(tokens);
    if (!Number.isInteger(n) || n < 1)
      return {
        limits,
        problem: `Max tokens is a whole number of at least 1 (got "${tokens}"), or empty for no limit.`,
      };
    limits.maxTokens = n;
  }
  if (cost) {
    const n = Number(cost);
    if (!Number.isFinite(n) || n <= 0)
      return {
        limits,
        problem: `Max cost is a number of US dollars above 0 (got "${cost}"), or empty for no limit.`,
      };
    limits.maxCostUsd = n;
  }
  return { limits };
}

const STORAGE_KEY = 'skillbench.evals.budgets';
const remembered = new Map<string, BudgetInputs>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage refused (a sandboxed frame): remembered for this window only
  }
}

function load(): void {
  if (remembered.size) return;
  try {
    const data = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}') as Record<string, Partial<BudgetInputs>>;
    for (const [skill, b] of Object.entries(data))
      if (typeof b?.maxTokens === 'string' && typeof b.maxCostUsd === 'string')
        remembered.set(skill, { maxTokens: b.maxTokens, maxCostUsd: b.maxCostUsd });
  } catch {
    // unreadable: start with no limits
  }
}

/** The limits last typed for a skill (none until some are). */
export function rememberedBudget(skillId: string): BudgetInputs {
  load();
  return remembered.get(skillId) ?? NO_BUDGET;
}

export function rememberBudget(skillId: string, inputs: BudgetInputs): void {
  load();
  if (!inputs.maxTokens.trim() && !inputs.maxCostUsd.trim()) remembered.delete(skillId);
  else remembered.set(skillId, inputs);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(remembered)));
  } catch {
    // full or refused: kept for this window
  }
}
