// Provider configuration, keys, retry timing and the budget arithmetic.
import { describe, expect, it } from 'vitest';
import {
  createProvider,
  keyEnvOf,
  parseProviderConfigs,
  type KeySource,
} from '../../../../electron/core/models/providers/index.js';

const USER: KeySource = { from: 'user' };
import { ProviderError, retryAfterFrom } from '../../../../electron/core/models/providers/types.js';
import { retryDelay } from '../../../../electron/core/models/model-client.js';
import { Budget, costOf } from '../../../../electron/core/models/budget.js';

describe('providers file', () => {
  it('reads {"providers": [...]} and a bare list', () => {
    const one = { name: 'local', kind: 'openai', model: 'llama3', baseURL: 'http://127.0.0.1:11434/v1' };
    expect(parseProviderConfigs(JSON.stringify({ providers: [one] }), 'p.json')).toEqual([one]);
    expect(parseProviderConfigs(JSON.stringify([one]), 'p.json')).toEqual([one]);
  });

  it.each([
    [[{ kind: 'openai', model: 'm' }], /providers\[0\]: "name" is required/],
    [[{ name: 'a', kind: 'gemini', model: 'm' }], /"kind" must be one of anthropic, openai, claude-code/],
    [[{ name: 'a', kind: 'openai' }], /"model" is required/],
    [[{ name: 'a', kind: 'openai', model: 'm', baseURL: 'ftp://x' }], /"baseURL" must be an http\(s\) URL/],
    [[{ name: 'a', kind: 'openai', model: 'm', baseURL: 'https://u:p@x' }], /must not hold credentials/],
    [[{ name: 'a', kind: 'openai', model: 'm', apiKey: 'sk-1' }], /keys are never written in this file/],
    [[{ name: 'a', kind: 'openai', model: 'm', price: { input: 1 } }], /"price" is \{"input"/],
    [
      [
        { name: 'a', kind: 'openai', model: 'm' },
        { name: 'a', kind: 'anthropic', model: 'n' },
      ],
      /two providers are named "a"/,
    ],
  ])('refuses %j with a message that says how to fix it', (list, message) => {
    expect(() => parseProviderConfigs(JSON.stringify({ providers: list }), 'p.json')).toThrow(message);
  });

  it('needs a key from the environment for the vendors’ APIs, but not for a local OpenAI-compatible server', () => {
    expect(() =>
      createProvider({ name: 'a', kind: 'anthropic', model: 'm' }, { source: USER, env: {} }),
    ).toThrow(
      /needs an API key: set ANTHROPIC_API_KEY in the environment, or name the variable that holds it with --api-key-env NAME/,
    );
    expect(() =>
      createProvider(
        { name: 'o', kind: 'openai', model: 'm', apiKeyEnv: 'MY_KEY' },
        { source: USER, env: {} },
      ),
    ).toThrow(/reads its key from MY_KEY \(apiKeyEnv or --api-key-env\), and MY_KEY is not set/);
    // Named on purpose: a local server or Claude Code does not quietly go without it.
    for (const config of [
      {
        name: 'l',
        kind: 'openai' as const,
        model: 'm',
        baseURL: 'http://127.0.0.1:1/v1',
        apiKeyEnv: 'GW_KEY',
      },
      { name: 'c', kind: 'claude-code' as const, model: 'default', apiKeyEnv: 'GW_KEY' },
    ])
      expect(() => createProvider(config, { source: USER, env: {} })).toThrow(/GW_KEY is not set/);
    expect(
      createProvider(
        { name: 'a', kind: 'anthropic', model: 'm' },
        { source: USER, env: { ANTHROPIC_API_KEY: 'x' } },
      ).config.name,
    ).toBe('a');
    expect(
      createProvider(
        { name: 'l', kind: 'openai', model: 'm', baseURL: 'http://127.0.0.1:1/v1' },
        { source: USER, env: {} },
      ).config.kind,
    ).toBe('openai');
  });
});

describe('which key a provider is sent', () => {
  const local = { name: 'l', kind: 'openai' as const, model: 'm', baseURL: 'http://127.0.0.1:1/v1' };
  const root = (trusted: boolean) =>
    ({ from: 'root', file: '/repo/providers.json', root: '/repo', trusted }) as const;

  it('reads the kind’s variable for a base URL the user gave (command line, Settings), or the one it names', () => {
    expect(keyEnvOf(local, USER)).toBe('OPENAI_API_KEY');
    expect(keyEnvOf({ ...local, apiKeyEnv: 'ROUTER_KEY' }, USER)).toBe('ROUTER_KEY');
    expect(keyEnvOf({ name: 'c', kind: 'claude-code', model: 'default' }, USER)).toBeUndefined();
    expect(keyEnvOf({ name: 'c', kind: 'claude-code', model: 'default', apiKeyEnv: 'MY_KEY' }, USER)).toBe(
      'MY_KEY',
    );
  });

  it('sends a base URL from a file in a library root no key unless the root is trusted and the file names one', () => {
    expect(keyEnvOf(local, root(false))).toBeUndefined();
    expect(keyEnvOf({ ...local, apiKeyEnv: 'ROUTER_KEY' }, root(false))).toBeUndefined();
    expect(keyEnvOf(local, root(true))).toBeUndefined();
    expect(keyEnvOf({ ...local, apiKeyEnv: 'ROUTER_KEY' }, root(true))).toBe('ROUTER_KEY');
    // Without a base URL the file points at the vendor's own API: its key is the vendor's.
    expect(keyEnvOf({ name: 'a', kind: 'anthropic', model: 'm' }, root(false))).toBe('ANTHROPIC_API_KEY');
  });

  it("reads no variable an untrusted root's file names, whatever the base URL, and runs no program it names", () => {
    const named = { name: 'a', kind: 'anthropic' as const, model: 'm', apiKeyEnv: 'AWS_SECRET_ACCESS_KEY' };
    expect(keyEnvOf(named, root(false))).toBe('ANTHROPIC_API_KEY');
    expect(keyEnvOf(named, root(true))).toBe('AWS_SECRET_ACCESS_KEY');
    expect(
      keyEnvOf(
        { name: 'c', kind: 'claude-code', model: 'default', apiKeyEnv: 'AWS_SECRET_ACCESS_KEY' },
        root(false),
      ),
    ).toBeUndefined();
    const runs = { name: 'c', kind: 'claude-code' as const, model: 'default', command: './evil.sh' };
    expect(() => createProvider(runs, { source: root(false), env: {} })).toThrow(
      'Provider "c" names a program to run (command: ./evil.sh) in /repo/providers.json, inside the library root /repo, which is not trusted. Trust the root (--trust) to run it, or use a provider of your own.',
    );
    expect(() => createProvider(runs, { source: root(true), env: {} })).not.toThrow();
  });

  it('says why a root’s provider gets no key, and how to give it one', () => {
    expect(() =>
      createProvider(
        { name: 'r', kind: 'anthropic', model: 'm', baseURL: 'https://proxy.example/' },
        { source: root(false), env: { ANTHROPIC_API_KEY: 'x' } },
      ),
    ).toThrow(
      'Provider "r" (anthropic) gets no API key: its base URL comes from /repo/providers.json, inside the library root /repo, and the root is not trusted and the file names no variable (apiKeyEnv). Trust the root and name the variable in the file, or give the base URL yourself (--base-url).',
    );
  });
});

describe('retry timing', () => {
  it('reads retry-after in seconds, as a date, and retry-after-ms', () => {
    const now = Date.parse('2026-12-04T12:00:00Z');
    expect(retryAfterFrom(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterFrom(new Headers({ 'retry-after': 'Fri, 04 Dec 2026 12:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterFrom(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterFrom(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterFrom(new Headers(), now)).toBeUndefined();
  });

  it('doubles from the base delay, honours the server, and caps both', () => {
    const plain = new ProviderError('x', 500, true);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, plain, 100, 500))).toEqual([100, 200, 400, 500]);
    expect(retryDelay(1, new ProviderError('x', 429, true, 2000), 100, 60_000)).toBe(2000);
    expect(retryDelay(1, new ProviderError('x', 429, true, 600_000), 100, 60_000)).toBe(60_000);
  });
});

describe('budget', () => {
  it('prices tokens per million, prefers a cost the provider reports, and counts nothing without a price', () => {
    expect(costOf({ inputTokens: 2_000_000, outputTokens: 1_000_000 }, { input: 3, output: 15 })).toBe(21);
    expect(costOf({ inputTokens: 10, outputTokens: 10, costUsd: 0.5 }, { input: 3, output: 15 })).toBe(0.5);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBe(0);
  });

  it('is exhausted once the tokens or the cost reach the limit, and says which', () => {
    const b = new Budget({ maxTokens: 100, maxCostUsd: 1 });
    b.charge({ inputTokens: 60, outputTokens: 39 }, undefined);
    expect(b.exhausted()).toBeUndefined();
    b.charge({ inputTokens: 1, outputTokens: 0 }, undefined);
    expect(b.exhausted()).toBe('token budget spent: 100 of 100 tokens used');
    const c = new Budget({ maxCostUsd: 0.01 });
    c.charge({ inputTokens: 0, outputTokens: 0, costUsd: 0.02 }, undefined);
    expect(c.exhausted()).toBe('cost budget spent: $0.0200 of $0.0100 used');
  });
});
