// Owns how far one MCP list and one call may go, so a server cannot grow memory or hold a run without end.
// Tested by: test/integration/mcp-limits.test.ts
import { setMaxListeners } from 'node:events';
import { SkillError } from '../../../shared/errors.js';

/**
 * How far one list and one call may go: a server that pages forever, repeats a cursor or reports progress forever is
 * stopped with a clear error instead of growing memory or holding a run.
 */
export interface McpLimits {
  listPages: number;
  listItems: number;
  listDeadlineMs: number;
  /** A call's whole time, progress or not (at least its own timeout). */
  callTotalMs: number;
}

export const MCP_LIMITS: McpLimits = {
  listPages: 100,
  listItems: 10_000,
  listDeadlineMs: 60_000,
  callTotalMs: 30 * 60_000,
};

export type Page<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<[T[], string | undefined]>;

/** Every page of a list, within the limits: `what` names it in an error ("tools"). */
export async function readAllPages<T>(
  limits: McpLimits,
  server: string,
  what: string,
  page: Page<T>,
): Promise<T[]> {
  const { listPages, listItems, listDeadlineMs } = limits;
  const stop = new AbortController();
  // The SDK adds a listener per request to the signal: one per page is expected, not a leak.
  setMaxListeners(listPages + 1, stop.signal);
  const timer = setTimeout(() => stop.abort(), listDeadlineMs);
  const refuse = (why: string) =>
    new SkillError('InvalidFormat', `MCP server "${server}" ${why}; its ${what} were not read.`);
  const out: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  try {
    for (let n = 1; ; n++) {
      const [items, next] = await page(cursor, stop.signal);
      out.push(...items);
      if (out.length > listItems) throw refuse(`lists more than ${listItems} ${what}`);
      if (!next) return out;
      if (seen.has(next)) throw refuse(`sent the cursor ${JSON.stringify(next.slice(0, 40))} twice`);
      if (n >= listPages) throw refuse(`has more than ${listPages} pages of ${what}`);
      seen.add(next);
      cursor = next;
    }
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    throw new SkillError(
      'Timeout',
      `MCP server "${server}" did not list its ${what} within ${listDeadlineMs / 1000} s (${out.length} read).`,
    );
  } finally {
    clearTimeout(timer);
  }
}
