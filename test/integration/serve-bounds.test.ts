// `serve` memory is bounded by design (red-team pass three): the launch-code trade reads 1 KiB at most and nothing once
// the code is used, `/api` bodies share one budget, connections are counted and slow bodies cut off, an answer that
// cannot be serialised is an error value, and a stray rejected promise is logged while serving goes on. Each test
// runs the built `skillbench serve` as a real process, so a crash is an exit and its memory is its own.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServeProcess, type ServeProcess } from '../serve-process.js';

let serve: ServeProcess | undefined;
afterEach(async () => {
  await serve?.stop();
  serve = undefined;
});

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** A folder with one plain skill, as a root. */
function library(): string {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-bounds-'));
  mkdirSync(join(root, 'fine'));
  writeFileSync(
    join(root, 'fine', 'SKILL.md'),
    '---\nname: fine\ndescription: Fine. Use when fine.\n---\nBody.\n',
  );
  return root;
}

/** A raw POST whose headers promise `length` bytes; `body` decides what is then sent. */
function rawPost(
  s: ServeProcess,
  path: string,
  length: number,
  headers: Record<string, string> = {},
): Socket {
  const socket = connect(s.port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nContent-Type: application/json\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      `Content-Length: ${length}\r\n\r\n`,
  );
  return socket;
}

/** The status line the server answers on `socket` (or 'closed'). */
function statusOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let head = '';
    socket.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      const line = head.split('\r\n')[0] ?? '';
      if (head.includes('\r\n')) resolve(line);
    });
    socket.on('close', () => resolve(head.split('\r\n')[0] || 'closed'));
  });
}

/** Writes `total` bytes of filler in 1 MiB pieces, as fast as the socket takes them. */
async function pour(socket: Socket, total: number): Promise<void> {
  const piece = Buffer.alloc(1024 * 1024, 0x61);
  for (let sent = 0; sent < total && !socket.destroyed; sent += piece.length)
    if (!socket.write(piece.subarray(0, Math.min(piece.length, total - sent))))
      await new Promise((r) => {
        socket.once('drain', r);
        socket.once('close', r);
      });
}

