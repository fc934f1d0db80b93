// Owns how a size in bytes is written for people (`512 B`, `64 KiB`, `8.6 MiB`), in core, CLI and renderer alike,
// the one size limit for editing a file, and the one cap on what a call returns.

/** The largest file the editor opens, and so the largest it saves: whatever is saved can be opened again. */
export const MAX_EDITABLE_BYTES = 1024 * 1024;

/** What one call keeps of its output: a process's stdout and stderr, an MCP result's text, a model's answer. */
export const OUTPUT_CAP_BYTES = 1024 * 1024;

const oneDecimal = (n: number) => n.toFixed(1).replace(/\.0$/, '');

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${oneDecimal(n / 1024)} KiB`;
  return `${oneDecimal(n / (1024 * 1024))} MiB`;
}

/** The size of the data a base64 string holds (about three bytes for every four characters), for labels. */
export function base64Bytes(base64: string): number {
  return Math.round((base64.length * 3) / 4);
}
