// Types of bench/corpus.js (plain JS so `npm run bench` runs it with node), for the tests that check its skills.
export declare function generateCorpus(
  dir: string,
  count: number,
  seed?: number,
): { skills: number; bytes: number };
