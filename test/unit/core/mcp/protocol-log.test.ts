// The protocol log keeps a flooding server's messages within a byte budget, big ones cut with their size, and
// hands the whole message back to the call that records its wire exchange.
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { nestsDeeperThan } from '../../../../shared/json-read.js';
import {
  PROTOCOL_LOG_CUT_CHARS,
  PROTOCOL_LOG_MESSAGE_BYTES,
  ProtocolLog,
} from '../../../../electron/core/mcp/protocol-log.js';

const note = (kib: number, i = 0): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data: `${i}:${'x'.repeat(kib * 1024)}` },
});

describe('ProtocolLog', () => {
  it('keeps small messages whole, and a big one as its outline, its start and its size', () => {
    const log = new ProtocolLog();
    log.add('out', { jsonrpc: '2.0', id: 1, method: 'ping' });
    const big: JSONRPCMessage = {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -1, message: 'no', data: 'y'.repeat(300_000) },
    };
    const returned = log.add('in', big);
    expect(returned.message).toBe(big); // the wire record of a call gets it whole
    const [ping, kept] = log.list();
    expect(ping).toMatchObject({ message: { id: 1, method: 'ping' } });
    expect(ping!.cut).toBeUndefined();
    expect(kept!.message).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -1, message: 'no' } });
    expect(kept!.cut).toBe(JSON.stringify(big).slice(0, PROTOCOL_LOG_CUT_CHARS));
    expect(kept!.bytes).toBe(Buffer.byteLength(JSON.stringify(big)));
    expect(kept!.bytes).toBeGreaterThan(PROTOCOL_LOG_MESSAGE_BYTES);
  });

  it('drops the oldest messages past its byte budget, and counts them', () => {
    const log = new ProtocolLog(2000, 1024 * 1024);
    for (let i = 0; i < 10; i++) log.add('in', note(200, i)); // 10 x 200 KiB, whole each
    const kept = log.list();
    expect(kept.length).toBe(5);
    expect(log.dropped).toBe(5);
    expect((kept[0]!.message as unknown as { params: { data: string } }).params.data.startsWith('5:')).toBe(
      true,
    );
    expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThan(1024 * 1024 + 1024);
  });

  it('drops the oldest messages past its count', () => {
    const log = new ProtocolLog(3);
    for (let i = 0; i < 5; i++) log.add('out', { jsonrpc: '2.0', id: i, method: 'ping' });
    expect(log.list().map((e) => (e.message as { id: number }).id)).toEqual([2, 3, 4]);
    expect(log.dropped).toBe(2);
  });
});

describe('nestsDeeperThan', () => {
  it('measures depth without recursion, so a very deep value cannot overflow the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nestsDeeperThan(deep, 256)).toBe(true);
    let ok: unknown = { leaf: 'x' };
    for (let i = 0; i < 255; i++) ok = { n: ok };
    expect(nestsDeeperThan(ok, 256)).toBe(false);
    expect(nestsDeeperThan({ n: ok }, 256)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
});
