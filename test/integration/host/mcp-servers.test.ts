// Issue 16, the Servers view's channels against server-everything (a server no one here wrote): what a server says
// about itself, its lists, a tool called directly (policy, validation, history), resources, templates, prompts,
// completions, the protocol log, export, sampling and elicitation answered through `mcp:answer` (and refused), and
// what wrapping a tool in a skill would advertise. An untrusted root's server is refused with the reason.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HistoryEntryView,
  McpClientRequestView,
  McpNotificationView,
  McpPage,
  McpProtocolEntryView,
  McpToolView,
} from '../../../shared/host-types.js';
import type { EventName, EventOf, IpcResult } from '../../../shared/ipc.js';
import type { ToolOutput } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { EVERYTHING_SERVER, REPO } from '../../helpers.js';

let host: Host;
let untrustedHost: Host;

async function ok<T = unknown>(channel: string, request: unknown = {}, h: Host = host): Promise<T> {
  const r = (await h.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}
async function err(channel: string, request: unknown = {}, h: Host = host) {
  const r = await h.handle(channel, request);
  if (r.ok) throw new Error(`${channel} was expected to fail`);
  return r.error;
}
/** The next event of a kind that matches. */
function next<E extends EventName>(event: E, match: (p: EventOf<E>) => boolean = () => true) {
  return new Promise<EventOf<E>>((resolve) => {
    const off = host.on(event, (p) => {
      if (!match(p)) return;
      off();
      resolve(p);
    });
  });
}

function library(): string {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-servers-'));
  cpSync(join(REPO, 'test', 'fixtures', 'editing'), root, { recursive: true });
  mkdirSync(join(root, '.skillbench'));
  writeFileSync(
    join(root, '.skillbench', 'mcp.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
    }),
  );
  return root;
}

beforeAll(() => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillbench-servers-data-'));
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: dataDir,
    projectRoots: [library()],
    trustProjectRoots: true,
    watch: false,
  });
  untrustedHost = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-servers-data-')),
    projectRoots: [library()],
    watch: false,
  });
});
afterAll(async () => {
  await host.close();
  await untrustedHost.close();
});

