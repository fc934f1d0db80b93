// ModelClient.stream through the real SDKs against the fake model server: text told as it arrives, tool calls and
// usage at the end as `complete` gives them, the same retries (the text starts again), and a provider that cannot
// stream refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkillError } from '../../../shared/errors.js';
import { Budget } from '../../../electron/core/models/budget.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { createProvider, type ProviderKind } from '../../../electron/core/models/providers/index.js';
import { startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { scriptReplies } from './fixture.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

const ask = { messages: [{ role: 'user' as const, content: 'hello' }] };

function client(kind: ProviderKind, budget = new Budget(), timeoutMs?: number) {
  const baseURL = kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL;
  return new ModelClient(
    createProvider({ name: 'fake', kind, model: 'scripted-1', baseURL }, { apiKey: 'k' }),
    {
      budget,
      baseDelayMs: 1,
      sleep: () => Promise.resolve(),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    },
  );
}

describe.each<ProviderKind>(['anthropic', 'openai'])('ModelClient.stream over the %s SDK', (kind) => {
  it('tells the text as it arrives and ends with the same response as a plain call', async () => {
    const seen = scriptReplies(server, [
      { tool: 'Skill', input: { skill: 'weather' }, text: 'Let me look.', usage: { input: 40, output: 7 } },
    ]);
    const told: string[] = [];
    const budget = new Budget();
    const { response, attempts } = await client(kind, budget).stream(ask, { onText: (t) => told.push(t) });
    expect(seen[0]?.body.stream).toBe(true);
    expect(told).toEqual(['', 'Let me look.']);
    expect(response).toMatchObject({
      text: 'Let me look.',
      toolCalls: [{ name: 'Skill', input: { skill: 'weather' } }],
      usage: { inputTokens: 40, outputTokens: 7 },
      model: 'scripted-1',
    });
    expect(attempts).toBe(1);
    expect(budget.tokens).toBe(47);
  });

  it('retries a 503 as a plain call does, the text starting again', async () => {
    scriptReplies(server, [{ status: 503 }, { text: 'Second try.' }]);
    const told: string[] = [];
    const { response, attempts } = await client(kind).stream(ask, { onText: (t) => told.push(t) });
    expect(attempts).toBe(2);
    expect(response.text).toBe('Second try.');
    expect(told).toEqual(['', '', 'Second try.']);
  });

  it('lets a slow stream run past the timeout while chunks keep arriving (an idle timeout)', async () => {
    // Five or more events 120 ms apart: well over the 300 ms timeout in all, never 300 ms without one.
    const seen = scriptReplies(server, [{ text: 'Slowly written.', gapMs: 120 }]);
    const { response, attempts } = await client(kind, new Budget(), 300).stream(ask, {
      onText: () => undefined,
    });
    expect(response.text).toBe('Slowly written.');
    expect(attempts).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('does not ask again when a stream stalls after its text began, and says what arrived', async () => {
    const seen = scriptReplies(server, [{ text: 'Half an answer', stall: true }, { text: 'never asked' }]);
    const error = (await client(kind, new Budget(), 200)
      .stream(ask, { onText: () => undefined })
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('nothing more arrived for 0.2 s');
    expect(error.message).toContain('14 characters arrived, ending "Half an answer"');
    expect(seen).toHaveLength(1);
  });
});

it('refuses a provider that cannot stream (Claude Code)', async () => {
  const cc = new ModelClient(createProvider({ name: 'cc', kind: 'claude-code', model: 'sonnet' }));
  const error = (await cc.stream(ask, { onText: () => undefined }).catch((e: unknown) => e)) as SkillError;
  expect(error).toBeInstanceOf(SkillError);
  expect(error.message).toContain('cannot stream a conversation');
});