describe.runIf(process.platform === 'linux')('serve under hostile clients', () => {
  it('answers a session request after the code was used before reading its body, and keeps memory flat', async () => {
    serve = await startServeProcess([library()]);
    const pid = serve.child.pid ?? 0;
    const before = rssMiB(pid);
    const started = Date.now();
    // The repro: 16 MiB bodies to /auth/session after the code was used, no token needed.
    const sockets = Array.from({ length: 40 }, () => rawPost(serve!, '/auth/session', 16 * 1024 * 1024));
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
    const statuses = await Promise.all(
      sockets.map(async (s) => {
        const status = statusOf(s);
        void pour(s, 16 * 1024 * 1024);
        return status;
      }),
    );
    clearInterval(sampler);
    for (const s of sockets) s.destroy();
    // Answered 401 or cut off while the client still pushed its body (which of the two depends on the machine's
    // timing), never read; one more request that waits for its answer gets the 401.
    expect(statuses.every((line) => line.startsWith('HTTP/1.1 401') || line === 'closed')).toBe(true);
    const late = rawPost(serve, '/auth/session', 16 * 1024 * 1024);
    expect(await statusOf(late)).toMatch(/^HTTP\/1\.1 401/);
    late.destroy();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(peak - before).toBeLessThan(100);
    expect(serve.child.exitCode).toBeNull();
  });

  it('refuses a session request over 1 KiB before the code is used, and the real trade still works', async () => {
    serve = await startServeProcess([library()], { trade: false });
    const big = rawPost(serve, '/auth/session', 2048);
    expect(await statusOf(big)).toMatch(/^HTTP\/1\.1 413/);
    big.destroy();
    const code = new URL(serve.url).hash.slice('#code='.length);
    const r = await fetch(`${serve.origin}/auth/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(r.status).toBe(200);
  });

  it('cuts off a client that trickles a body, within seconds', async () => {
    serve = await startServeProcess([library()], { trade: false });
    const slow = rawPost(serve, '/auth/session', 100);
    const closed = new Promise<number>((resolve) => slow.on('close', () => resolve(Date.now())));
    const started = Date.now();
    const drip = setInterval(() => slow.write('a'), 500);
    const at = await closed;
    clearInterval(drip);
    expect(at - started).toBeLessThan(20_000);
  }, 30_000);

  it('keeps /api bodies within one budget: 20 bodies of 15.9 MB at once are refused past it, memory stays bounded', async () => {
    serve = await startServeProcess([library()]);
    const pid = serve.child.pid ?? 0;
    const before = rssMiB(pid);
    const size = 15_900_000;
    const sockets = Array.from({ length: 20 }, () =>
      rawPost(serve!, '/api/skills:list', size, { Authorization: `Bearer ${serve!.token ?? ''}` }),
    );
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
    const statuses = await Promise.all(
      sockets.map(async (s) => {
        const status = statusOf(s);
        void pour(s, size);
        return status;
      }),
    );
    clearInterval(sampler);
    for (const s of sockets) s.destroy();
    expect(statuses.filter((l) => l.startsWith('HTTP/1.1 503')).length).toBeGreaterThan(0);
    expect(peak - before).toBeLessThan(160);
    const r = await fetch(`${serve.origin}/api/skills:list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token ?? ''}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(((await r.json()) as { ok: boolean }).ok).toBe(true);
  });

  it('closes connections past its limit at once, and idle ones after the header timeout', async () => {
    serve = await startServeProcess([library()]);
    const idle = Array.from({ length: 300 }, () => {
      const s = connect(serve!.port, '127.0.0.1');
      s.on('error', () => undefined);
      return s;
    });
    const closedAt = idle.map((s) => new Promise<number>((r) => s.on('close', () => r(Date.now()))));
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 1500));
    const early = idle.filter((s) => s.destroyed || s.readyState !== 'open').length;
    expect(early).toBeGreaterThanOrEqual(40);
    const all = await Promise.all(closedAt);
    expect(Math.max(...all) - started).toBeLessThan(25_000);
    const r = await fetch(`${serve.origin}/api/skills:list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token ?? ''}` },
      body: '{}',
    });
    expect(r.status).toBe(200);
  }, 40_000);

  it('answers cases:list over the WebSocket for a case nested 20,000 deep, and keeps serving', async () => {
    const root = library();
    mkdirSync(join(root, 'fine', 'tests'));
    const depth = 20_000;
    writeFileSync(
      join(root, 'fine', 'tests', 'deep.case.json'),
      `{"tool":"echo","args":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    );
    serve = await startServeProcess([root]);
    const ws = new WebSocket(
      `ws://127.0.0.1:${serve.port}/ws`,
      ['skillbench', `skillbench.bearer.${serve.token ?? ''}`],
      {
        headers: { Origin: serve.origin },
      },
    );
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    const ask = (id: number, channel: string, request: unknown) =>
      new Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>((resolve) => {
        const on = (data: Buffer) => {
          const m = JSON.parse(data.toString()) as { id?: number; result?: never };
          if (m.id === id) {
            ws.off('message', on);
            resolve(m.result as never);
          }
        };
        ws.on('message', on);
        ws.send(JSON.stringify({ id, channel, request }));
      });
    const list = (await ask(1, 'skills:list', {})) as {
      value: { entries: Array<{ id: string; path: string }> };
    };
    const id = list.value.entries.find((e) => e.path.endsWith(join('fine', 'SKILL.md')))?.id;
    const cases = (await ask(2, 'cases:list', { skillId: id })) as {
      ok: boolean;
      value: Array<{ error?: string }>;
    };
    expect(cases.ok).toBe(true);
    expect(cases.value[0]?.error).toMatch(/nest deeper than 256 levels/);
    ws.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(serve.child.exitCode).toBeNull();
  });

  it('logs a promise rejected with nobody waiting on it, and keeps serving', async () => {
    const planted = join(mkdtempSync(join(tmpdir(), 'skillbench-reject-')), 'reject.mjs');
    // Rejects once serve has started listening for such rejections (however slow the start), never before.
    writeFileSync(
      planted,
      "const t = setInterval(() => { if (process.listenerCount('unhandledRejection') > 0) { clearInterval(t); " +
        "void Promise.reject(new Error('planted failure')); } }, 50);\n",
    );
    serve = await startServeProcess([library()], { env: { NODE_OPTIONS: `--import=${planted}` } });
    await expect.poll(() => serve?.stderr.join('\n'), { timeout: 15_000 }).toMatch(/planted failure/);
    await new Promise((r) => setTimeout(r, 300));
    expect(serve.child.exitCode).toBeNull();
    expect(serve.stderr.join('\n')).toMatch(/a background task failed \(planted failure\); still serving/);
    const r = await fetch(`${serve.origin}/api/skills:list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serve.token ?? ''}` },
      body: '{}',
    });
    expect(r.status).toBe(200);
  });
});
