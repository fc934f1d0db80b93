// @vitest-environment jsdom
// Issue 16: what servers ask of the user, against a real host running server-everything. An elicitation is
// answered through the schema form (Send only once the required field is filled); a URL elicitation opens nothing
// until the user confirms; a sampling request is rejected or approved with the reply the user typed.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpClientRequestView } from '../../../../shared/host-types.js';
import type { HostApi, IpcResult } from '../../../../shared/ipc.js';
import type { ToolOutput } from '../../../../shared/types.js';
import { Host } from '../../../../electron/host/host.js';
import { ClientRequests } from '../../../../renderer/src/servers/ClientRequests.js';
import { useClientRequests } from '../../../../renderer/src/servers/use-client-requests.js';
import { EVERYTHING_SERVER, hostApi, REPO } from '../../../helpers.js';

let host: Host;
let api: HostApi;
const opened: string[] = [];

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-requests-'));
  cpSync(join(REPO, 'test', 'fixtures', 'editing'), root, { recursive: true });
  mkdirSync(join(root, '.skillbench'));
  writeFileSync(
    join(root, '.skillbench', 'mcp.json'),
    JSON.stringify({ mcpServers: { ev: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } } }),
  );
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-requests-data-')),
    projectRoots: [root],
    trustProjectRoots: true,
    watch: false,
    platform: { openExternal: (url) => Promise.resolve(void opened.push(url)) },
  });
  api = hostApi(host);
});
afterAll(() => host.close());
afterEach(cleanup);

function Harness() {
  return <ClientRequests host={api} requests={useClientRequests(api)} />;
}
const call = (tool: string, args: object = {}) =>
  host.handle('mcp:call-tool', { runId: `${tool}-${Math.random()}`, name: 'ev', tool, args }) as Promise<
    IpcResult<ToolOutput>
  >;

