// Browser mode: the contract over HTTP and WebSocket, only for this machine's page with the session token it traded
// its one-time link for (issue 12: no cookie, which every port of 127.0.0.1 would receive).
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHANNELS } from '../../shared/ipc.js';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../../shared/csp.js';
import { startBrowserServer, type RunningServer } from '../../electron/cli/browser-server.js';
import { Host } from '../../electron/host/host.js';
import { createBrowserHost } from '../../renderer/src/host/browser-host.js';
import { REPO } from '../helpers.js';
import { startServeProcess } from '../serve-process.js';

let host: Host;
let server: RunningServer;
let base: string;

function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
const auth = () => ({ Authorization: `Bearer ${server.token}` });

beforeAll(async () => {
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-serve-')),
  });
  server = await startBrowserServer({ host, rendererDir: join(REPO, 'dist', 'renderer') });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await host.close();
});

describe('browser-mode security', () => {
  const code = () => new URL(server.url).hash.replace('#code=', '');

  it('prints a link on 127.0.0.1 whose one-time code is in the fragment (never sent in a request line)', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#code=[A-Za-z0-9_-]{32}$/);
    expect(code()).not.toBe(server.token);
  });

  it('answers 401 without a token or with a wrong one, and never takes a cookie as a credential', async () => {
    expect((await raw('/api/app:get-version', { method: 'POST' })).status).toBe(401);
    expect(
      (await raw('/api/app:get-version', { method: 'POST', headers: { Authorization: 'Bearer wrong' } }))
        .status,
    ).toBe(401);
    // Cookies reach every port of 127.0.0.1 (issue 12): the real token in a cookie opens nothing.
    for (const name of ['skillbench_token', 'token'])
      expect(
        (
          await raw('/api/app:get-version', {
            method: 'POST',
            headers: { Cookie: `${name}=${server.token}` },
          })
        ).status,
      ).toBe(401);
  });

  it('answers 403 to a foreign Origin or Host (DNS rebinding), token or not', async () => {
    expect(
      (
        await raw('/api/app:get-version', {
          method: 'POST',
          headers: { ...auth(), Origin: 'http://evil.example' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await raw('/api/app:get-version', {
          method: 'POST',
          headers: { ...auth(), Origin: 'http://127.0.0.1:1' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await raw('/api/app:get-version', {
          method: 'POST',
          headers: { ...auth(), Host: `evil.example:${server.port}` },
        })
      ).status,
    ).toBe(403);
    expect(
      (await raw('/api/app:get-version', { method: 'POST', headers: { ...auth(), Origin: base } })).status,
    ).toBe(200);
  });

  it('trades the one-time code for the session token once, from its own origin only, and sets no cookie', async () => {
    const trade = (headers: Record<string, string> = {}, body = JSON.stringify({ code: code() })) =>
      raw('/auth/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      });
    expect((await trade({ Origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await trade({}, JSON.stringify({ code: 'guess' }))).status).toBe(401);
    const first = await trade({ Origin: base });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ token: server.token });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['access-control-allow-origin']).toBeUndefined();
    const again = await trade({ Origin: base });
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/already used/);
  });

  it('serves the page without a credential (it is the public bundle) under its CSP, without cookies', async () => {
    const page = await raw('/');
    expect(page.status).not.toBe(401);
    expect(page.headers['set-cookie']).toBeUndefined();
    if (page.status === 200) {
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
      expect(page.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
      // One policy (shared/csp.ts): the header, and the page's own copy written into index.html by the build.
      expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(page.body).toContain(`content="${META_CONTENT_SECURITY_POLICY}"`);
    }
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect((await raw('/', { headers: { Origin: 'http://127.0.0.1:1' } })).status).toBe(403);
  });

  it('never serves files outside the renderer folder', async () => {
    const r = await raw('/..%2F..%2Fpackage.json', { headers: auth() });
    expect(r.body).not.toContain('"name": "skillbench"');
  });

  it('refuses path traversal in any argument', async () => {
    const r = await raw('/api/skills:read-file', {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ path: `${REPO}/skills/../package.json` }),
    });
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'PermissionDenied' } });
  });

  it('refuses WebSocket connections without the token, and takes it as a subprotocol without echoing it', async () => {
    const status = (ws: WebSocket) =>
      new Promise<number | string>((resolve) =>
        ws
          .on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
          .on('open', () => resolve(`open:${ws.protocol}`))
          .on('error', () => resolve(-1)),
      );
    const wsUrl = `${base.replace('http', 'ws')}/ws`;
    expect(await status(new WebSocket(wsUrl))).toBe(401);
    expect(await status(new WebSocket(wsUrl, ['skillbench', 'skillbench.bearer.wrong']))).toBe(401);
    expect(
      await status(new WebSocket(wsUrl, { headers: { Cookie: `skillbench_token=${server.token}` } })),
    ).toBe(401);
    const ok = new WebSocket(wsUrl, ['skillbench', `skillbench.bearer.${server.token}`]);
    expect(await status(ok)).toBe('open:skillbench');
    ok.close();
  });
});

