// Issue 16: the client side of MCP against server-everything (a server no one here wrote) over stdio, streamable
// HTTP and the older SSE transport: server info, tools with schemas, resources, templates, prompts, completions,
// sampling and elicitation answered (or refused), roots only for servers that opted in, notifications, progress,
// ping and the protocol log.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersClientSide, type McpNotice } from '../../electron/core/mcp/client-side.js';
import { exportMcpServers, parseMcpConfig, type McpServerConfig } from '../../electron/core/mcp/config.js';
import { McpPool } from '../../electron/core/mcp/pool.js';
import { EVERYTHING_SERVER, failure, FIXTURES } from '../helpers.js';
import { runCaptured } from './run-cli.js';

const stdio = (extra: Partial<McpServerConfig> = {}): McpServerConfig => ({
  command: process.execPath,
  args: [EVERYTHING_SERVER, 'stdio'],
  source: 'test',
  ...extra,
});

const text = (r: { content: Array<{ type: string; text?: string }> }) =>
  r.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** server-everything over HTTP (`streamableHttp` or `sse`), started on a free port; resolves once it listens. */
async function httpEverything(
  mode: 'streamableHttp' | 'sse',
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_SERVER, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (c: Buffer) => {
      seen += c.toString();
      if (/listening on port|running on port/i.test(seen)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${seen}`)));
  });
  return { child, port };
}

describe('the client side over stdio', () => {
  const notices: McpNotice[] = [];
  let pool: McpPool;
  const answers = join(mkdtempSync(join(tmpdir(), 'skillbench-answers-')), 'answers.json');
  beforeAll(() => {
    writeFileSync(
      answers,
      JSON.stringify({
        sampling: { 'Resource trigger-sampling-request context: capital of France?': 'Paris.' },
        elicitation: { '*': { action: 'accept', content: { name: 'Ada', check: true } } },
      }),
    );
    const side = answersClientSide(answers);
    pool = new McpPool(
      { ev: stdio({ roots: true }), plain: stdio() },
      {
        ...side,
        roots: () => [{ uri: 'file:///library', name: 'library' }],
        notify: (n) => notices.push(n),
      },
    );
  });
  afterAll(() => pool.close());

  it('shows what the server said about itself', async () => {
    const info = await pool.info('ev');
    expect(info).toMatchObject({
      name: 'ev',
      transport: 'stdio',
      version: { name: 'mcp-servers/everything' },
    });
    expect(Object.keys(info.capabilities ?? {})).toEqual(
      expect.arrayContaining(['tools', 'resources', 'prompts', 'logging', 'completions']),
    );
    expect(info.instructions).toMatch(/Everything Server/);
  });

  it('declares sampling and elicitation, and roots only where the server opted in', async () => {
    const withRoots = (await pool.listTools('ev')).map((t) => t.name);
    const without = (await pool.listTools('plain')).map((t) => t.name);
    expect(withRoots).toEqual(
      expect.arrayContaining(['get-roots-list', 'trigger-sampling-request', 'trigger-elicitation-request']),
    );
    expect(without).toEqual(
      expect.arrayContaining(['trigger-sampling-request', 'trigger-elicitation-request']),
    );
    expect(without).not.toContain('get-roots-list');
    const roots = await pool.callTool('ev', 'get-roots-list', {});
    expect(text(roots)).toContain('file:///library');
  });

  it('answers a sampling request from the answers file, and refuses one it has no answer for', async () => {
    const answered = await pool.callTool('ev', 'trigger-sampling-request', {
      prompt: 'capital of France?',
      maxTokens: 20,
    });
    expect(text(answered)).toContain('"text": "Paris."');
    const refused = await pool
      .callTool('ev', 'trigger-sampling-request', { prompt: 'something else', maxTokens: 20 })
      .then(text, (e: Error) => e.message);
    expect(refused).toMatch(
      /no answer for the sampling request of "ev" \("Resource trigger-sampling-request context: something else"\)/,
    );
  });

  it('answers an elicitation with the content given', async () => {
    const r = await pool.callTool('ev', 'trigger-elicitation-request', {});
    expect(text(r)).toMatch(/Name: Ada/);
  });

  it('hears the server’s logging notifications', async () => {
    await pool.setLoggingLevel('ev', 'debug');
    await pool.callTool('ev', 'get-roots-list', {});
    expect(notices.some((n) => n.server === 'ev' && n.method === 'notifications/message')).toBe(true);
  });

  it('subscribes to a resource and hears its updates, until it unsubscribes', async () => {
    const uri = 'demo://resource/static/document/architecture.md';
    const updates = () =>
      notices.filter(
        (n) =>
          n.server === 'ev' &&
          n.method === 'notifications/resources/updated' &&
          (n.params as { uri?: string } | undefined)?.uri === uri,
      ).length;
    await pool.subscribe('ev', uri);
    // The server sends one update at once when its simulated updates start (before the tool's result, same stream).
    const started = await pool.callTool('ev', 'toggle-subscriber-updates', {});
    expect(text(started)).toMatch(/^Started simulated resource updated notifications/);
    expect(updates()).toBe(1);
    await pool.subscribe('ev', uri, false);
    const stopped = await pool.callTool('ev', 'toggle-subscriber-updates', {});
    expect(text(stopped)).toMatch(/^Stopped/);
    await pool.callTool('ev', 'toggle-subscriber-updates', {});
    expect(updates()).toBe(1);
    await pool.callTool('ev', 'toggle-subscriber-updates', {});
  });

  it('reports progress of a long call', async () => {
    const progress: number[] = [];
    await pool.callTool(
      'ev',
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => progress.push(p.progress ?? -1) },
    );
    // The last step's progress may cross the response on the wire (then the SDK drops it).
    expect(progress.slice(0, 2)).toEqual([1, 2]);
    expect(progress.every((p, i) => p === i + 1)).toBe(true);
  });

  it('lists and reads resources and templates, and gets prompts with completions', async () => {
    const resources = await pool.listResources('ev');
    expect(resources.length).toBeGreaterThan(5);
    const doc = resources.find((r) => r.uri.endsWith('architecture.md'));
    const read = await pool.readResource('ev', doc?.uri ?? '');
    expect(read.contents[0]).toMatchObject({ uri: doc?.uri });
    expect((read.contents[0] as { text: string }).text).toMatch(/Architecture/);
    expect((await pool.listResourceTemplates('ev')).length).toBeGreaterThan(0);
    const prompts = await pool.listPrompts('ev');
    expect(prompts.find((p) => p.name === 'args-prompt')?.arguments?.[0]).toMatchObject({
      name: 'city',
      required: true,
    });
    const prompt = await pool.getPrompt('ev', 'args-prompt', { city: 'Paris' });
    expect(prompt.messages[0]?.content).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Paris') as string,
    });
    const values = await pool.complete('ev', {
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'department', value: 'E' },
    });
    expect(values).toContain('Engineering');
  });

  it('pings, and keeps every JSON-RPC message both ways with its time', async () => {
    expect(await pool.ping('ev')).toBeGreaterThanOrEqual(0);
    const log = pool.protocolLog('ev');
    expect(log[0]).toMatchObject({ direction: 'out', message: { method: 'initialize' } });
    expect(log[1]).toMatchObject({ direction: 'in', message: { result: expect.anything() as unknown } });
    expect(
      log.some(
        (e) => e.direction === 'in' && 'method' in e.message && e.message.method === 'sampling/createMessage',
      ),
    ).toBe(true);
    expect(
      log.some((e) => e.direction === 'out' && 'method' in e.message && e.message.method === 'ping'),
    ).toBe(true);
    expect(log.every((e) => typeof e.at === 'number')).toBe(true);
  });
});

describe('HTTP transports', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill()));

  it('speaks streamable HTTP and SSE, and falls back to SSE for a URL without "type"', async () => {
    const http = await httpEverything('streamableHttp');
    const sse = await httpEverything('sse');
    children.push(http.child, sse.child);
    const answers = answersClientSide(undefined);
    const pool = new McpPool(
      {
        http: { url: `http://127.0.0.1:${http.port}/mcp`, transport: 'http', source: 'test' },
        sse: { url: `http://127.0.0.1:${sse.port}/sse`, transport: 'sse', typeGiven: true, source: 'test' },
        guess: { url: `http://127.0.0.1:${sse.port}/sse`, source: 'test' },
        strict: {
          url: `http://127.0.0.1:${sse.port}/sse`,
          transport: 'http',
          typeGiven: true,
          source: 'test',
        },
      },
      {
        ...answers,
        sample: () =>
          Promise.resolve({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }),
      },
    );
    try {
      for (const [name, kind] of [
        ['http', 'http'],
        ['sse', 'sse'],
        ['guess', 'sse'],
      ] as const) {
        expect((await pool.info(name)).transport).toBe(kind);
        expect(text(await pool.callTool(name, 'get-sum', { a: 2, b: 3 }))).toBe('The sum of 2 and 3 is 5.');
        const sampled = await pool.callTool(name, 'trigger-sampling-request', { prompt: 'x', maxTokens: 5 });
        expect(text(sampled)).toContain('"text": "ok"');
      }
      // "type": "http" given: no guessing, the failure is reported.
      expect((await failure(pool.info('strict'))).message).toMatch(
        /MCP server "strict" could not be started/,
      );
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('the mcpServers config', () => {
  it('honours "type" and "roots", refuses a type that does not fit, and exports what it read', () => {
    const read = parseMcpConfig(
      {
        mcpServers: {
          a: { type: 'stdio', command: 'node', args: ['s.js'], roots: true },
          b: {
            type: 'streamable-http',
            url: 'https://example.test/mcp',
            headers: { Authorization: 'Bearer x' },
          },
          c: { type: 'sse', url: 'https://example.test/sse' },
          d: { url: 'https://example.test/mcp' },
        },
      },
      'mcp.json',
      '/r',
      '/r',
    );
    expect([read.a?.transport, read.b?.transport, read.c?.transport, read.d?.transport]).toEqual([
      'stdio',
      'http',
      'sse',
      'http',
    ]);
    expect(read.a?.roots).toBe(true);
    const exported = exportMcpServers(read);
    expect(exported.mcpServers.c).toEqual({ type: 'sse', url: 'https://example.test/sse' });
    expect(parseMcpConfig(exported, 'again.json', '/r', '/r')).toEqual(
      Object.fromEntries(
        Object.entries(read).map(([k, v]) => [k, { ...v, source: 'again.json', typeGiven: true }]),
      ),
    );
    expect(() =>
      parseMcpConfig({ mcpServers: { x: { type: 'sse', command: 'node' } } }, 'f', '/', '/'),
    ).toThrow(/mcpServers.x.type: "sse" needs "url", not "command"/);
    expect(() =>
      parseMcpConfig({ mcpServers: { x: { type: 'websocket', url: 'ws://x' } } }, 'f', '/', '/'),
    ).toThrow(/"websocket" is not a transport; use "stdio", "http" \(streamable HTTP\) or "sse"/);
    expect(() => exportMcpServers(read, ['nope'])).toThrow(/No MCP server named "nope"/);
  });
});

describe('skillbench mcp', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-mcp-cli-'));
  const config = join(dir, 'mcp.json');
  const answers = join(dir, 'answers.json');
  beforeAll(() => {
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { ev: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
      }),
    );
    writeFileSync(answers, JSON.stringify({ sampling: { '*': 'From the file.' } }));
  });
  const cli = (...args: string[]) => runCaptured(['mcp', ...args, '--mcp-config', config]);

  it('calls a tool and prints its content; --format json prints the whole result', async () => {
    const r = await cli('call', 'ev', 'get-sum', '--args', '{"a":4,"b":5}');
    expect(r).toMatchObject({ code: 0, stdout: 'The sum of 4 and 5 is 9.\n' });
    const j = await cli(
      'call',
      'ev',
      'get-structured-content',
      '--args',
      '{"location":"New York"}',
      '--format',
      'json',
    );
    expect(JSON.parse(j.stdout)).toMatchObject({
      structuredContent: { temperature: expect.any(Number) as number },
    });
  });

  it('answers sampling from --answers, refuses it without, and writes the protocol log', async () => {
    const log = join(dir, 'log.json');
    const ok = await cli(
      'call',
      'ev',
      'trigger-sampling-request',
      '--args',
      '{"prompt":"p","maxTokens":5}',
      '--answers',
      answers,
      '--protocol-log',
      log,
    );
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('From the file.');
    const methods = (
      JSON.parse(readFileSync(log, 'utf8')) as Array<{ direction: string; message: { method?: string } }>
    ).map((e) => `${e.direction} ${e.message.method ?? 'response'}`);
    expect(methods).toEqual(
      expect.arrayContaining(['out initialize', 'out tools/call', 'in sampling/createMessage']),
    );
    const refused = await cli(
      'call',
      'ev',
      'trigger-sampling-request',
      '--args',
      '{"prompt":"p","maxTokens":5}',
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/Pass --answers FILE/);
  });

  it('lists tools with schemas, resources, prompts, and shows a prompt', async () => {
    const tools = JSON.parse((await cli('tools', 'ev', '--format', 'json')).stdout) as {
      tools: Array<{ name: string; inputSchema: unknown }>;
    };
    expect(tools.tools.find((t) => t.name === 'get-sum')?.inputSchema).toMatchObject({
      type: 'object',
      required: ['a', 'b'],
    });
    expect((await cli('resources', 'ev')).stdout).toMatch(/architecture\.md/);
    expect((await cli('prompts', 'ev')).stdout).toMatch(/args-prompt {2}A prompt with two arguments/);
    expect((await cli('prompt', 'ev', 'args-prompt', '--args', '{"city":"Oslo"}')).stdout).toMatch(
      /user: .*Oslo/,
    );
  });

  it('exports the configured servers, and reports an unknown server and bad usage', async () => {
    const exported = JSON.parse((await cli('export', 'ev')).stdout) as {
      mcpServers: Record<string, unknown>;
    };
    expect(exported.mcpServers.ev).toMatchObject({ type: 'stdio', command: process.execPath });
    const unknown = await cli('info', 'nope', '--format', 'json');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({
      error: { code: 'NotFound', message: expect.stringMatching(/configured: ev/) as string },
    });
    expect((await cli('call', 'ev')).code).toBe(2);
  });
});

