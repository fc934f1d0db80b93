// Owns "did you mean": the known word a mistyped one most likely meant, by edit distance.

/** The option a mistyped value most likely meant, for "did you mean" (case-insensitive, small edits only). */
export function closest(value: string, options: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const o of options) {
    const d = editDistance(value.toLowerCase(), o);
    if (d < bestScore) [best, bestScore] = [o, d];
  }
  return bestScore <= Math.max(2, Math.floor(value.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}
