// The Claude Code provider against a stand-in `claude` on PATH that prints real stream-json events.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { FIXTURES } from '../../helpers.js';
import { createProvider, findClaudeOnPath } from '../../../electron/core/models/providers/index.js';
import { ProviderError } from '../../../electron/core/models/providers/types.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { runTriggerEval } from '../../../electron/core/evals/triggers.js';
import type { SkillError } from '../../../shared/errors.js';
import { LIBRARY } from './routes.js';

const FAKE_DIR = join(FIXTURES, 'evals', 'fake-claude');
const provider = createProvider({
  name: 'claude',
  kind: 'claude-code',
  model: 'default',
  command: join(FAKE_DIR, 'claude'),
});
const one = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

describe('Claude Code provider', () => {
  it('finds claude on PATH', () => {
    expect(findClaudeOnPath({ PATH: ['/nonexistent', FAKE_DIR].join(delimiter) })).toBe(
      join(FAKE_DIR, 'claude'),
    );
    expect(findClaudeOnPath({ PATH: '/nonexistent' })).toBeUndefined();
  });

  it('gives claude the key of the variable --api-key-env names, as ANTHROPIC_API_KEY, and none otherwise', async () => {
    const argsFile = join(mkdtempSync(join(tmpdir(), 'fake-claude-')), 'args.json');
    process.env.FAKE_CLAUDE_ARGS = argsFile;
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      const config = {
        name: 'claude',
        kind: 'claude-code' as const,
        model: 'default',
        command: join(FAKE_DIR, 'claude'),
      };
      const keyOf = async (c: typeof config & { apiKeyEnv?: string }) => {
        await createProvider(c, { source: { from: 'user' }, env: { CC_KEY: 'cc-secret' } }).complete(
          one('hello'),
          {},
        );
        return (JSON.parse(readFileSync(argsFile, 'utf8')) as { anthropicApiKey: string | null })
          .anthropicApiKey;
      };
      expect(await keyOf({ ...config, apiKeyEnv: 'CC_KEY' })).toBe('cc-secret');
      expect(await keyOf(config)).toBeNull(); // its own sign-in
    } finally {
      delete process.env.FAKE_CLAUDE_ARGS;
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it('reads text, tool uses, usage and the reported cost from stream-json, passing the system text and model', async () => {
    const argsFile = join(mkdtempSync(join(tmpdir(), 'fake-claude-')), 'args.json');
    process.env.FAKE_CLAUDE_ARGS = argsFile;
    try {
      const withModel = createProvider({
        name: 'claude',
        kind: 'claude-code',
        model: 'claude-sonnet-4-5',
        command: join(FAKE_DIR, 'claude'),
      });
      const response = await withModel.complete({ system: 'CATALOG', ...one('summarise a.csv') }, {});
      expect(response.toolCalls).toEqual([{ id: 'toolu_01', name: 'Skill', input: { skill: 'csv-report' } }]);
      expect(response.text).toBe('Using the skill.## Report\n\nTotal: 42');
      expect(response.usage).toEqual({ inputTokens: 50, outputTokens: 10, costUsd: 0.0123 });
      expect((JSON.parse(readFileSync(argsFile, 'utf8')) as { args: string[] }).args).toEqual([
        '-p',
        '--output-format',
        'stream-json',
        '--verbose',
        '--model=claude-sonnet-4-5',
        '--append-system-prompt=CATALOG',
        '--',
        'summarise a.csv',
      ]);
    } finally {
      delete process.env.FAKE_CLAUDE_ARGS;
    }
  });

  it('stops at the first tool use when asked (a trigger is known by then)', async () => {
    const response = await provider.complete({ ...one('summarise a.csv'), stopAtFirstToolCall: true }, {});
    expect(response.stopReason).toBe('tool_use');
    expect(response.toolCalls.map((c) => c.name)).toEqual(['Skill']);
  });

  it('reports an error result, a line that is not stream-json, and a missing executable', async () => {
    await expect(provider.complete(one('please fail'), {})).rejects.toThrow(
      /Claude Code failed: Credit balance is too low/,
    );
    await expect(provider.complete(one('garbage please'), {})).rejects.toThrow(
      /not stream-json: this is not json/,
    );
    const missing = createProvider({
      name: 'c',
      kind: 'claude-code',
      model: 'default',
      command: join(FAKE_DIR, 'nope'),
    });
    const error = await missing.complete(one('x'), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/Could not start Claude Code .*put `claude` on PATH/);
  });

  it('refuses a multi-turn request: Claude Code runs its own tool loop', async () => {
    const error = await provider
      .complete(
        { messages: [...one('a').messages, { role: 'assistant', content: 'b' }, ...one('c').messages] },
        {},
      )
      .catch((e: unknown) => e);
    expect((error as SkillError).code).toBe('InvalidArgs');
  });

  it('counts a Skill call and a read of a SKILL.md as triggers in a trigger eval', async () => {
    const report = await runTriggerEval({
      client: new ModelClient(provider),
      entries: loadLibrary([{ path: LIBRARY }]).entries,
      profile: 'skillbench',
      skill: 'csv-report',
      runs: 1,
      set: [
        { query: 'summarise a.csv', should_trigger: true },
        { query: 'read invoice.pdf', should_trigger: false },
      ],
    });
    expect(report.results.map((q) => q.picked)).toEqual([{ 'csv-report': 1 }, { 'pdf-extract': 1 }]);
    expect(report.by_query).toMatchObject({ tp: 1, tn: 1, precision: 1, recall: 1, accuracy: 1 });
  });
});
