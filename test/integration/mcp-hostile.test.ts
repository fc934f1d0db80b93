// A server that floods or nests too deep (red-team findings): the protocol log stays within its budget and readable,
// the call gets a clear error, and the connection keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersClientSide, type McpNotice } from '../../electron/core/mcp/client-side.js';
import { McpPool } from '../../electron/core/mcp/pool.js';
import {
  MESSAGE_DEPTH_LIMIT,
  PROTOCOL_LOG_BYTES,
  PROTOCOL_LOG_CUT_CHARS,
  PROTOCOL_LOG_MESSAGE_BYTES,
} from '../../electron/core/mcp/protocol-log.js';
import { FIXTURES } from '../helpers.js';

describe('a hostile MCP server', () => {
  const notices: McpNotice[] = [];
  let pool: McpPool;
  beforeAll(() => {
    pool = new McpPool(
      {
        h: { command: process.execPath, args: [`${FIXTURES}/mcp/hostile-server.mjs`], source: 'test' },
      },
      { ...answersClientSide(undefined), notify: (n) => notices.push(n) },
    );
  });
  afterAll(() => pool.close());

  it('gets a clear error for a result nested too deep, and its log stays readable', async () => {
    await expect(pool.callTool('h', 'deep', { depth: 300 })).rejects.toThrow(
      `nests deeper than ${MESSAGE_DEPTH_LIMIT} levels`,
    );
    const log = pool.protocolLog('h');
    const refused = log.find((e) => e.direction === 'in' && e.cut?.includes('nests deeper'));
    expect(refused?.message).toMatchObject({ jsonrpc: '2.0', id: expect.anything() as unknown });
    expect(() => JSON.stringify(log)).not.toThrow();
    // Not too deep is still fine, and the connection works on.
    const shallow = await pool.callTool('h', 'deep', { depth: 10 });
    expect(shallow.structuredContent).toBeDefined();
    expect(await pool.ping('h')).toBeGreaterThanOrEqual(0);
  });

  it('keeps the log within its byte budget when flooded, big messages cut with their size', async () => {
    await pool.callTool('h', 'flood', { count: 40, kib: 512 }); // 20 MiB of notifications
    await pool.callTool('h', 'big', { kib: 1024 });
    const log = pool.protocolLog('h');
    expect(Buffer.byteLength(JSON.stringify(log))).toBeLessThan(PROTOCOL_LOG_BYTES);
    const cut = log.filter((e) => e.cut !== undefined && e.bytes !== undefined);
    expect(cut.length).toBeGreaterThanOrEqual(40);
    for (const e of cut) {
      expect(e.bytes).toBeGreaterThan(PROTOCOL_LOG_MESSAGE_BYTES);
      expect(e.cut).toHaveLength(PROTOCOL_LOG_CUT_CHARS);
    }
    // The cut response still names what it answers.
    expect(cut.at(-1)?.message).toMatchObject({ jsonrpc: '2.0', id: expect.anything() as unknown });
    expect(notices.filter((n) => n.method === 'notifications/message')).toHaveLength(40);
  });
});
