import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLibrary } from '../../electron/core/skills/index.js';
import { Executor, type RunRecord } from '../../electron/core/tools/executor.js';
import { FIXTURES, copyFixtures, failure } from '../helpers.js';

const TOOLS = join(FIXTURES, 'tools');
const records: RunRecord[] = [];
const executor = new Executor(loadLibrary([{ path: TOOLS }]).entries, { onRun: (r) => records.push(r) });
const hardening = new Executor(loadLibrary([{ path: join(FIXTURES, 'hardening') }]).entries);

/** Whether a process still runs (a killed orphan may linger as a zombie until init reaps it: that counts as gone). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux';
  }
};

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

describe('advertised tools', () => {
  it('composes names and hides locked keys from properties and required', () => {
    const [def] = executor.tools('tools/policy-demo');
    expect(def).toMatchObject({
      composedName: 'policy-demo__status',
      name: 'status',
      toolType: { type: 'builtin', handler: 'shell' },
      lockedArgs: { command: 'echo elevated from $(pwd)' },
    });
    expect(def?.inputSchema).toEqual({
      type: 'object',
      properties: { timeoutSecs: { type: 'number', minimum: 1 } },
      required: [],
    });
  });

  it('accepts a tool by its own name or by its composed name', async () => {
    expect((await executor.executeTool('files', 'echo', { text: 'a' })).output).toBe('a');
    expect((await executor.executeTool('files', 'files__echo', { text: 'b' })).output).toBe('b');
    expect((await failure(executor.executeTool('files', 'nope', {}))).code).toBe('NotFound');
    expect((await failure(executor.executeTool('no-such-skill', 'echo', {}))).code).toBe('NotFound');
  });
});

describe('policy and scoped elevation', () => {
  it('refuses the raw shell built-in for direct use', async () => {
    const e = await failure(executor.executeDirect('shell', { command: 'echo hi' }));
    expect(e.code).toBe('PermissionDenied');
    expect((await executor.registry()).map((t) => t.name)).not.toContain('shell');
  });

  it("runs a skill's elevated wrapper of it, with the locked command, in the skill folder", async () => {
    const out = await executor.executeTool('policy-demo', 'status', { command: 'echo hijacked' });
    expect(out.output.trim()).toBe(`elevated from ${join(TOOLS, 'policy-demo')}`);
  });
});

describe('shell tools', () => {
  it('runs in the skill folder with a cleared environment', async () => {
    process.env.SKILLBENCH_TEST_SECRET = 'do-not-leak';
    try {
      expect((await executor.executeTool('proc', 'where', {})).output.trim()).toBe(join(TOOLS, 'proc'));
      const env = (await executor.executeTool('proc', 'env', {})).output;
      expect(env).not.toContain('do-not-leak');
      expect(env).toMatch(/^PATH=/m);
    } finally {
      delete process.env.SKILLBENCH_TEST_SECRET;
    }
  });

  it('never lets an argument inject shell syntax', async () => {
    const v = `$(touch /tmp/skillbench-pwned) \`id\` '"; echo hacked`;
    const out = await executor.executeTool('proc', 'quoting', { v });
    expect(out.output).toBe(`${v}|double ${v}|single ${v}\n`);
    expect(existsSync('/tmp/skillbench-pwned')).toBe(false);
  });

  it('reports a failing command as an error output with its stderr and exit code', async () => {
    const out = await executor.executeTool('proc', 'fail', {});
    expect(out).toMatchObject({ isError: true, exitCode: 3, output: 'partial\n' });
    expect(out.stderr).toBe('bad thing happened\n');
  });

  it('caps stdout at 1 MiB with a visible note', async () => {
    const out = await executor.executeTool('proc', 'flood', {});
    expect(out.output.length).toBeLessThan(1024 * 1024 + 100);
    expect(out.output).toMatch(/\[stdout truncated at 1 MiB\]$/);
    // Flagged for the runner's status line, with what the process wrote in all.
    expect(out.truncated?.atBytes).toBe(1024 * 1024);
    expect(out.truncated?.totalBytes).toBeGreaterThan(1024 * 1024);
  });

  it('kills the whole process tree on timeout: the grandchild is gone too', async () => {
    const pidfile = join(mkdtempSync(join(tmpdir(), 'skillbench-pid-')), 'pid');
    const e = await failure(executor.executeTool('proc', 'orphan', { pidfile }));
    expect(e.code).toBe('Timeout');
    const pid = Number(readFileSync(pidfile, 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  });

  it('leaves nothing running after a call that backgrounds a process and returns', async () => {
    const pidfile = join(mkdtempSync(join(tmpdir(), 'skillbench-pid-')), 'pid');
    const out = await executor.executeTool('proc', 'detach', { pidfile });
    expect(out.output).toBe('started\n');
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(Number(readFileSync(pidfile, 'utf8')))).toBe(false);
  });

  it('stops on timeout a process that left the process group (setsid), and says so', async () => {
    const pidfile = join(mkdtempSync(join(tmpdir(), 'skillbench-pid-')), 'pid');
    const e = await failure(hardening.executeTool('escape', 'setsid-wait', { pidfile }));
    expect(e.code).toBe('Timeout');
    expect(e.message).toMatch(/was stopped; every process it started was stopped/);
    const pid = Number(readFileSync(pidfile, 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  });

  it('leaves nothing running after a call whose setsid process outlived its parent', async () => {
    const pidfile = join(mkdtempSync(join(tmpdir(), 'skillbench-pid-')), 'pid');
    const out = await hardening.executeTool('escape', 'setsid-detach', { pidfile });
    expect(out.output).toBe('started\n');
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(Number(readFileSync(pidfile, 'utf8')))).toBe(false);
  });

  it('refuses a timeout above 24 hours (it would overflow the timer and fire at once)', async () => {
    const e = await failure(
      hardening.executeTool('escape', 'patient', { seconds: '1' }, { timeoutSecs: 3e6 }),
    );
    expect(e.code).toBe('InvalidArgs');
    expect(e.message).toMatch(/from 1 to 86400 seconds/);
    expect(
      (await hardening.executeTool('escape', 'patient', { seconds: '1' }, { timeoutSecs: 86_400 })).output,
    ).toBe('slept\n');
  });

  it('honours a per-call timeout and cancellation through the AbortSignal', async () => {
    const started = Date.now();
    expect((await failure(executor.executeTool('proc', 'slow', {}, { timeoutSecs: 1 }))).code).toBe(
      'Timeout',
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect(
      (await failure(executor.executeTool('proc', 'slow', {}, { signal: controller.signal }))).code,
    ).toBe('Cancelled');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('completes 100 concurrent calls with the right outputs', async () => {
    const calls = Array.from({ length: 100 }, (_, i) =>
      i % 2
        ? executor.executeTool('proc', 'quoting', { v: `n${i}` })
        : executor.executeTool('files', 'echo', { text: `n${i}` }),
    );
    const outputs = await Promise.all(calls);
    outputs.forEach((o, i) => expect(o.output).toBe(i % 2 ? `n${i}|double n${i}|single n${i}\n` : `n${i}`));
  });
});

describe('script tools', () => {
  it('passes args as JSON on stdin and as words in the argument list, in the skill folder', async () => {
    const out = await executor.executeTool('scripted', 'report', { mode: 'fast', count: 2 });
    expect(out.structured).toEqual({
      argv: ['--mode', 'fast', 'fixed word'],
      stdin: { mode: 'fast', count: 2 },
      cwd: join(TOOLS, 'scripted'),
    });
  });

  it('validates args before anything runs', async () => {
    const before = records.length;
    const e = await failure(executor.executeTool('scripted', 'report', { mode: 'warp', count: -1 }));
    expect(e.code).toBe('InvalidArgs');
    expect((e.details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['/count', '/mode']);
    expect(records.length).toBe(before + 1);
    expect(records.at(-1)?.error?.code).toBe('InvalidArgs');
  });

  it('refuses scripts outside the skill folder and reports missing ones', async () => {
    expect((await failure(executor.executeTool('scripted', 'escape', {}))).code).toBe('PermissionDenied');
    expect((await failure(executor.executeTool('scripted', 'missing', {}))).code).toBe('NotFound');
  });

  it('checks the structured output against the tool’s outputSchema', async () => {
    const out = await executor.executeTool('scripted', 'checked', {});
    expect(out.isError).toBe(true);
    expect(out.output).toMatch(
      /\[output does not match the tool's outputSchema: \(root\) must have required property 'missing'\]$/,
    );
    expect(executor.tools('scripted').find((d) => d.name === 'checked')?.outputSchema).toEqual({
      type: 'object',
      required: ['argv', 'missing'],
    });
  });

  it('reports a non-zero exit as an error output', async () => {
    const out = await executor.executeTool('scripted', 'failing', {});
    expect(out).toMatchObject({ isError: true, exitCode: 2, stderr: 'failing on purpose\n' });
  });
});

describe('http tools', () => {
  let server: Server;
  let port = 0;
  const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/hang') return;
        if (req.url === '/big') return res.end('z'.repeat(2 * 1024 * 1024));
        if (req.url?.startsWith('/items/missing')) {
          res.statusCode = 404;
          return res.end('{"error":"not found"}');
        }
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            method: req.method,
            url: req.url,
            body: body ? (JSON.parse(body) as unknown) : null,
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('GETs with placeholders percent-encoded in the URL and substituted in headers', async () => {
    const out = await executor.executeTool('web', 'get-item', { port, id: 'a/b c', token: 't0k' });
    expect(out).toMatchObject({
      isError: false,
      httpStatus: 200,
      structured: { method: 'GET', url: '/items/a%2Fb%20c' },
    });
    expect(seen.at(-1)?.headers['x-token']).toBe('t0k');
  });

  it('POSTs the remaining args as a JSON body', async () => {
    const out = await executor.executeTool('web', 'create', { port, title: 'T', tags: ['x'] });
    expect(out.structured).toEqual({ method: 'POST', url: '/items', body: { title: 'T', tags: ['x'] } });
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('reports HTTP errors as error outputs with the status', async () => {
    expect(await executor.executeTool('web', 'get-item', { port, id: 'missing' })).toMatchObject({
      isError: true,
      httpStatus: 404,
    });
  });

  it('caps the response body with a note, and times out a server that hangs', async () => {
    const big = await executor.executeTool('web', 'path', { port, path: 'big' });
    expect(big.output).toMatch(/\[response truncated at 1 MiB\]$/);
    expect(big.truncated).toEqual({ atBytes: 1024 * 1024 });
    expect((await failure(executor.executeTool('web', 'path', { port, path: 'hang' }))).code).toBe('Timeout');
  });

  it('refuses other schemes and credentials in URLs (http_request built-in)', async () => {
    expect(
      (await failure(executor.executeTool('files', 'http_request', { url: 'file:///etc/passwd' }))).code,
    ).toBe('PermissionDenied');
    expect(
      (await failure(executor.executeTool('files', 'http_request', { url: `http://u:p@127.0.0.1:${port}/` })))
        .code,
    ).toBe('PermissionDenied');
    expect(
      (
        await executor.executeTool('files', 'http_request', {
          url: `http://127.0.0.1:${port}/x`,
          method: 'DELETE',
        })
      ).structured,
    ).toMatchObject({ method: 'DELETE' });
  });

  it('reports a refused connection as an Http error naming the cause', async () => {
    const e = await failure(
      executor.executeTool('files', 'http_request', { url: `http://127.0.0.1:${await closedPort()}/` }),
    );
    expect(e.code).toBe('Http');
    expect(e.message).toMatch(/ECONNREFUSED/);
  });
});

describe('built-in handlers', () => {
  it('echo, uuid, now, base64, json_path', async () => {
    expect((await executor.executeTool('files', 'uuid', {})).output).toMatch(/^[0-9a-f-]{36}$/);
    expect((await executor.executeTool('files', 'now', { timeZone: 'Asia/Tokyo' })).structured).toMatchObject(
      { timeZone: 'Asia/Tokyo' },
    );
    expect((await failure(executor.executeTool('files', 'now', { timeZone: 'Mars/Base' }))).code).toBe(
      'InvalidArgs',
    );
    expect((await executor.executeTool('files', 'base64_encode', { text: 'héllo' })).output).toBe('aMOpbGxv');
    expect((await executor.executeTool('files', 'base64_decode', { data: 'aMOpbGxv' })).output).toBe('héllo');
    expect(
      (
        await executor.executeTool('files', 'json_path', {
          json: '{"a":[{"b":1},{"b":2}]}',
          path: '$.a[*].b',
        })
      ).structured,
    ).toEqual([1, 2]);
  });

  it('read_file and list_files stay inside the skill folder, links included', async () => {
    const root = copyFixtures('tools');
    symlinkSync('/etc', join(root, 'files', 'etc-link'));
    const ex = new Executor(loadLibrary([{ path: root }]).entries);
    expect((await ex.executeTool('files', 'read_file', { path: 'docs/a.txt' })).output).toBe(
      'inside the skill\n',
    );
    expect((await failure(ex.executeTool('files', 'read_file', { path: '../proc/SKILL.md' }))).code).toBe(
      'PermissionDenied',
    );
    expect((await failure(ex.executeTool('files', 'read_file', { path: '/etc/hostname' }))).code).toBe(
      'PermissionDenied',
    );
    expect((await failure(ex.executeTool('files', 'read_file', { path: 'etc-link/hostname' }))).code).toBe(
      'PermissionDenied',
    );
    expect((await failure(ex.executeTool('files', 'list_files', { path: 'etc-link' }))).code).toBe(
      'PermissionDenied',
    );
    expect((await ex.executeTool('files', 'list_files', { recursive: true })).structured).toEqual([
      'SKILL.md',
      'docs/',
      'docs/a.txt',
      'etc-link (link)',
    ]);
  });
});

describe('locked args', () => {
  it('cannot be overridden by any trick the caller tries', async () => {
    const tricks = [
      { command: 'echo hijacked' },
      JSON.parse('{"__proto__": {"command": "echo hijacked"}}') as object,
      JSON.parse('{"constructor": {"prototype": {"command": "echo hijacked"}}}') as object,
      { prototype: { command: 'echo hijacked' } },
      'command=echo hijacked',
      [{ command: 'echo hijacked' }],
    ];
    for (const args of tricks) {
      const out = await executor.executeTool('policy-demo', 'status', args as never);
      expect(out.output).toMatch(/^elevated from /);
    }
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });
});
