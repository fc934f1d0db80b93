// The Evals tab's run budget as typed: empty means no limit, bad values are named (the runs wait for a fix), and the
// limits typed for a skill come back for that skill only.
import { describe, expect, it } from 'vitest';
import { budgetFromInputs, rememberBudget, rememberedBudget } from '../../../../renderer/src/evals/budget.js';

describe('the budget typed in the Evals tab', () => {
  it('gives the limits a run takes; empty is no limit', () => {
    expect(budgetFromInputs({ maxTokens: '', maxCostUsd: ' ' })).toEqual({ limits: {} });
    expect(budgetFromInputs({ maxTokens: ' 5000 ', maxCostUsd: '$0.25' })).toEqual({
      limits: { maxTokens: 5000, maxCostUsd: 0.25 },
    });
  });

  it('names what is wrong with a limit', () => {
    expect(budgetFromInputs({ maxTokens: '1.5', maxCostUsd: '' }).problem).toBe(
      'Max tokens is a whole number of at least 1 (got "1.5"), or empty for no limit.',
    );
    expect(budgetFromInputs({ maxTokens: '', maxCostUsd: 'ten' }).problem).toBe(
      'Max cost is a number of US dollars above 0 (got "ten"), or empty for no limit.',
    );
    expect(budgetFromInputs({ maxTokens: '', maxCostUsd: '0' }).problem).toMatch(/above 0/);
  });

  it('remembers the limits per skill', () => {
    rememberBudget('root/a', { maxTokens: '100', maxCostUsd: '' });
    expect(rememberedBudget('root/a')).toEqual({ maxTokens: '100', maxCostUsd: '' });
    expect(rememberedBudget('root/b')).toEqual({ maxTokens: '', maxCostUsd: '' });
    rememberBudget('root/a', { maxTokens: '', maxCostUsd: '' });
    expect(rememberedBudget('root/a')).toEqual({ maxTokens: '', maxCostUsd: '' });
  });
});
