// Executor benchmarks: overhead of a built-in call beside a direct function call, and an MCP call through the
// executor beside the raw SDK client round trip to the same server, in the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { loadLibrary } = await import('../dist/electron/core/skills/index.js');
const { Executor } = await import('../dist/electron/core/tools/executor.js');
const { McpPool } = await import('../dist/electron/core/mcp/pool.js');
const { Host } = await import('../dist/electron/host/host.js');
const { startBrowserServer } = await import('../dist/electron/cli/browser-server.js');
const require = createRequire(import.meta.url);
const EVERYTHING = join(
  require.resolve('@modelcontextprotocol/server-everything/package.json'),
  '..',
  'dist',
  'index.js',
);

const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const stats = (xs) => ({ p50: percentile(xs, 0.5), p99: percentile(xs, 0.99) });

async function freePort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

/** Times `a` and `b` alternately, call by call, so machine noise hits both alike. Microseconds. */
async function alternate(n, a, b) {
  const ta = [];
  const tb = [];
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    await a(i);
    ta.push((performance.now() - t) * 1000);
    t = performance.now();
    await b(i);
    tb.push((performance.now() - t) * 1000);
  }
  return [stats(ta), stats(tb)];
}

export async function executorBenchmarks() {
  const lib = loadLibrary([{ path: join(root, 'skills'), kind: 'bundled' }]);
  const executor = new Executor(lib.entries);
  // The baseline: a hand-written echo called directly.
  const direct = async (args) => ({ output: args.text, isError: false, durationMs: 0 });
  const viaExecutor = (i) => executor.executeTool('text-toolkit', 'echo', { text: `m${i}` });
  const directCall = (i) => direct({ text: `m${i}` });
  await alternate(2000, viaExecutor, directCall); // warm-up: JIT, schema compile
  const [echoExecutor, echoDirect] = await alternate(20_000, viaExecutor, directCall);

  // MCP: server-everything's echo over streamable HTTP, one server process shared by both clients, so the only
  // difference is the path: executor + pool vs a bare SDK client.
  const port = await freePort();
  const server = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise((resolve) => server.stderr.on('data', (c) => /listening/i.test(String(c)) && resolve()));
  const url = `http://127.0.0.1:${port}/mcp`;
  const pool = new McpPool({ everything: { url, source: 'bench' } });
  const mcpExecutor = new Executor([], { mcp: pool });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const viaPool = (i) => mcpExecutor.executeDirect('everything__echo', { message: `m${i}` });
  const viaSdk = (i) => client.callTool({ name: 'echo', arguments: { message: `m${i}` } });
  await alternate(200, viaPool, viaSdk);
  const [mcpExecutorStats, sdkStats] = await alternate(2000, viaPool, viaSdk);
  await pool.close();
  await client.close();
  server.kill();
  // Browser mode: tools:run of built-in echo over loopback HTTP, beside the in-process executor call.
  const host = new Host({
    bundledSkills: join(root, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-bench-')),
  });
  const web = await startBrowserServer({ host, rendererDir: join(root, 'dist', 'renderer') });
  const api = `http://127.0.0.1:${web.port}/api/tools:run`;
  const viaHttp = async (i) => {
    const r = await fetch(api, {
      method: 'POST',
      headers: { Authorization: `Bearer ${web.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        runId: `b${i}`,
        skillId: 'bundled/text-toolkit',
        tool: 'echo',
        args: { text: `m${i}` },
      }),
    });
    await r.json();
  };
  await alternate(300, viaHttp, viaExecutor);
  const [httpStats, inProcess] = await alternate(3000, viaHttp, viaExecutor);
  await web.close();
  await host.close();
  return {
    echo: { executor: echoExecutor, direct: echoDirect, calls: 20_000 },
    mcp: { executor: mcpExecutorStats, sdk: sdkStats, calls: 2000 },
    browser: { http: httpStats, inProcess, calls: 3000 },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify(await executorBenchmarks(), null, 2));
