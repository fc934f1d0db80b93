// A server that pages forever, repeats a cursor, sends too many items, pages slowly or reports progress forever is
// stopped with a clear error: every list has a page cap, an item cap, a repeated-cursor stop and a deadline, and a
// call has a total time however much progress it reports.
import { afterEach, describe, expect, it } from 'vitest';
import { MCP_LIMITS, type McpLimits } from '../../electron/core/mcp/limits.js';
import { McpPool } from '../../electron/core/mcp/pool.js';
import { FIXTURES } from '../helpers.js';

let pool: McpPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

function hostile(mode: string, limits: Partial<McpLimits> = {}): McpPool {
  pool = new McpPool(
    { h: { command: process.execPath, args: [`${FIXTURES}/mcp/hostile-server.mjs`, mode], source: 'test' } },
    {},
    { ...MCP_LIMITS, ...limits },
  );
  return pool;
}

describe('listing from a hostile MCP server', () => {
  it('stops after the page cap when every page has a new cursor', async () => {
    const p = hostile('endless', { listPages: 20 });
    await expect(p.listTools('h')).rejects.toThrow('MCP server "h" has more than 20 pages of tools');
    await expect(p.listPrompts('h')).rejects.toThrow('has more than 20 pages of prompts');
    // The connection works on.
    expect(await p.ping('h')).toBeGreaterThanOrEqual(0);
  });

  it('stops at a cursor it was already given', async () => {
    await expect(hostile('repeat').listTools('h')).rejects.toThrow(
      'MCP server "h" sent the cursor "again" twice',
    );
  });

  it('stops past the item cap', async () => {
    await expect(hostile('huge', { listItems: 2500 }).listTools('h')).rejects.toThrow(
      'MCP server "h" lists more than 2500 tools',
    );
  });

  it('stops at the deadline, however the pages come', async () => {
    const started = Date.now();
    await expect(hostile('slow', { listDeadlineMs: 1000 }).listPrompts('h')).rejects.toThrow(
      /did not list its prompts within 1 s \(\d+ read\)/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('keeps the defaults within bounds', () => {
    expect(MCP_LIMITS.listPages).toBeLessThanOrEqual(1000);
    expect(MCP_LIMITS.listItems).toBeLessThanOrEqual(100_000);
    expect(MCP_LIMITS.listDeadlineMs).toBeLessThanOrEqual(5 * 60_000);
  });
});

describe('a call whose server reports progress forever', () => {
  it('ends at the total time, with a clear error', async () => {
    const p = hostile('one-page', { callTotalMs: 1500 });
    const started = Date.now();
    await expect(p.callTool('h', 'progress', {}, { timeoutMs: 500 })).rejects.toThrow(
      'MCP server "h" was still working on progress after 2 s, the most a call may take even with progress',
    );
    expect(Date.now() - started).toBeLessThan(6000);
  });
});
