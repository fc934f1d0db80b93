// The train / held-out split of a trigger set, as skill-creator's run_loop.py makes it: the expected splits were
// printed by Python's random (seed 42) following run_loop.py's rule, so the same set splits the same way here.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from '../../../helpers.js';
import { splitTriggerSet } from '../../../../electron/core/evals/holdout-split.js';

const expected = JSON.parse(
  readFileSync(join(FIXTURES, 'evals', 'skill-creator', 'holdout-splits.json'), 'utf8'),
) as { splits: Record<string, { train: string[]; test: string[] }> };

const set = (positives: number, negatives: number) => [
  ...Array.from({ length: positives }, (_, i) => ({ query: `p${i}`, should_trigger: true })),
  ...Array.from({ length: negatives }, (_, i) => ({ query: `n${i}`, should_trigger: false })),
];

describe('splitTriggerSet', () => {
  it.each(Object.entries(expected.splits))(
    'splits %s queries exactly as run_loop.py does',
    (sizes, split) => {
      const [p, n] = sizes.split('/').map(Number);
      const { train, test } = splitTriggerSet(set(p ?? 0, n ?? 0), 0.4);
      expect({ train: train.map((q) => q.query), test: test.map((q) => q.query) }).toEqual(split);
    },
  );

  it('holds nothing out with a holdout of 0, and keeps a class of one for training', () => {
    expect(splitTriggerSet(set(2, 2), 0).test).toEqual([]);
    expect(splitTriggerSet(set(1, 1), 0.4)).toEqual({ train: set(1, 1), test: [] });
  });
});
