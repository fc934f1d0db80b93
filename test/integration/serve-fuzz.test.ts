// Issue 12, "a server that cannot be knocked over": the probes of the issue, then thousands of malformed requests,
// upgrades and WebSocket frames against a real `skillbench serve` process; it must answer 4xx (never 500, never
// die) and keep answering the page. Seeded, so a failure replays.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../serve-process.js';

let serve: ServeProcess;

beforeAll(async () => {
  serve = await startServeProcess([]);
});
afterAll(async () => serve.stop());

/** A tiny seeded PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** Sends raw bytes on a fresh connection; resolves with the status code of the first response (0: none, closed). */
function raw(bytes: Buffer | string, waitMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(serve.port, '127.0.0.1');
    let text = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve(m ? Number(m[1]) : 0);
    };
    const timer = setTimeout(done, waitMs);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', (c: Buffer) => {
      text += c.toString('latin1');
      if (/\r\n/.test(text)) done();
    });
    socket.on('connect', () => socket.write(bytes));
  });
}

const host = () => `Host: 127.0.0.1:${serve.port}\r\n`;
const bearer = () => `Authorization: Bearer ${serve.token}\r\n`;
const request = (line: string, headers = '', body = '') =>
  `${line}\r\n${host()}${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

async function answers(): Promise<boolean> {
  const r = await fetch(`${serve.origin}/api/app:get-version`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serve.token}` },
    body: '{}',
  });
  return r.status === 200 && ((await r.json()) as { ok: boolean }).ok;
}

/** A client frame (masked unless told otherwise), with a declared length that may lie. */
function frame(o: {
  opcode: number;
  payload: Buffer;
  fin?: boolean;
  rsv?: number;
  mask?: boolean;
  length?: bigint;
}) {
  const length = o.length ?? BigInt(o.payload.length);
  const head: number[] = [((o.fin ?? true) ? 0x80 : 0) | ((o.rsv ?? 0) << 4) | (o.opcode & 0x0f)];
  const maskBit = (o.mask ?? true) ? 0x80 : 0;
  if (length < 126n) head.push(maskBit | Number(length));
  else if (length < 65536n) head.push(maskBit | 126, Number(length >> 8n) & 0xff, Number(length) & 0xff);
  else {
    head.push(maskBit | 127);
    for (let i = 7; i >= 0; i--) head.push(Number((length >> BigInt(i * 8)) & 0xffn));
  }
  const key = randomBytes(4);
  const body = Buffer.from(o.payload);
  if (o.mask ?? true) for (let i = 0; i < body.length; i++) body[i] = (body[i] ?? 0) ^ (key[i % 4] ?? 0);
  return Buffer.concat([Buffer.from(head), (o.mask ?? true) ? key : Buffer.alloc(0), body]);
}

/** Opens /ws with the token as a subprotocol, sends the frames, and resolves when the server closes or 300 ms pass. */
function wsSession(frames: Buffer[]): Promise<{ upgraded: boolean; replies: string }> {
  return new Promise((resolve) => {
    const socket = connect(serve.port, '127.0.0.1');
    let text = '';
    let upgraded = false;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ upgraded, replies: text });
    };
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', (c: Buffer) => {
      text += c.toString('latin1');
      if (!upgraded && text.includes('\r\n\r\n')) {
        upgraded = text.startsWith('HTTP/1.1 101');
        if (!upgraded) return done();
        for (const f of frames) socket.write(f);
        timer = setTimeout(done, 300);
      }
    });
    socket.on('connect', () =>
      socket.write(
        `GET /ws HTTP/1.1\r\n${host()}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          `Sec-WebSocket-Protocol: skillbench, skillbench.bearer.${serve.token}\r\n\r\n`,
      ),
    );
  });
}

describe('the probes of issue 12', () => {
  it('answers GET //[ with 400, without a token', async () => {
    expect(await raw(request('GET //[ HTTP/1.1'))).toBe(400);
    expect(await answers()).toBe(true);
  });

  it('ignores a planted cookie skillbench_token=%ZZ on the page, the API and the WebSocket upgrade', async () => {
    const cookie = 'Cookie: skillbench_token=%ZZ\r\n';
    expect([200, 503]).toContain(await raw(request('GET / HTTP/1.1', cookie))); // 503: the page is not built
    expect(await raw(request('POST /api/app:get-version HTTP/1.1', cookie, '{}'))).toBe(401);
    expect(
      await raw(
        `GET /ws HTTP/1.1\r\n${host()}${cookie}Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      ),
    ).toBe(401);
    expect(
      await raw(`GET //[ HTTP/1.1\r\n${host()}${cookie}Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n`),
    ).toBe(400);
    expect(await answers()).toBe(true);
  });

  it('answers POST /api/%E0%A4%A (a broken UTF-8 escape) with 400, token or not', async () => {
    expect(await raw(request('POST /api/%E0%A4%A HTTP/1.1', bearer(), '{}'))).toBe(400);
    expect(await raw(request('GET /%E0%A4%A HTTP/1.1'))).toBe(400);
    expect(await answers()).toBe(true);
  });

  it('answers a WebSocket frame `null`, non-objects, binary and malformed frames with error values or a close', async () => {
    const texts = ['null', '1', '"x"', '[]', '{}', '{"channel":5}', 'not json'];
    const session = await wsSession(
      texts.map((t, i) => frame({ opcode: 1, payload: Buffer.from(i === 6 ? t : t) })),
    );
    expect(session.upgraded).toBe(true);
    expect(session.replies.match(/InvalidArgs/g)?.length).toBe(texts.length);
    expect(
      (await wsSession([frame({ opcode: 2, payload: Buffer.from('{"channel":"app:get-version"}') })]))
        .replies,
    ).toMatch(/InvalidArgs/);
    // Invalid UTF-8 in a text frame, an unmasked frame, a reserved opcode, an oversized declared length.
    for (const bad of [
      frame({ opcode: 1, payload: Buffer.from([0xe0, 0xa4]) }),
      frame({ opcode: 1, payload: Buffer.from('{}'), mask: false }),
      frame({ opcode: 0xb, payload: Buffer.alloc(3) }),
      frame({ opcode: 1, payload: Buffer.alloc(0), length: 2n ** 62n }),
      frame({ opcode: 9, payload: Buffer.alloc(200) }),
      frame({ opcode: 8, payload: Buffer.from([0x03]) }),
    ])
      expect((await wsSession([bad])).upgraded).toBe(true);
    expect(await answers()).toBe(true);
  });
});