describe('skillbench mcp against a server that paginates its lists in pages of 2', () => {
  const config = join(mkdtempSync(join(tmpdir(), 'skillbench-mcp-paging-')), 'mcp.json');
  beforeAll(() =>
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          paging: { command: process.execPath, args: [join(FIXTURES, 'mcp', 'paging-server.mjs')] },
        },
      }),
    ),
  );
  const cli = (...args: string[]) => runCaptured(['mcp', ...args, '--mcp-config', config]);

  it('shows every tool, resource, template and prompt, not only the first page', async () => {
    const tools = JSON.parse((await cli('tools', 'paging', '--format', 'json')).stdout) as {
      tools: Array<{ name: string }>;
    };
    expect(tools.tools.map((t) => t.name)).toEqual(['echo', 'touch', 'grow', 'fourth', 'fifth']);
    const text = await cli('tools', 'paging');
    expect(text.stdout.match(/^\S+ {2}/gm)).toEqual(['echo  ', 'touch  ', 'grow  ', 'fourth  ', 'fifth  ']);
    const resources = JSON.parse((await cli('resources', 'paging', '--format', 'json')).stdout) as {
      resources: Array<{ uri: string }>;
      resourceTemplates: Array<{ uriTemplate: string }>;
    };
    expect(resources.resources.map((r) => r.uri.slice(-1))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(resources.resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'paging://x/{id}',
      'paging://y/{id}',
      'paging://z/{id}',
    ]);
    const prompts = await cli('prompts', 'paging');
    expect(prompts.stdout.match(/^p\d/gm)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect((await cli('call', 'paging', 'fifth')).stdout).toBe('fifth ran\n');
  });
});