describe('a server in the Servers view', () => {
  it('connects and says what it is, and disconnects', async () => {
    const info = await ok<{ version: { name: string }; capabilities: object; instructions: string }>(
      'mcp:info',
      { name: 'everything' },
    );
    expect(info.version.name).toBe('mcp-servers/everything');
    expect(Object.keys(info.capabilities)).toEqual(
      expect.arrayContaining(['tools', 'resources', 'prompts', 'logging', 'completions']),
    );
    expect(info.instructions).toMatch(/Everything Server/);
    expect(await ok('mcp:status', { name: 'everything' })).toMatchObject({ state: 'connected' });
    expect(await ok('mcp:disconnect', { name: 'everything' })).toMatchObject({ state: 'idle' });
    expect((await ok<{ ms: number }>('mcp:ping', { name: 'everything' })).ms).toBeGreaterThanOrEqual(0);
    expect(await ok('mcp:status', { name: 'everything' })).toMatchObject({ state: 'connected' });
  });

  it('lists tools with their schemas, resources, templates and prompts', async () => {
    const tools = await ok<McpPage<McpToolView>>('mcp:list-tools', { name: 'everything' });
    const echo = tools.items.find((t) => t.name === 'echo');
    expect(echo?.inputSchema).toMatchObject({ properties: { message: { type: 'string' } } });
    const resources = await ok<McpPage<{ uri: string }>>('mcp:list-resources', { name: 'everything' });
    expect(resources.items.length).toBeGreaterThan(0);
    const templates = await ok<McpPage<{ uriTemplate: string }>>('mcp:list-templates', {
      name: 'everything',
    });
    expect(templates.items.map((t) => t.uriTemplate)).toContain('demo://resource/dynamic/text/{resourceId}');
    const prompts = await ok<McpPage<{ name: string }>>('mcp:list-prompts', { name: 'everything' });
    expect(prompts.items.map((p) => p.name)).toEqual(
      expect.arrayContaining(['simple-prompt', 'args-prompt', 'completable-prompt']),
    );
  });

  it('calls a tool directly, refuses arguments its schema refuses, and records the call', async () => {
    const out = await ok<ToolOutput>('mcp:call-tool', {
      runId: 'srv-1',
      name: 'everything',
      tool: 'echo',
      args: { message: 'from the servers view' },
    });
    expect(out).toMatchObject({ isError: false, output: 'Echo: from the servers view' });
    expect(
      await err('mcp:call-tool', { runId: 'srv-2', name: 'everything', tool: 'echo', args: { message: 3 } }),
    ).toMatchObject({ code: 'InvalidArgs' });
    const history = await ok<HistoryEntryView[]>('history:search', { query: 'from the servers view' });
    expect(history[0]).toMatchObject({ tool: 'everything__echo', status: 'ok' });
  });

  it('reads a resource and a template, and completes a prompt argument and gets the prompt', async () => {
    const text = await ok<{ contents: Array<{ text?: string }> }>('mcp:read-resource', {
      name: 'everything',
      uri: 'demo://resource/dynamic/text/7',
    });
    expect(text.contents[0]?.text).toMatch(/7/);
    expect(
      await ok('mcp:complete', {
        name: 'everything',
        ref: { type: 'ref/prompt', name: 'completable-prompt' },
        argument: { name: 'department', value: 'Eng' },
      }),
    ).toEqual({ values: ['Engineering'] });
    const prompt = await ok<{ messages: Array<{ role: string; content: { text: string } }> }>(
      'mcp:get-prompt',
      { name: 'everything', prompt: 'args-prompt', args: { city: 'Lyon' } },
    );
    expect(prompt.messages[0]?.content.text).toMatch(/Lyon/);
  });

  it('keeps the protocol log of both directions, and exports the server in the mcpServers format', async () => {
    const log = await ok<{ entries: McpProtocolEntryView[]; stderr: string }>('mcp:protocol-log', {
      name: 'everything',
    });
    const methods = log.entries.map(
      (e) => `${e.direction} ${typeof e.message.method === 'string' ? e.message.method : 'result'}`,
    );
    expect(methods).toEqual(expect.arrayContaining(['out initialize', 'out tools/call', 'in result']));
    expect(typeof log.stderr).toBe('string');
    expect(await ok('mcp:export', { names: ['everything'] })).toEqual({
      mcpServers: {
        everything: { type: 'stdio', command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
      },
    });
    expect(await err('mcp:export', { names: ['nope'] })).toMatchObject({ code: 'NotFound' });
  });
});

describe('the client side in the app', () => {
  it('forwards an elicitation to the windows and sends the user’s answer', async () => {
    const asked = next('mcp:request', (r) => r.kind === 'elicitation');
    const call = ok<ToolOutput>('mcp:call-tool', {
      runId: 'elicit-1',
      name: 'everything',
      tool: 'trigger-elicitation-request',
      args: {},
    });
    const request: McpClientRequestView = await asked;
    expect(request.params).toMatchObject({ requestedSchema: { required: ['name'] } });
    expect(await ok<McpClientRequestView[]>('mcp:pending-requests')).toEqual([request]);
    // A malformed answer is refused and the request keeps waiting.
    expect(await err('mcp:answer', { id: request.id, answer: { action: 'maybe' } })).toMatchObject({
      code: 'InvalidArgs',
    });
    const settled = next('mcp:request-settled');
    expect(
      await ok('mcp:answer', { id: request.id, answer: { action: 'accept', content: { name: 'Ada' } } }),
    ).toEqual({ answered: true });
    expect(await settled).toEqual({ id: request.id, outcome: 'answered' });
    expect((await call).output).toMatch(/Ada/);
    expect(await ok('mcp:answer', { id: request.id, answer: { action: 'cancel' } })).toEqual({
      answered: false,
    });
  });

  it('sends an approved sampling reply, and refuses a rejected one', async () => {
    let asked = next('mcp:request', (r) => r.kind === 'sampling');
    const call = ok<ToolOutput>('mcp:call-tool', {
      runId: 'sample-1',
      name: 'everything',
      tool: 'trigger-sampling-request',
      args: { prompt: 'capital of France?', maxTokens: 20 },
    });
    let request = await asked;
    expect(JSON.stringify(request.params)).toContain('capital of France?');
    await ok('mcp:answer', {
      id: request.id,
      answer: {
        action: 'approve',
        result: { role: 'assistant', content: { type: 'text', text: 'Paris, edited.' }, model: 'by-hand' },
      },
    });
    expect((await call).output).toContain('Paris, edited.');

    asked = next('mcp:request', (r) => r.kind === 'sampling');
    const rejected = host.handle('mcp:call-tool', {
      runId: 'sample-2',
      name: 'everything',
      tool: 'trigger-sampling-request',
      args: { prompt: 'no', maxTokens: 5 },
    });
    request = await asked;
    await ok('mcp:answer', { id: request.id, answer: { action: 'reject', message: 'Not this one.' } });
    expect(JSON.stringify(await rejected)).toContain('Not this one.');
  });

  it('passes the server’s logging notifications on as events', async () => {
    await ok('mcp:set-logging-level', { name: 'everything', level: 'debug' });
    const logged = next('mcp:notification', (n) => n.method === 'notifications/message');
    await ok('mcp:subscribe', {
      name: 'everything',
      uri: 'demo://resource/static/document/architecture.md',
      subscribed: true,
    });
    const n: McpNotificationView = await logged;
    expect(n).toMatchObject({ server: 'everything', params: { level: 'info' } });
    expect(JSON.stringify(n.params)).toContain('Subscribe');
  });
});

describe('wrapping a server tool in a skill', () => {
  it('shows the composed name and the schema without the locked arguments', async () => {
    const { entries } = await ok<{ entries: Array<{ id: string; rootId: string }> }>('skills:list');
    const skill = entries.find((e) => e.rootId !== 'bundled' && e.id.endsWith('/commented-skill'));
    expect(skill).toBeDefined();
    const preview = await ok<{ composedName: string; inputSchema: object; undeclaredLocked: string[] }>(
      'mcp:wrap-preview',
      {
        skillId: skill?.id,
        toolName: 'add',
        server: 'everything',
        tool: 'get-sum',
        lockedArgs: { a: 1, z: 2 },
      },
    );
    expect(preview.composedName).toBe('commented-skill__add');
    expect(preview.inputSchema).toMatchObject({ properties: { b: { type: 'number' } }, required: ['b'] });
    expect(Object.keys((preview.inputSchema as { properties: object }).properties)).toEqual(['b']);
    expect(preview.undeclaredLocked).toEqual(['z']);
  });
});

describe('an untrusted root’s server', () => {
  it('is refused with the reason, and never started', async () => {
    const e = await err('mcp:info', { name: 'everything' }, untrustedHost);
    expect(e).toMatchObject({ code: 'PermissionDenied' });
    expect(e.message).toMatch(/not trusted/);
    expect(
      await err('mcp:call-tool', { runId: 'u', name: 'everything', tool: 'echo', args: {} }, untrustedHost),
    ).toMatchObject({ code: 'PermissionDenied' });
    expect(await ok('mcp:status', { name: 'everything' }, untrustedHost)).toMatchObject({
      state: 'untrusted',
    });
  });
});