describe('fuzzing', () => {
  const targets = [
    '/',
    '//[',
    '/api/',
    '/api/%',
    '/api/%E0%A4%A',
    '/api/app:get-version',
    '/%00',
    '/..%2f..%2f',
    '/ws',
    '/auth/session',
    '*',
    'http://evil/',
    '/%ZZ',
    `/${'a'.repeat(9000)}`,
  ];
  const methods = ['GET', 'POST', 'PUT', 'HEAD', 'OPTIONS', 'DELETE', 'G\u0000T', 'BREW', ''];
  const headerLines = [
    'Cookie: skillbench_token=%ZZ',
    'Cookie: =;;=%;skillbench_token',
    'Origin: http://127.0.0.1:1',
    'Origin: null',
    'Authorization: Bearer',
    'Authorization: Basic %ZZ',
    'Content-Type: application/json',
    'Transfer-Encoding: chunked',
    'Content-Length: -1',
    'Content-Length: 99999999999',
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Protocol: ,,,',
    'Sec-WebSocket-Key: x',
    'X-Bad: \u0001\u0002',
    'Host: evil.example',
    'NoColonHere',
    `X-Long: ${'b'.repeat(20000)}`,
  ];
  const bodies = [
    '',
    '{}',
    'null',
    '[',
    '{"a":',
    '\u0000',
    '"\\ud800"',
    `${'['.repeat(100000)}`,
    '{"__proto__":{"x":1}}',
  ];

  it('keeps answering after 2,000 malformed HTTP requests, with 4xx and no internal error', async () => {
    const r = prng(12);
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 100; batch++) {
      const sent = Array.from({ length: 20 }, () => {
        const headers = Array.from({ length: r.int(4) }, () => `${r.pick(headerLines)}\r\n`).join('');
        const withToken = r.chance(0.5) ? bearer() : '';
        const body = r.pick(bodies);
        const line = `${r.pick(methods)} ${r.pick(targets)} ${r.chance(0.9) ? 'HTTP/1.1' : 'HTTP/9'}`;
        const bytes = r.chance(0.1)
          ? randomBytes(r.int(300))
          : `${line}\r\n${r.chance(0.9) ? host() : ''}${withToken}${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        return raw(bytes, 500);
      });
      for (const status of await Promise.all(sent)) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (batch % 25 === 24) expect(await answers()).toBe(true);
    }
    expect(statuses.get(500)).toBeUndefined();
    expect([...statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
    expect(serve.child.exitCode).toBeNull();
  }, 120_000);

  it('keeps answering after 2,000 random WebSocket frames of every type and size', async () => {
    const r = prng(34);
    const texts = [
      'null',
      '{"id":1,"channel":"app:get-version","request":{}}',
      '{"channel":"nope"}',
      '{"id":{},"channel":"app:get-version","request":null}',
      '[1,2]',
      '{"channel":"tools:run","request":{"runId":"f","skillId":"bundled/text-toolkit","tool":"echo","args":{"text":"hi"}}}',
    ];
    let frames = 0;
    for (let batch = 0; batch < 40; batch++) {
      const sessions = Array.from({ length: 10 }, () => {
        const list = Array.from({ length: 1 + r.int(10) }, () => {
          frames++;
          const payload = r.chance(0.5)
            ? Buffer.from(r.pick(texts))
            : randomBytes(r.pick([0, 1, 2, 125, 126, 127, 1000, 70000]));
          return frame({
            opcode: r.chance(0.6) ? r.pick([1, 2]) : r.int(16),
            payload,
            fin: r.chance(0.85),
            rsv: r.chance(0.05) ? 1 + r.int(7) : 0,
            mask: r.chance(0.95),
            ...(r.chance(0.05) ? { length: BigInt(r.int(2 ** 31)) * 4096n } : {}),
          });
        });
        return wsSession(list);
      });
      await Promise.all(sessions);
    }
    // Sizes at and over the limit: 10 MB is accepted, 17 MB refused with a close.
    await wsSession([frame({ opcode: 1, payload: Buffer.alloc(10 * 1024 * 1024, 0x20) })]);
    await wsSession([frame({ opcode: 1, payload: Buffer.alloc(17 * 1024 * 1024, 0x20) })]);
    expect(frames).toBeGreaterThan(2000);
    expect(await answers()).toBe(true);
    expect(serve.child.exitCode).toBeNull();
  }, 120_000);

  it('logs each kind of refusal once', () => {
    const lines = serve.stderr.filter((l) => l.startsWith('skillbench serve:'));
    expect(lines.length).toBeGreaterThan(3);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
