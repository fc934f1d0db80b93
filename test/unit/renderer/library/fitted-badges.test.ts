// A row shows as many badges as fit and folds the rest into one "+N" that names them all (a "+3" already folded
// counts as three).
import { describe, expect, it } from 'vitest';
import { badgesThatFit, foldedOf } from '../../../../renderer/src/library/FittedBadges.js';

describe('fitting badges into a row', () => {
  it('keeps them all when they fit, and leaves room for "+N" when they do not', () => {
    expect(badgesThatFit([50, 50, 50], 170, 6, 28)).toBe(3);
    // 50 + 6 + 50 = 106; a third would need 162 plus room for "+N" (6 + 28): two fit.
    expect(badgesThatFit([50, 50, 50, 50], 170, 6, 28)).toBe(2);
    expect(badgesThatFit([120, 50], 100, 6, 28)).toBe(0);
  });

  it('fits them all while the row has not been laid out (no width known)', () => {
    expect(badgesThatFit([50, 50, 50], 0, 6, 28)).toBe(3);
  });

  it('names every badge left out, those a "+N" already stood for included', () => {
    expect(
      foldedOf([
        { key: 'a', label: 'Claude Code' },
        { key: 'b', label: '+2', folds: ['Goose', 'Windsurf'] },
      ]),
    ).toEqual({ count: 3, labels: ['Claude Code', 'Goose', 'Windsurf'] });
  });
});
