// Issue 16, against a server of our own that paginates every list in pages of 2 and whose resources can be subscribed
// to (test/fixtures/mcp/paging-server.mjs, the SDK's server over stdio): the Servers view's lists page by page with the
// server's cursor, a skill's tool found on the server's last page, `notifications/resources/updated` reaching the
// windows while subscribed (and not after), and the history keeping what an MCP run sent and received on the wire.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HistoryEntryView,
  McpNotificationView,
  McpPage,
  McpServerView,
  McpToolView,
  WireMessageView,
} from '../../../shared/host-types.js';
import type { IpcResult } from '../../../shared/ipc.js';
import type { ToolDefinition, ToolOutput } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { FIXTURES, REPO } from '../../helpers.js';

export const PAGING_SERVER = join(FIXTURES, 'mcp', 'paging-server.mjs');

let host: Host;
let skillId: string;
const notifications: McpNotificationView[] = [];

async function ok<T = unknown>(channel: string, request: unknown = {}): Promise<T> {
  const r = (await host.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** A whole list, page after page, the way the Servers view's "Load more" asks for it. */
async function allPages<T>(channel: string): Promise<{ pages: T[][]; cursors: string[] }> {
  const pages: T[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await ok<McpPage<T>>(channel, { name: 'paging', ...(cursor ? { cursor } : {}) });
    pages.push(page.items);
    cursor = page.nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  return { pages, cursors };
}

const message = (m: WireMessageView | undefined) => (m && 'message' in m ? m.message : undefined);

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-paging-'));
  cpSync(join(FIXTURES, 'mcp-paging'), root, { recursive: true });
  mkdirSync(join(root, '.skillbench'));
  writeFileSync(
    join(root, '.skillbench', 'mcp.json'),
    JSON.stringify({ mcpServers: { paging: { command: process.execPath, args: [PAGING_SERVER] } } }),
  );
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-paging-data-')),
    projectRoots: [root],
    trustProjectRoots: true,
    watch: false,
  });
  host.on('mcp:notification', (n) => notifications.push(n));
  const { entries } = await ok<{ entries: Array<{ id: string; rootId: string }> }>('skills:list');
  skillId = entries.find((e) => e.id.endsWith('/paging-caller'))?.id ?? '';
  expect(skillId).not.toBe('');
});
afterAll(() => host.close());

