// Issue 16: the app's client side waits for the user's answer, and stops waiting when the server cancels the request
// or nobody answers in time; each ending is an event the windows use to drop the request.
import { describe, expect, it } from 'vitest';
import { HostMcpClientSide, MAX_WAITING_PER_SERVER } from '../../../electron/host/mcp-client-side.js';

function recorder() {
  const events: Array<[string, unknown]> = [];
  return { events, emit: (event: string, payload: unknown) => void events.push([event, payload]) };
}
const params = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }],
  maxTokens: 5,
};

describe('HostMcpClientSide', () => {
  it('sends the approved reply and says the request was answered', async () => {
    const r = recorder();
    const side = new HostMcpClientSide(r.emit);
    const reply = side.sample('s', params);
    const [request] = side.pending();
    expect(r.events[0]).toEqual(['mcp:request', request]);
    expect(() => side.answer(request!.id, { action: 'approve', result: { role: 'assistant' } })).toThrow(
      /A sampling answer is/,
    );
    expect(side.pending()).toHaveLength(1);
    const result = { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'm' };
    expect(side.answer(request!.id, { action: 'approve', result })).toBe(true);
    await expect(reply).resolves.toEqual(result);
    expect(r.events[1]).toEqual(['mcp:request-settled', { id: request!.id, outcome: 'answered' }]);
    expect(side.pending()).toEqual([]);
  });

  it('stops waiting when the server cancels', async () => {
    const r = recorder();
    const side = new HostMcpClientSide(r.emit);
    const abort = new AbortController();
    const asked = side.elicit(
      's',
      { message: 'name?', requestedSchema: { type: 'object', properties: {} } },
      abort.signal,
    );
    const id = side.pending()[0]!.id;
    abort.abort();
    await expect(asked).rejects.toThrow('The server cancelled the elicitation request.');
    expect(r.events.at(-1)).toEqual(['mcp:request-settled', { id, outcome: 'cancelled' }]);
    expect(side.answer(id, { action: 'cancel' })).toBe(false);
  });

  it('refuses a request nobody answers in time', async () => {
    const r = recorder();
    const side = new HostMcpClientSide(r.emit, 20);
    const asked = side.sample('s', params);
    const id = side.pending()[0]!.id;
    await expect(asked).rejects.toThrow(/Nobody answered the sampling request/);
    expect(r.events.at(-1)).toEqual(['mcp:request-settled', { id, outcome: 'timeout' }]);
  });

  it('refuses more than MAX_WAITING_PER_SERVER waiting requests from one server, not from another', async () => {
    const r = recorder();
    const side = new HostMcpClientSide(r.emit);
    const asked = Array.from({ length: MAX_WAITING_PER_SERVER }, () => side.sample('loop', params));
    await expect(side.sample('loop', params)).rejects.toThrow(
      `${MAX_WAITING_PER_SERVER} requests from "loop" already wait for the user`,
    );
    expect(side.pending()).toHaveLength(MAX_WAITING_PER_SERVER);
    const other = side.sample('other', params);
    expect(side.pending()).toHaveLength(MAX_WAITING_PER_SERVER + 1);
    side.close();
    await Promise.allSettled([...asked, other]);
  });

  it('declines a URL elicitation whose address could never open, before anyone sees it', async () => {
    const r = recorder();
    const side = new HostMcpClientSide(r.emit);
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@example.com/'])
      await expect(
        side.elicit('s', { mode: 'url', message: 'open', url, elicitationId: 'e1' }),
      ).resolves.toEqual({ action: 'decline' });
    expect(r.events).toEqual([]);
    expect(side.pending()).toEqual([]);
  });
});
