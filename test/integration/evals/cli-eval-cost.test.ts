// What `skillbench eval` says a run used and cost: tokens by kind, the cost with prompt caching and without, priced
// from the shipped table or the user's prices.json; --no-prompt-cache sends no cache markers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { triggerLibraryReply, writeTriggerLibrary } from '../../../bench/trigger-library.js';
import { runCaptured } from '../run-cli.js';
import { lastUserText } from '../../fakes/model-server.js';
import type { CollisionsView, TriggerReport } from '../../../shared/evals.js';
import { useCliSession } from './cli-session.js';

const session = useCliSession();
let dir: string;
let skill: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillbench-cli-cost-'));
  skill = writeTriggerLibrary(dir, { skills: 20, queries: 4 })[0]!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function measured(): void {
  session.server.script = (req) => triggerLibraryReply(lastUserText(req), 'No.');
}

const triggers = (model: string, ...extra: string[]) =>
  runCaptured([
    'eval',
    'triggers',
    join(dir, skill),
    '--root',
    dir,
    '--anthropic',
    '--model',
    model,
    '--base-url',
    session.server.anthropicBaseURL,
    '--runs',
    '1',
    '--concurrency',
    '1',
    ...extra,
  ]);

describe('skillbench eval triggers: usage and cost', () => {
  it('reports cache writes and reads in --format json, and the cost with and without caching', async () => {
    measured();
    const out = await triggers('claude-haiku-4-5', '--format', 'json');
    expect(out.code).toBe(0);
    const { usage } = JSON.parse(out.stdout) as TriggerReport;
    expect(usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(usage.cache_read_input_tokens).toBe(3 * usage.cache_creation_input_tokens);
    expect(usage.cost_usd).toBeGreaterThan(0);
    expect(usage.cost_without_cache_usd!).toBeGreaterThan(usage.cost_usd!);
    const wire = JSON.stringify(session.server.received[0]!.body.system);
    expect(wire).toContain('"cache_control":{"type":"ephemeral"}');
  });

  it('prints the tokens by kind and both costs in text', async () => {
    measured();
    const out = await triggers('claude-haiku-4-5-20251001');
    expect(out.stdout).toMatch(
      /\ntokens [\d,]+ in, [\d,]+ cache write, [\d,]+ cache read, [\d,]+ out; cost \$\d+\.\d{4} \(without caching \$\d+\.\d{4}\)\n/,
    );
  });

  it('sends no cache markers with --no-prompt-cache, and bills every input token at the full rate', async () => {
    measured();
    const out = await triggers('claude-sonnet-4-5', '--format', 'json', '--no-prompt-cache');
    expect(JSON.stringify(session.server.received.map((r) => r.body))).not.toContain('cache_control');
    const { usage } = JSON.parse(out.stdout) as TriggerReport;
    expect(usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    expect(usage.cost_usd).toBe(usage.cost_without_cache_usd);
  });

  it('prices a model from prices.json in the data folder, and says how to add one it does not know', async () => {
    measured();
    const unknown = await triggers('house-model');
    const prices = join(process.env.SKILLBENCH_DATA_DIR!, 'prices.json');
    expect(unknown.stdout).toContain(
      `; cost unknown (no price for model "house-model": add it to ${prices} as {"models": {"house-model": {"input": 3, "output": 15, "cacheWrite": 3.75, "cacheRead": 0.3}}})\n`,
    );
    writeFileSync(
      prices,
      JSON.stringify({
        models: { 'house-model': { input: 1000, output: 0, cacheWrite: 1000, cacheRead: 1000 } },
      }),
    );
    const priced = await triggers('house-model', '--format', 'json', '--no-cache');
    const { usage } = JSON.parse(priced.stdout) as TriggerReport;
    const input = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
    expect(usage.cost_usd).toBeCloseTo(input / 1000, 10);

    writeFileSync(prices, JSON.stringify({ models: { 'house-model': { input: 1 } } }));
    const broken = await triggers('house-model', '--no-cache');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(
      `${prices}: "house-model" needs "output", a number of USD per million tokens`,
    );
  });
});

describe('skillbench eval collisions: usage and cost', () => {
  it('sums every skill’s run in --format json and prints the line in text', async () => {
    measured();
    const args = ['eval', 'collisions', dir, '--anthropic', '--model', 'claude-opus-4-5', '--base-url'];
    const json = await runCaptured([
      ...args,
      session.server.anthropicBaseURL,
      '--runs',
      '1',
      '--format',
      'json',
    ]);
    const view = JSON.parse(json.stdout) as CollisionsView;
    const sum = (key: 'input_tokens' | 'cache_read_input_tokens') =>
      view.reports.reduce((n, r) => n + r.usage[key], 0);
    expect(view.usage).toMatchObject({
      input_tokens: sum('input_tokens'),
      cache_read_input_tokens: sum('cache_read_input_tokens'),
    });
    expect(view.usage!.cache_read_input_tokens).toBeGreaterThan(0);
    const text = await runCaptured([...args, session.server.anthropicBaseURL, '--runs', '1', '--no-cache']);
    expect(text.stdout).toMatch(
      /\n\ntokens [\d,]+ in, .*; cost \$\d+\.\d{4} \(without caching \$\d+\.\d{4}\)\n/,
    );
  });
});