describe('a server that paginates its lists', () => {
  it('gives tools, resources, templates and prompts page by page until the server has no next cursor', async () => {
    const tools = await allPages<McpToolView>('mcp:list-tools');
    expect(tools.pages.map((p) => p.map((t) => t.name))).toEqual([
      ['echo', 'touch'],
      ['grow', 'fourth'],
      ['fifth'],
    ]);
    // The cursors are the server's own, passed back untouched.
    expect(tools.cursors).toEqual([Buffer.from('2').toString('base64'), Buffer.from('4').toString('base64')]);
    const resources = await allPages<{ uri: string }>('mcp:list-resources');
    expect(resources.pages.flat().map((r) => r.uri)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((k) => `paging://note/${k}`),
    );
    expect(resources.pages).toHaveLength(3);
    const templates = await allPages<{ uriTemplate: string }>('mcp:list-templates');
    expect(templates.pages.map((p) => p.length)).toEqual([2, 1]);
    const prompts = await allPages<{ name: string }>('mcp:list-prompts');
    expect(prompts.pages.flat().map((p) => p.name)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('knows every tool of the server for skills and the server list, the last page’s too', async () => {
    const defs = await ok<ToolDefinition[]>('tools:list', { skillId });
    const last = defs.find((d) => d.name === 'last');
    expect(last?.problem).toBeUndefined();
    expect(last?.toolType).toEqual({ type: 'mcp', server: 'paging', tool: 'fifth' });
    const out = await ok<ToolOutput>('tools:run', { runId: 'last-1', skillId, tool: 'last', args: {} });
    expect(out.output).toBe('fifth ran');
    const view = await ok<McpServerView>('mcp:status', { name: 'paging' });
    expect(view.tools?.map((t) => t.name)).toEqual(['echo', 'touch', 'grow', 'fourth', 'fifth']);
  });
});

describe('a subscribed resource', () => {
  const updates = (uri: string) =>
    notifications.filter(
      (n) =>
        n.server === 'paging' &&
        n.method === 'notifications/resources/updated' &&
        (n.params as { uri?: string } | undefined)?.uri === uri,
    );
  const touch = (uri: string, runId: string) =>
    ok<ToolOutput>('mcp:call-tool', { runId, name: 'paging', tool: 'touch', args: { uri } });

  it('sends its updates to the windows while subscribed, and none after unsubscribing', async () => {
    const uri = 'paging://note/b';
    await touch(uri, 'touch-0');
    // The server sends the update before the tool's result, on the same stream: once the call is back, it is here.
    expect(updates(uri)).toHaveLength(0);
    expect(await ok('mcp:subscribe', { name: 'paging', uri, subscribed: true })).toEqual({
      subscribed: true,
    });
    await touch(uri, 'touch-1');
    expect(updates(uri)).toHaveLength(1);
    expect(updates(uri)[0]).toMatchObject({ server: 'paging', params: { uri } });
    const read = await ok<{ contents: Array<{ text?: string }> }>('mcp:read-resource', {
      name: 'paging',
      uri,
    });
    expect(read.contents[0]?.text).toBe(`${uri} version 3`);
    await touch('paging://note/c', 'touch-2');
    expect(updates('paging://note/c')).toHaveLength(0);
    await ok('mcp:subscribe', { name: 'paging', uri, subscribed: false });
    await touch(uri, 'touch-3');
    expect(updates(uri)).toHaveLength(1);
  });
});

describe('the history of an MCP run', () => {
  it('keeps the JSON-RPC request and response as they went on the wire: locked arguments as sent', async () => {
    const out = await ok<ToolOutput>('tools:run', {
      runId: 'wire-1',
      skillId,
      tool: 'greet',
      args: { greeting: 'bye', name: 'Ada', api_key: 'sk-live-0123456789abcdefghij' },
    });
    // The server saw the manifest's greeting, not the caller's.
    expect(JSON.parse(out.output)).toEqual({
      greeting: 'hello',
      name: 'Ada',
      api_key: 'sk-live-0123456789abcdefghij',
    });
    const [entry] = await ok<HistoryEntryView[]>('history:list', { limit: 1 });
    expect(entry).toMatchObject({ tool: 'greet', args: { greeting: 'bye', name: 'Ada' } });
    const wire = entry?.wire;
    expect(wire?.server).toBe('paging');
    const request = message(wire?.request) as {
      jsonrpc: string;
      id: number;
      method: string;
      params: { name: string; arguments: object; _meta: { progressToken: number } };
    };
    expect(request).toMatchObject({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo' } });
    // What went out: the locked greeting, the caller's name, the secret masked as in `args`; the progress token the
    // client added is kept as sent.
    expect(request.params.arguments).toEqual({ greeting: 'hello', name: 'Ada', api_key: '••••••' });
    expect(request.params._meta.progressToken).toBe(request.id);
    // The answer is kept as it came, secrets masked like outputs: the echoed key is not in the history.
    expect(message(wire?.response)).toEqual({
      jsonrpc: '2.0',
      id: request.id,
      result: {
        content: [{ type: 'text', text: out.output.replace('sk-live-0123456789abcdefghij', '••••••') }],
      },
    });
    expect(wire?.cancelled).toBeUndefined();
    expect(wire?.response && wire.request && wire.response.at >= wire.request.at).toBe(true);
  });

  it('keeps the wire of a direct call from the Servers view too, and none for a run that is not MCP', async () => {
    await ok<ToolOutput>('mcp:call-tool', {
      runId: 'wire-2',
      name: 'paging',
      tool: 'echo',
      args: { greeting: 'direct' },
    });
    const [direct] = await ok<HistoryEntryView[]>('history:list', { limit: 1 });
    expect(direct?.tool).toBe('paging__echo');
    expect(message(direct?.wire?.request)).toMatchObject({
      params: { name: 'echo', arguments: { greeting: 'direct' } },
    });
    const bundled = (await ok<{ entries: Array<{ id: string; rootId: string }> }>('skills:list')).entries;
    const toolkit = bundled.find((e) => e.rootId === 'bundled' && e.id.endsWith('/text-toolkit'));
    await ok('tools:run', { runId: 'plain', skillId: toolkit?.id, tool: 'echo', args: { text: 'x' } });
    const [plain] = await ok<HistoryEntryView[]>('history:list', { limit: 1 });
    expect(plain).toMatchObject({ skillName: 'text-toolkit', tool: 'echo', status: 'ok' });
    expect(plain?.wire).toBeUndefined();
  });
});

describe('a server whose tool list changes', () => {
  it('is listed again after `notifications/tools/list_changed`, so a new tool can be called at once', async () => {
    const grown = await ok<ToolOutput>('mcp:call-tool', {
      runId: 'grow-1',
      name: 'paging',
      tool: 'grow',
      args: {},
    });
    expect(grown.output).toBe('added extra5');
    // Without the relisting the pool's tool list would still be the old one, and the call NotFound.
    const out = await ok<ToolOutput>('mcp:call-tool', {
      runId: 'grow-2',
      name: 'paging',
      tool: 'extra5',
      args: {},
    });
    expect(out.output).toBe('extra5 ran');
    const view = await ok<McpServerView>('mcp:status', { name: 'paging' });
    expect(view.tools?.map((t) => t.name).at(-1)).toBe('extra5');
  });
});
