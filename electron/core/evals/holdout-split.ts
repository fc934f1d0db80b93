// Owns splitting a trigger set into train and held-out queries as skill-creator's run_loop.py does: stratified by
// should_trigger, each class shuffled by Python's `random` seeded with 42, at least one query of a class kept for
// training. The shuffle reproduces Python's (MT19937 and `random.shuffle`), so the same set gives the same split.
import type { TriggerQuery } from '../../../shared/evals.js';

/** run_loop.py's defaults: 40% held out, seed 42. */
export const DEFAULT_HOLDOUT = 0.4;
const SEED = 42;

/** Python's `random.Random(seed)` for an int seed: MT19937 seeded by `init_by_array`, its getrandbits and shuffle. */
class PythonRandom {
  private readonly mt = new Uint32Array(624);
  private index = 624;

  constructor(seed: number) {
    // init_genrand(19650218), then init_by_array with the seed's 32-bit words (one word for a small int).
    const key = [seed >>> 0];
    const mt = this.mt;
    mt[0] = 19650218;
    for (let i = 1; i < 624; i++)
      mt[i] = (Math.imul(1812433253, (mt[i - 1] ?? 0) ^ ((mt[i - 1] ?? 0) >>> 30)) + i) >>> 0;
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ?? 0;
      mt[i] = ((mt[i] ?? 0) ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + (key[j] ?? 0) + j;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623] ?? 0;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ?? 0;
      mt[i] = ((mt[i] ?? 0) ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i;
      i++;
      if (i >= 624) {
        mt[0] = mt[623] ?? 0;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private next32(): number {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = ((mt[k] ?? 0) & 0x80000000) | ((mt[(k + 1) % 624] ?? 0) & 0x7fffffff);
        mt[k] = (mt[(k + 397) % 624] ?? 0) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++] ?? 0;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `_randbelow_with_getrandbits(n)`: k-bit draws until one is below n. */
  private below(n: number): number {
    const k = Math.floor(Math.log2(n)) + 1;
    for (;;) {
      const r = this.next32() >>> (32 - k);
      if (r < n) return r;
    }
  }

  /** `random.shuffle`: from the end, each item swapped with one at or before it. */
  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
  }
}

/** How many of a class are held out: none of a class of one, never all of it, at least one otherwise. */
const heldOut = (size: number, holdout: number) =>
  size <= 1 ? 0 : Math.min(size - 1, Math.max(1, Math.floor(size * holdout)));

/** The train and held-out (test) queries; `holdout` 0 holds nothing out. */
export function splitTriggerSet<T extends TriggerQuery>(
  set: readonly T[],
  holdout = DEFAULT_HOLDOUT,
): { train: T[]; test: T[] } {
  if (holdout <= 0) return { train: [...set], test: [] };
  const random = new PythonRandom(SEED);
  const positive = set.filter((q) => q.should_trigger);
  const negative = set.filter((q) => !q.should_trigger);
  random.shuffle(positive);
  random.shuffle(negative);
  const p = heldOut(positive.length, holdout);
  const n = heldOut(negative.length, holdout);
  return {
    train: [...positive.slice(p), ...negative.slice(n)],
    test: [...positive.slice(0, p), ...negative.slice(0, n)],
  };
}
