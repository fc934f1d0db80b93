// How numbers read in the UI.

/** 0.4 ms, 73 ms, 2.35 s: durations as people read them. */
export function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}
