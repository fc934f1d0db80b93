// Issue 16: a server's sampling request answered by a configured model provider. server-everything asks
// (`trigger-sampling-request`); the host drafts a reply through the real OpenAI and Anthropic SDKs against a fake
// model server on 127.0.0.1; the server gets the draft only when it is approved with `mcp:answer`.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClientRequestView } from '../../../shared/host-types.js';
import type { IpcResult } from '../../../shared/ipc.js';
import type { ToolOutput } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { EVERYTHING_SERVER, REPO } from '../../helpers.js';

let host: Host;
let model: FakeModelServer;

async function ok<T = unknown>(channel: string, request: unknown = {}): Promise<T> {
  const r = (await host.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** server-everything's sampling request, once it waits for the user. */
async function waitingSampling(): Promise<McpClientRequestView> {
  for (;;) {
    const pending = await ok<McpClientRequestView[]>('mcp:pending-requests');
    const found = pending.find((r) => r.kind === 'sampling');
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  model = await startFakeModelServer((request) => ({
    text: `Drafted (${request.api}).`,
  }));
  const root = mkdtempSync(join(tmpdir(), 'skillbench-sampling-'));
  cpSync(join(REPO, 'test', 'fixtures', 'editing'), root, { recursive: true });
  mkdirSync(join(root, '.skillbench'));
  writeFileSync(
    join(root, '.skillbench', 'mcp.json'),
    JSON.stringify({ mcpServers: { ev: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } } }),
  );
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-sampling-data-')),
    projectRoots: [root],
    trustProjectRoots: true,
    watch: false,
  });
  await ok('evals:save-provider', {
    provider: { name: 'oai', kind: 'openai', model: 'm-1', baseURL: model.openaiBaseURL },
    key: 'test-key',
  });
  await ok('evals:save-provider', {
    provider: { name: 'ant', kind: 'anthropic', model: 'm-2', baseURL: model.anthropicBaseURL },
    key: 'test-key',
  });
});
afterAll(async () => {
  await host.close();
  await model.close();
});

describe('sampling answered by a model provider', () => {
  it.each([
    ['oai', 'openai'],
    ['ant', 'anthropic'],
  ])(
    'drafts with %s, and the server gets the draft only once approved',
    async (provider, api) => {
      model.received.length = 0;
      const call = host.handle('mcp:call-tool', {
        runId: `sampling-${provider}`,
        name: 'ev',
        tool: 'trigger-sampling-request',
        args: { prompt: 'capital of France?', maxTokens: 7 },
      }) as Promise<IpcResult<ToolOutput>>;
      const request = await waitingSampling();
      const draft = await ok<{ text: string; model: string; leftOut: string[] }>('mcp:sample-draft', {
        id: request.id,
        provider,
      });
      expect(draft.text).toBe(`Drafted (${api}).`);
      expect(model.received).toHaveLength(1);
      expect(model.received[0]!.api).toBe(api);
      expect(JSON.stringify(model.received[0]!.body.messages)).toContain('capital of France?');
      expect(model.received[0]!.body.max_tokens).toBe(7);
      // Still waiting: the draft went to the user, not to the server.
      expect((await ok<McpClientRequestView[]>('mcp:pending-requests')).map((r) => r.id)).toContain(
        request.id,
      );
      await ok('mcp:answer', {
        id: request.id,
        answer: {
          action: 'approve',
          result: { role: 'assistant', content: { type: 'text', text: draft.text }, model: draft.model },
        },
      });
      const r = await call;
      expect(r.ok && r.value.output).toContain(`Drafted (${api}).`);
    },
    30_000,
  );

  it('says so when the request is no longer waiting, or the provider is not configured', async () => {
    const gone = await host.handle('mcp:sample-draft', { id: 'no-such-request', provider: 'oai' });
    expect(gone.ok ? '' : gone.error.message).toBe('That sampling request is no longer waiting.');
    const call = host.handle('mcp:call-tool', {
      runId: 'sampling-missing',
      name: 'ev',
      tool: 'trigger-sampling-request',
      args: { prompt: 'x', maxTokens: 3 },
    }) as Promise<IpcResult<ToolOutput>>;
    const request = await waitingSampling();
    const missing = await host.handle('mcp:sample-draft', { id: request.id, provider: 'nobody' });
    expect(missing.ok).toBe(false);
    expect(missing.ok ? '' : missing.error.message).toMatch(/nobody/);
    await ok('mcp:answer', { id: request.id, answer: { action: 'reject' } });
    await call;
  }, 30_000);
});
