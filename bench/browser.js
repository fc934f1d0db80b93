// Browser-mode latency over the real transport (issue 14): `skillbench serve` started as the user starts it, in its
// own process, the session token traded from the printed link as the page does, then `skills:read-file` of a 10 kB
// file and `tools:run` of the built-in echo as HTTP POSTs. Measured call by call, alternating between a server over
// the bundled examples alone, one over a 10,000-skill library (per-call work must not grow with the library), and a
// bare Node HTTP server in its own process answering the same bytes (the transport's floor, same run).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generateLibrary } from './generate.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const stats = (xs) => ({ p50: percentile(xs, 0.5), p99: percentile(xs, 0.99) });

/** One keep-alive connection, as a page's fetch reuses one. */
function client(port, token) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return (path, body) =>
    new Promise((resolve, reject) => {
      const data = Buffer.from(JSON.stringify(body));
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': data.length,
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        },
      );
      req.on('error', reject);
      req.end(data);
    });
}

/** `skillbench serve <folder>` in its own process; resolves with its port and the token traded for its link. */
async function startServe(folders, dataDir) {
  const child = spawn(process.execPath, [join(root, 'bin', 'skillbench.js'), 'serve', ...folders], {
    env: { ...process.env, SKILLBENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /serving on (\S+)/.exec(out);
      if (m) resolve(new URL(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`skillbench serve exited (${code})`)));
  });
  const port = Number(url.port);
  const code = new URLSearchParams(url.hash.slice(1)).get('code');
  const { token } = await client(port)('/auth/session', { code });
  return { child, port, call: client(port, token) };
}

/** A bare HTTP server in its own process that answers every POST with the given bytes, after reading the body. */
async function startFloor(answers) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const answers = ${JSON.stringify(answers)};
       const s = require('node:http').createServer((req, res) => {
         const chunks = [];
         req.on('data', (c) => chunks.push(c));
         req.on('end', () => {
           JSON.parse(Buffer.concat(chunks).toString('utf8'));
           res.writeHead(200, { 'Content-Type': 'application/json' });
           res.end(answers[req.url]);
         });
       });
       s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve) => child.stdout.once('data', (c) => resolve(Number(c))));
  return { child, call: client(port) };
}

export async function browserBenchmarks({ size = 10_000, calls = 2000, warmup = 300 } = {}) {
  const lib = mkdtempSync(join(tmpdir(), `skillbench-browser-${size}-`));
  const files = mkdtempSync(join(tmpdir(), 'skillbench-browser-files-'));
  const data = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'skillbench-data-')));
  // Every server is stopped and every folder removed however the run ends (a failed check throws).
  const servers = [];
  try {
    generateLibrary(lib, size);
    // The 10 kB file sits in a root of its own, next to the bundled examples (each server gets this root).
    const file = join(files, 'notes.md');
    writeFileSync(file, `# Notes\n\n${'Some realistic reference text, line after line. '.repeat(205)}\n`);
    const small = await startServe([files], data[0]);
    servers.push(small);
    const large = await startServe([files, lib], data[1]);
    servers.push(large);
    const read = { path: file };
    const echo = (i) => ({
      runId: `r${i}`,
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: `m${i}` },
    });
    const readAnswer = await small.call('/api/skills:read-file', read);
    const echoAnswer = await small.call('/api/tools:run', echo(0));
    if (!readAnswer.ok || !echoAnswer.ok) throw new Error(JSON.stringify({ readAnswer, echoAnswer }));
    const floor = await startFloor({
      '/read': JSON.stringify(readAnswer),
      '/echo': JSON.stringify(echoAnswer),
    });
    servers.push(floor);
    const targets = [
      ['small', (path, body) => small.call(path, body)],
      ['large', (path, body) => large.call(path, body)],
      ['floor', (path, body) => floor.call(path === '/api/skills:read-file' ? '/read' : '/echo', body)],
    ];
    const times = Object.fromEntries(targets.map(([name]) => [name, { read: [], echo: [] }]));
    for (let i = 0; i < warmup + calls; i++) {
      for (const [name, call] of targets) {
        let t = performance.now();
        await call('/api/skills:read-file', read);
        const tRead = performance.now() - t;
        t = performance.now();
        await call('/api/tools:run', echo(i + 1));
        const tEcho = performance.now() - t;
        if (i < warmup) continue;
        times[name].read.push(tRead);
        times[name].echo.push(tEcho);
      }
    }
    const out = { size, calls };
    for (const [name] of targets)
      out[name] = { read: stats(times[name].read), echo: stats(times[name].echo) };
    return out;
  } finally {
    for (const s of servers) s.child.kill();
    for (const dir of [lib, files, ...data]) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify(await browserBenchmarks(), null, 2));
