// Issue 12, "bounded memory": a tool prints 400 MB while a WebSocket client of `serve` never reads. The server's
// resident memory must stay under a stated bound (it used to grow from 100 MB to 529 MB and stay there): progress is
// capped per run, and a client that falls behind gets no more progress.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers.js';
import { startServeProcess, type ServeProcess } from '../serve-process.js';

/** The bound: the server's resident set never exceeds this during the flood. */
const RSS_BOUND_MIB = 200;

let serve: ServeProcess;
beforeAll(async () => {
  serve = await startServeProcess([join(REPO, 'test', 'fixtures', 'hardening')], { args: ['--trust'] });
});
afterAll(async () => serve.stop());

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** A WebSocket client that completes the handshake and then never reads again. */
function stalledClient(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(serve.port, '127.0.0.1');
    socket.on('error', reject);
    socket.once('data', (c: Buffer) => {
      if (!c.toString('latin1').startsWith('HTTP/1.1 101')) reject(new Error(c.toString()));
      socket.pause(); // from now on nothing is read: the kernel buffer fills, then the server's queue
      resolve(socket);
    });
    socket.write(
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${serve.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
        `Sec-WebSocket-Protocol: skillbench, skillbench.bearer.${serve.token}\r\n\r\n`,
    );
  });
}

const run = (bytes: number, runId: string) =>
  fetch(`${serve.origin}/api/tools:run`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ runId, skillId: 'hardening/flood', tool: 'print', args: { bytes } }),
  }).then(async (r) => (await r.json()) as { ok: boolean; value?: { output: string } });

describe.runIf(process.platform === 'linux')('serve under a flood of output', () => {
  it(`stays under ${RSS_BOUND_MIB} MiB while a tool prints 400 MB to a client that never reads`, async () => {
    await run(1000, 'warm-up');
    const before = rssMiB(serve.child.pid ?? 0);
    const client = await stalledClient();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(serve.child.pid ?? 0))), 25);
    try {
      const result = await run(400_000_000, 'flood');
      expect(result.ok).toBe(true);
      expect(result.value?.output).toMatch(/stdout truncated at 1 MiB/);
    } finally {
      clearInterval(sampler);
      client.destroy();
    }
    console.log(
      `serve RSS: ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at the peak of a 400 MB flood`,
    );
    expect(peak).toBeLessThan(RSS_BOUND_MIB);
    expect((await run(10, 'after')).value?.output).toBe('x'.repeat(10));
  }, 60_000);
});
