// Every serialisation in browser mode is guarded: an answer or an event nested too deeply for JSON.stringify becomes
// an error value for that request or run (over HTTP and the WebSocket), and the server and its other pages go on.
// The host here stands in for a handler whose value cannot be written (the readers no longer produce one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EventName } from '../../shared/ipc.js';
import { startBrowserServer, type RunningServer } from '../../electron/cli/browser-server.js';
import type { Host } from '../../electron/host/host.js';
import { HostServer, type Handlers } from '../../electron/host/server.js';

/** A value JSON.stringify overflows on. */
function tooDeep(): unknown {
  let v: unknown = 1;
  for (let i = 0; i < 20_000; i++) v = [v];
  return v;
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();
const standIn = {
  handle: (channel: string) =>
    Promise.resolve(channel === 'skills:list' ? { ok: true, value: tooDeep() } : { ok: true, value: 'fine' }),
  on: (event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  },
} as unknown as Host;
const emit = (event: string, payload: unknown) => {
  for (const l of listeners.get(event) ?? []) l(payload);
};

let server: RunningServer;
beforeAll(async () => {
  server = await startBrowserServer({ host: standIn, rendererDir: '/nonexistent', token: 't0ken' });
});
afterAll(() => server.close());

describe('browser mode with an answer that cannot be serialised', () => {
  it('answers the HTTP request with an error value', async () => {
    const r = await fetch(`${server.origin}/api/skills:list`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t0ken' },
      body: '{}',
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      ok: false,
      error: { code: 'InvalidFormat', message: expect.stringMatching(/could not be sent/) as unknown },
    });
  });

  it('answers the WebSocket request with an error value, ends a run whose result cannot be sent, and goes on', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, ['skillbench', 'skillbench.bearer.t0ken'], {
      headers: { Origin: server.origin },
    });
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    const messages: Array<Record<string, unknown>> = [];
    ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString()) as Record<string, unknown>));
    ws.send(JSON.stringify({ id: 1, channel: 'skills:list', request: {} }));
    emit('runs:finished', { runId: 'r1', output: { output: '', isError: false, structured: tooDeep() } });
    ws.send(JSON.stringify({ id: 2, channel: 'skills:get', request: { id: 'x' } }));
    await expect.poll(() => messages.length).toBe(3);
    expect(messages.find((m) => m.id === 1)).toMatchObject({
      result: { ok: false, error: { code: 'InvalidFormat' } },
    });
    expect(messages.find((m) => m.event === 'runs:finished')).toMatchObject({
      payload: { runId: 'r1', error: { code: 'InvalidFormat' } },
    });
    expect(messages.find((m) => m.id === 2)).toMatchObject({ result: { ok: true, value: 'fine' } });
    ws.close();
  });
});

describe('the host emitter', () => {
  it('tells every listener even when one throws, and never throws into the work that emitted', () => {
    const server = new HostServer({} as Handlers);
    const heard: unknown[] = [];
    server.on('runs:finished', () => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    server.on('runs:finished', (p) => heard.push(p));
    expect(() => server.emit('runs:finished', { runId: 'r' })).not.toThrow();
    expect(heard).toEqual([{ runId: 'r' }]);
  });
});