describe('the contract over HTTP and WebSocket', () => {
  it('routes every channel', async () => {
    for (const channel of CHANNELS) {
      const r = await raw(`/api/${channel}`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({ unexpected: 1 }),
      });
      expect(JSON.parse(r.body), channel).toMatchObject({ ok: false, error: { code: 'InvalidArgs' } });
    }
  });

  it('round-trips a valid request of every channel to its handler', async () => {
    const skillId = 'bundled/text-toolkit';
    const valid: Record<string, unknown> = {
      'roots:add': { path: mkdtempSync(join(tmpdir(), 'skillbench-root-')) },
      'roots:remove': { id: 'bundled' },
      'roots:trust': { id: 'bundled', trusted: false },
      'roots:trust-info': { id: 'bundled' },
      'skills:get': { id: skillId },
      'skills:list-files': { id: skillId },
      'skills:create-file': { id: skillId, path: 'notes.md', kind: 'file' },
      'skills:read-file': { path: join(REPO, 'skills', 'text-toolkit', 'SKILL.md') },
      'skills:save-file': {
        path: join(REPO, 'skills', 'text-toolkit', 'SKILL.md'),
        text: 'x',
        expectedHash: 'not-the-hash',
      },
      'skills:validate-text': {
        path: join(REPO, 'skills', 'text-toolkit', 'SKILL.md'),
        text: '---\nname: text-toolkit\ndescription: d\n---\nb\n',
      },
      'skills:create': { rootId: 'bundled', name: 'nope' },
      'skills:duplicate': { id: 'missing', name: 'copy' },
      'skills:rename': { id: 'missing', name: 'other' },
      'skills:delete': { id: 'missing' },
      'skills:run-command': { id: skillId, command: 'not in the skill' },
      'tools:list': { skillId },
      'tools:run': { runId: 'rt-1', skillId, tool: 'uuid', args: {} },
      'runs:cancel': { runId: 'none' },
      'history:list': { limit: 5 },
      'history:search': { query: 'x' },
      'history:get': { id: 'missing' },
      'history:pin': { id: 'missing', pinned: true },
      'history:clear': { keepPinned: true },
      'cases:list': { skillId },
      'cases:save': { skillId: 'missing', name: 'c', case: { tool: 'echo' } },
      'cases:run': { skillId, names: ['echo'] },
      'mcp:status': { name: 'demo' },
      'mcp:restart': { name: 'missing' },
      'mcp:info': { name: 'missing' },
      'mcp:disconnect': { name: 'missing' },
      'mcp:list-tools': { name: 'missing' },
      'mcp:list-resources': { name: 'missing', cursor: 'c' },
      'mcp:list-templates': { name: 'missing' },
      'mcp:list-prompts': { name: 'missing' },
      'mcp:call-tool': { runId: 'rt-2', name: 'missing', tool: 'echo', args: {} },
      'mcp:read-resource': { name: 'missing', uri: 'demo://x' },
      'mcp:subscribe': { name: 'missing', uri: 'demo://x', subscribed: true },
      'mcp:get-prompt': { name: 'missing', prompt: 'p', args: { a: 'b' } },
      'mcp:complete': {
        name: 'missing',
        ref: { type: 'ref/prompt', name: 'p' },
        argument: { name: 'a', value: 'b' },
      },
      'mcp:set-logging-level': { name: 'missing', level: 'info' },
      'mcp:ping': { name: 'missing' },
      'mcp:protocol-log': { name: 'demo' },
      'mcp:export': { names: ['demo'] },
      'mcp:answer': { id: 'none', answer: { action: 'cancel' } },
      'mcp:sample-draft': { id: 'none', provider: 'none' },
      'mcp:wrap-preview': { skillId: 'missing', toolName: 't', server: 'demo', tool: 'echo', lockedArgs: {} },
      'settings:set': { settings: { theme: 'light' } },
      'app:open-external': { url: 'https://example.com' },
      'app:pick-folder': {},
      'app:check-folder': { path: REPO },
      'drafts:put': { path: join(REPO, 'skills', 'text-toolkit', 'SKILL.md'), text: 'draft', baseHash: null },
      'drafts:discard': { path: join(REPO, 'skills', 'text-toolkit', 'SKILL.md') },
      // A provider in the data folder of this server (a temporary one); runs name one that does not exist.
      'evals:save-provider': {
        provider: { name: 'rt', kind: 'openai', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' },
      },
      'evals:remove-provider': { name: 'missing' },
      'evals:run-triggers': { runId: 'rt-e1', skillId: 'missing', provider: 'missing' },
      'evals:run-collisions': { runId: 'rt-e2', provider: 'missing' },
      'evals:run-output': { runId: 'rt-e3', skillId: 'missing', provider: 'missing' },
      'evals:generate-triggers': { runId: 'rt-e4', skillId: 'missing', provider: 'missing', existing: [] },
      'evals:results': { skillId: 'missing' },
      'evals:snapshot': { skillId: 'missing' },
      'evals:optimize-description': { runId: 'rt-e5', skillId: 'missing', provider: 'missing' },
      'evals:transcript': { skillId: 'missing', dir: join(REPO, 'missing') },
      'evals:cancel-batch': { runId: 'missing' },
      'evals:remove-batch': { batchId: 'missing' },
      // The Playground on a provider and conversations that do not exist: nothing runs or is written.
      'chat:send': { conversationId: 'rt-c1', provider: 'missing', text: 'hello' },
      'chat:approve': { conversationId: 'missing', callId: 'c', decision: { decision: 'refuse' } },
      'chat:stop': { conversationId: 'missing' },
      'chat:reset': { conversationId: 'missing' },
      'chat:save': { conversationId: 'missing' },
      'chat:open': { file: join(REPO, 'missing.json') },
      'chat:replay': { conversationId: 'rt-c2', file: join(REPO, 'missing.json') },
      'chat:keep-trigger': { skillId: 'missing', query: 'q', shouldTrigger: true },
      'chat:keep-output-eval': { skillId: 'missing', conversationId: 'missing' },
      // Skill management on names and inspections that do not exist: nothing is written.
      'manage:inspect': { source: './missing-source', agents: ['claude-code'] },
      'manage:install': {
        runId: 'rt-m1',
        inspectionId: 'missing',
        skills: ['x'],
        agents: ['claude-code'],
        scope: 'project',
      },
      'manage:discard': { inspectionId: 'missing' },
      'manage:check-updates': { scope: 'project', names: ['missing'] },
      'manage:update': { scope: 'project', names: ['missing'] },
      'manage:remove': { scope: 'project', names: ['missing'] },
      'manage:pack': { id: 'missing', file: join(REPO, 'missing.skill') },
    };
    for (const channel of CHANNELS) {
      const r = await raw(`/api/${channel}`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify(valid[channel] ?? {}),
      });
      const result = JSON.parse(r.body) as { ok: boolean; error?: { code: string } };
      // Every request passes the contract and reaches its handler, which answers or refuses for a domain reason.
      expect(result.error?.code, channel).not.toBe('InvalidArgs');
      expect(['NotFound', 'PermissionDenied', 'Conflict', 'Disabled', undefined], channel).toContain(
        result.error?.code,
      );
    }
  });

  it('round-trips through the renderer’s browser transport, events included', async () => {
    (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
    const api = createBrowserHost(base, server.token);
    const finished = new Promise((resolve) => {
      const off = api.on('runs:finished', (e) => {
        off();
        resolve(e);
      });
    });
    await new Promise((r) => setTimeout(r, 200)); // let the socket open before the run
    const version = await api.invoke('app:get-version', {});
    expect(version).toMatchObject({ ok: true, value: { version: '0.1.0' } });
    const run = await api.invoke('tools:run', {
      runId: 'ws-1',
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'over http' },
    });
    expect(run).toMatchObject({ ok: true, value: { output: 'over http' } });
    expect(await finished).toEqual({ runId: 'ws-1' });
    const list = await api.invoke('skills:list', {});
    expect(list.ok && list.value.entries.length).toBe(7);
    const denied = await createBrowserHost(base, Promise.resolve(undefined)).invoke('app:get-version', {});
    expect(denied).toMatchObject({ ok: false, error: { code: 'PermissionDenied' } });
  });

  it('answers requests sent over the WebSocket', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: auth() });
    await new Promise((r) => ws.on('open', r));
    const reply = new Promise<unknown>((resolve) =>
      ws.on('message', (d: Buffer) => resolve(JSON.parse(d.toString()))),
    );
    ws.send(JSON.stringify({ id: 7, channel: 'app:get-version', request: {} }));
    expect(await reply).toMatchObject({ id: 7, result: { ok: true, value: { version: '0.1.0' } } });
    ws.close();
  });
});

describe('serve --open', () => {
  it('gives the browser a private file, never the code on a command line, and removes it once used', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'skillbench-fake-open-'));
    const argvFile = join(bin, 'argv.txt');
    // A stand-in for xdg-open that records the command line it was given.
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > "${argvFile}"\n`, { mode: 0o755 });
    const serve = await startServeProcess([], {
      args: ['--open'],
      env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
      trade: false,
    });
    try {
      const code = new URL(serve.url).hash.replace('#code=', '');
      await expect.poll(() => existsSync(argvFile)).toBe(true);
      const argv = readFileSync(argvFile, 'utf8').trim().split('\n');
      expect(argv.join(' ')).not.toContain(code);
      expect(argv).toHaveLength(1);
      const launcher = argv[0] ?? '';
      expect(statSync(launcher).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(launcher)).mode & 0o777).toBe(0o700);
      expect(readFileSync(launcher, 'utf8')).toContain(serve.url);
      const r = await fetch(`${serve.origin}/auth/session`, {
        method: 'POST',
        body: JSON.stringify({ code }),
      });
      expect(r.status).toBe(200);
      await expect.poll(() => existsSync(launcher)).toBe(false);
    } finally {
      await serve.stop();
    }
  });
});
