// MCP through the executor, against a real server no one here wrote (server-everything) and the project's own
// faulty server over stdio and streamable HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpPool } from '../../electron/core/mcp/pool.js';
import type { WireExchange } from '../../electron/core/mcp/protocol-log.js';
import { loadLibrary } from '../../electron/core/skills/index.js';
import { Executor } from '../../electron/core/tools/executor.js';
import { EVERYTHING_SERVER, FIXTURES, failure } from '../helpers.js';

const EVERYTHING = EVERYTHING_SERVER;
const FAULTY = join(FIXTURES, 'mcp', 'faulty-server.mjs');

let httpServer: ChildProcess;
let pool: McpPool;
let executor: Executor;

beforeAll(async () => {
  httpServer = spawn(process.execPath, [FAULTY, 'http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    httpServer.stdout?.on('data', (c: Buffer) => {
      const m = /listening (\d+)/.exec(c.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  pool = new McpPool({
    everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], source: 'test' },
    faulty: { command: process.execPath, args: [FAULTY, 'stdio'], source: 'test', timeoutSecs: 10 },
    faultyhttp: { url: `http://127.0.0.1:${port}/mcp`, source: 'test' },
  });
  executor = new Executor(loadLibrary([{ path: join(FIXTURES, 'tools', 'mcp-calls') }]).entries, {
    mcp: pool,
  });
}, 30_000);

afterAll(async () => {
  await pool.close();
  httpServer.kill();
});

describe('a skill whose MCP server is missing', () => {
  it('still lists every tool; the MCP ones say why their schema is unknown', async () => {
    const lonely = new Executor(loadLibrary([{ path: join(FIXTURES, 'workbench') }]).entries, {
      mcp: new McpPool({}),
    });
    const defs = await lonely.describeTools('workbench/runner-demo');
    expect(defs.map((d) => d.name)).toEqual([
      'say',
      'order',
      'slow',
      'fail',
      'greet-team',
      'tiny-image',
      'everything-echo',
    ]);
    expect(defs.filter((d) => d.problem).map((d) => d.name)).toEqual(['tiny-image', 'everything-echo']);
    expect(defs.find((d) => d.name === 'tiny-image')?.problem).toContain('No MCP server named "everything"');
  });
});

describe('MCP tools through the executor', () => {
  it('advertises the server’s schemas under composed names, locked keys removed', async () => {
    const defs = await executor.describeTools('mcp-calls');
    const sum = defs.find((d) => d.name === 'sum');
    expect(sum).toMatchObject({
      composedName: 'mcp-calls__sum',
      toolType: { type: 'mcp', server: 'everything', tool: 'get-sum' },
    });
    expect(sum?.inputSchema).toMatchObject({
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    const locked = defs.find((d) => d.name === 'locked-sum');
    expect(Object.keys((locked?.inputSchema as { properties: object }).properties)).toEqual(['a']);
    expect((locked?.inputSchema as { required: string[] }).required).toEqual(['a']);
  });

  it('calls server-everything: text, structured content, images, locked args', async () => {
    expect((await executor.executeTool('mcp-calls', 'echo', { message: 'hi' })).output).toBe('Echo: hi');
    expect((await executor.executeTool('mcp-calls', 'locked-sum', { a: 1, b: 2 })).output).toMatch(/101/);
    const weather = await executor.executeTool('mcp-calls', 'weather', { location: 'Chicago' });
    expect(weather.isError).toBe(false);
    expect(weather.structured).toMatchObject({ temperature: expect.any(Number) as number });
    const image = await executor.executeTool('mcp-calls', 'image', {});
    expect(
      image.content?.some((b) => b.type === 'image' && b.mimeType === 'image/png' && b.data.length > 10),
    ).toBe(true);
  });

  it('validates args against the server’s schema before calling', async () => {
    const e = await failure(executor.executeTool('mcp-calls', 'sum', { a: 'one' }));
    expect(e.code).toBe('InvalidArgs');
    expect(e.message).toMatch(/a must be a number\. \(\/a\)/);
  });

  it('reuses one connection for many calls, concurrently', async () => {
    const outs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => executor.executeTool('mcp-calls', 'echo', { message: `m${i}` })),
    );
    outs.forEach((o, i) => expect(o.output).toBe(`Echo: m${i}`));
    expect(pool.status().find((s) => s.name === 'everything')?.state).toBe('connected');
  });

  it('survives a server killed mid-call: a clear error with the stderr tail, then a fresh connection', async () => {
    const e = await failure(executor.executeTool('mcp-calls', 'crash', {}));
    expect(e.code).toBe('ToolExecution');
    expect(e.message).toMatch(/MCP server "faulty"/);
    expect(e.message).toMatch(/boom: crashing on purpose/);
    expect((await executor.executeTool('mcp-calls', 'ok', {})).output).toBe('ok');
  });

  it('times out a server that hangs, and lets progress reset the timeout', async () => {
    expect((await failure(executor.executeTool('mcp-calls', 'hang', {}))).code).toBe('Timeout');
    const progress: number[] = [];
    const out = await executor.executeTool(
      'mcp-calls',
      'slow',
      { steps: 8, intervalMs: 300 },
      { onProgress: (p) => progress.push(p.progress ?? 0) },
    );
    expect(out.output).toBe('done after 8 steps');
    // 8 steps of 300 ms against a 1 s timeout: only progress kept the call alive.
    expect(progress.length).toBeGreaterThanOrEqual(6);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('forwards cancellation to the server', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'skillbench-mcp-')), 'cancelled');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    expect(
      (
        await failure(
          executor.executeTool('mcp-calls', 'cancellable', { marker }, { signal: controller.signal }),
        )
      ).code,
    ).toBe('Cancelled');
    for (let i = 0; i < 50 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(marker, 'utf8')).toBe('cancelled');
  });

  it('tells what a cancelled call exchanged on the wire: its request and the cancellation, no response', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'skillbench-mcp-')), 'cancelled');
    await pool.ping('faulty'); // connected first, so the abort below comes after the request went out
    const controller = new AbortController();
    const wires: WireExchange[] = [];
    const call = pool.callTool(
      'faulty',
      'cancellable',
      { marker },
      { signal: controller.signal, onWire: (w) => wires.push(w) },
    );
    setTimeout(() => controller.abort(), 300);
    expect((await failure(call)).code).toBe('Cancelled');
    expect(wires).toHaveLength(1);
    const [wire] = wires;
    expect(wire?.request?.message).toMatchObject({ method: 'tools/call', params: { arguments: { marker } } });
    const id = (wire?.request?.message as { id: number }).id;
    expect(wire?.cancelled?.message).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: id },
    });
    expect(wire?.response).toBeUndefined();
  });

  it('caps huge output like a process’s (issue 12) and flags structured content that breaks the output schema', async () => {
    const huge = await executor.executeTool('mcp-calls', 'huge', { mib: 8 });
    expect(huge.output).toBe(`${'x'.repeat(1024 * 1024)}\n[text truncated at 1 MiB]`);
    const invalid = await executor.executeTool('mcp-calls', 'invalid', {});
    expect(invalid.isError).toBe(true);
    expect(invalid.output).toMatch(/does not match the tool's output schema/);
  });

  it('works over streamable HTTP, including progress', async () => {
    expect((await executor.executeTool('mcp-calls', 'http-ok', {})).output).toBe('ok');
    expect((await executor.executeTool('mcp-calls', 'http-slow', { steps: 5, intervalMs: 300 })).output).toBe(
      'done after 5 steps',
    );
  });

  it('names a missing server and lists registry tools', async () => {
    const ex = new Executor([], { mcp: new McpPool({}) });
    expect((await failure(ex.executeDirect('nope__tool', {}))).message).toMatch(/No MCP server named "nope"/);
    expect((await executor.registry()).map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'everything__echo', 'faulty__crash']),
    );
  });

  it('closes every connection on close()', async () => {
    const local = new McpPool({
      everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], source: 'test' },
    });
    await local.listTools('everything');
    expect(local.status()[0]?.state).toBe('connected');
    await local.close();
    expect(local.status()[0]?.state).toBe('idle');
  });
});

describe('closing the pool', () => {
  it('does not wait for a server that is still starting: it is stopped at once', async () => {
    // A stdio "server" that never answers initialize (the pool would wait for its 60 s connect timeout).
    const local = new McpPool({
      silent: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], source: 'test' },
    });
    const starting = local.listTools('silent');
    await new Promise((r) => setTimeout(r, 300));
    expect(local.status()[0]?.state).toBe('connecting');
    const started = Date.now();
    await local.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(starting).rejects.toThrow(/could not be started/);
  });
});