describe('server requests in the app', () => {
  it('answers an elicitation through the schema form', async () => {
    render(<Harness />);
    const result = call('trigger-elicitation-request');
    const card = await screen.findByRole(
      'article',
      { name: 'elicitation request from ev' },
      { timeout: 20_000 },
    );
    const send = screen.getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('String'), { target: { value: 'Grace Hopper' } });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    const r = await result;
    expect(r.ok && r.value.output).toMatch(/Grace Hopper/);
    await waitFor(() => expect(card.isConnected).toBe(false));
  }, 30_000);

  it('opens a URL elicitation only after the user confirms', async () => {
    render(<Harness />);
    const result = call('trigger-url-elicitation', { url: 'https://example.com/consent' });
    await screen.findByRole('article', { name: 'elicitation request from ev' }, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Open in browser…' }));
    expect(opened).toEqual([]);
    expect((await host.handle('mcp:pending-requests', {})) as IpcResult<unknown[]>).toMatchObject({
      value: [expect.objectContaining({ kind: 'elicitation' })],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const r = await result;
    expect(r.ok).toBe(true);
    expect(opened).toEqual(['https://example.com/consent']);
  }, 30_000);

  it('in browser mode answers accept only once the user clicked the link; a refused address keeps the card', async () => {
    // Browser mode: the host does not open links (`opened: false`); the page shows a real link instead.
    const browserMode: HostApi = {
      ...api,
      invoke: (channel: string, request: unknown) =>
        channel === 'app:open-external'
          ? Promise.resolve({ ok: true, value: { opened: false } })
          : api.invoke(channel as never, request as never),
    };
    function BrowserHarness() {
      return <ClientRequests host={browserMode} requests={useClientRequests(browserMode)} />;
    }
    render(<BrowserHarness />);
    const result = call('trigger-url-elicitation', { url: 'https://example.com/consent' });
    await screen.findByRole('article', { name: 'elicitation request from ev' }, { timeout: 20_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Open in browser…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    const link = await screen.findByRole('link', { name: 'Open the page' });
    expect(link.getAttribute('href')).toBe('https://example.com/consent');
    // Not answered yet: the page has not been opened.
    expect((await host.handle('mcp:pending-requests', {})) as IpcResult<unknown[]>).toMatchObject({
      value: [expect.objectContaining({ kind: 'elicitation' })],
    });
    fireEvent.click(link);
    const r = await result;
    expect(r.ok).toBe(true);
    expect(JSON.stringify(r)).toMatch(/accept/);
  }, 30_000);

  it('declines a URL elicitation to an address that can never open, without showing it', async () => {
    render(<Harness />);
    const r = await call('trigger-url-elicitation', { url: 'javascript:alert(document.domain)' });
    expect(JSON.stringify(r)).toMatch(/decline/);
    expect(screen.queryByRole('article')).toBeNull();
    expect(opened).not.toContain('javascript:alert(document.domain)');
  }, 30_000);

  it('rejects a sampling request, then approves one with the typed reply', async () => {
    render(<Harness />);
    const rejected = call('trigger-sampling-request', { prompt: 'first', maxTokens: 5 });
    await screen.findByRole('article', { name: 'sampling request from ev' }, { timeout: 20_000 });
    expect(screen.getByRole('article').textContent).toContain('first');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(JSON.stringify(await rejected)).toContain('rejected the sampling request');

    const approved = call('trigger-sampling-request', { prompt: 'second', maxTokens: 5 });
    await screen.findByRole('article', { name: 'sampling request from ev' }, { timeout: 20_000 });
    const approve = screen.getByRole('button', { name: 'Approve and send' });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sampling reply'), { target: { value: 'Typed by hand.' } });
    fireEvent.click(approve);
    const r = await approved;
    expect(r.ok && r.value.output).toContain('Typed by hand.');
  }, 30_000);

  it('drafts a sampling reply with a model provider; the server gets it only once approved', async () => {
    // The host's side (provider, SDK, fake model server) is test/integration/host/mcp-sampling.test.ts; jsdom is no
    // place for the SDKs. Here the card: ask, see the draft, take it without losing what was typed, approve.
    const asked: unknown[] = [];
    const withProvider: HostApi = {
      ...api,
      invoke: (channel: string, request: unknown) => {
        if (channel === 'evals:list-providers')
          return Promise.resolve({
            ok: true,
            value: [{ name: 'fake', kind: 'openai', model: 'm-1', hasKey: true }],
          });
        if (channel === 'mcp:sample-draft') {
          asked.push(request);
          return Promise.resolve({
            ok: true,
            value: { text: 'Drafted by the model.', model: 'm-1', leftOut: ['metadata'], truncated: false },
          });
        }
        return api.invoke(channel as never, request as never);
      },
    };
    function ProviderHarness() {
      return <ClientRequests host={withProvider} requests={useClientRequests(withProvider)} />;
    }
    render(<ProviderHarness />);
    const approved = call('trigger-sampling-request', { prompt: 'capital of France?', maxTokens: 7 });
    const card = await screen.findByRole(
      'article',
      { name: 'sampling request from ev' },
      { timeout: 20_000 },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Draft with provider' }));
    const draft = await screen.findByRole('group', { name: 'Draft reply' });
    expect(draft.textContent).toContain('Drafted by the model.');
    expect(draft.textContent).toContain('not sent to it: metadata');
    expect(asked).toEqual([{ id: expect.any(String) as string, provider: 'fake' }]);
    expect(card.isConnected).toBe(true); // nothing was sent to the server
    // Typed text is not replaced without asking: the button says what it does.
    fireEvent.change(screen.getByLabelText('Sampling reply'), { target: { value: 'mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replace my reply with the draft' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Sampling reply').value).toBe('Drafted by the model.');
    fireEvent.click(screen.getByRole('button', { name: 'Approve and send' }));
    const r = await approved;
    expect(r.ok && r.value.output).toContain('Drafted by the model.');
  }, 30_000);
});

describe('a server asking in a loop', () => {
  it('has all its waiting requests refused with one button: samplings rejected, elicitations declined', async () => {
    const answered: unknown[] = [];
    const fake = {
      invoke: (channel: string, request: unknown) => {
        if (channel === 'mcp:answer') answered.push(request);
        return Promise.resolve({
          ok: true,
          value: channel === 'evals:list-providers' ? [] : { answered: true },
        });
      },
      on: () => () => {},
    } as unknown as HostApi;
    const at = new Date().toISOString();
    const req = (id: string, server: string, kind: 'sampling' | 'elicitation'): McpClientRequestView => ({
      id,
      server,
      kind,
      at,
      expiresAt: at,
      params:
        kind === 'sampling'
          ? { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 }
          : { message: 'name?', requestedSchema: { type: 'object', properties: {} } },
    });
    render(
      <ClientRequests
        host={fake}
        requests={[
          req('1', 'loop', 'sampling'),
          req('2', 'loop', 'elicitation'),
          req('3', 'calm', 'sampling'),
        ]}
      />,
    );
    expect(screen.queryByRole('button', { name: /from calm/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Refuse all 2 from loop' })[0]!);
    await waitFor(() => expect(answered).toHaveLength(2));
    expect(answered).toEqual([
      { id: '1', answer: { action: 'reject' } },
      { id: '2', answer: { action: 'decline' } },
    ]);
  });
});
