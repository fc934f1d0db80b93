// The description optimisation loop through the real SDKs against the fake model server: run_loop.py's split and
// JSON shape, the model shown the train failures only, the best description chosen on the held-out queries, and the
// budget, the cache and cancel as in the other evals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { lastUserText, startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { createProvider } from '../../../electron/core/models/providers/index.js';
import type { ProviderKind } from '../../../electron/core/models/providers/types.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { Budget } from '../../../electron/core/models/budget.js';
import { ResponseCache } from '../../../electron/core/models/cache.js';
import { optimizeDescription } from '../../../electron/core/evals/optimize.js';
import { readTriggerSet } from '../../../electron/core/evals/triggers.js';
import { isImproveRequest, LIBRARY, OPTIMIZE, optimizerScript } from './routes.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const SET_FILE = join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json');
const SET = readTriggerSet(SET_FILE, 'cli');
const library = loadLibrary([{ path: LIBRARY }]);
const skill = library.entries.find((e) => e.skill?.name === 'csv-report')!.skill!;

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

const clientOf = (kind: ProviderKind, options: ConstructorParameters<typeof ModelClient>[1] = {}) =>
  new ModelClient(
    createProvider(
      {
        name: 'fake',
        kind,
        model: 'opt-1',
        baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
      },
      { apiKey: 'k' },
    ),
    options,
  );

const optimize = (client: ModelClient, extra: Partial<Parameters<typeof optimizeDescription>[0]> = {}) =>
  optimizeDescription({
    client,
    entries: library.entries,
    profile: 'skillbench',
    skill,
    set: SET,
    setFile: SET_FILE,
    ...extra,
  });

describe.each<ProviderKind>(['anthropic', 'openai'])(
  'description optimisation through the %s SDK',
  (kind) => {
    it('keeps the best description on the held-out queries, in run_loop.py’s JSON shape', async () => {
      server.received.length = 0;
      server.script = optimizerScript();
      const result = await optimize(clientOf(kind));
      expect(Object.keys(result).slice(0, 13)).toEqual([
        'exit_reason',
        'original_description',
        'best_description',
        'best_score',
        'best_train_score',
        'best_test_score',
        'final_description',
        'iterations_run',
        'holdout',
        'train_size',
        'test_size',
        'history',
        'skill_name',
      ]);
      expect(result).toMatchObject({
        exit_reason: 'all_passed (iteration 3)',
        original_description: skill.description,
        best_description: OPTIMIZE.first,
        best_score: '2/2',
        best_train_score: '3/4',
        best_test_score: '2/2',
        final_description: OPTIMIZE.second,
        iterations_run: 3,
        holdout: 0.4,
        train_size: 4,
        test_size: 2,
        best_iteration: 2,
        eval_set: SET_FILE,
        runs_per_query: 3,
      });
      expect(
        result.history.map((h) => [h.iteration, h.train_passed, h.train_total, h.test_passed, h.test_total]),
      ).toEqual([
        [1, 2, 4, 1, 2],
        [2, 3, 4, 2, 2],
        [3, 4, 4, 1, 2],
      ]);
      expect(result.history[0]?.test_results?.map((r) => r.query)).toEqual([
        'Turn this spreadsheet export (data.csv) into a short report',
        'Write a commit message for my staged changes',
      ]);
      // run_loop.py repeats the train figures under passed / failed / total / results.
      expect(result.history[1]).toMatchObject({ passed: 3, failed: 1, total: 4 });
      // 3 iterations × 6 queries × 3 runs, and 2 proposals.
      expect(server.received).toHaveLength(3 * 18 + 2);
    });
  },
);

describe('what the model is asked', () => {
  it('is shown the train failures and earlier attempts, never a held-out query', async () => {
    server.received.length = 0;
    server.script = optimizerScript();
    await optimize(clientOf('anthropic'));
    const asks = server.received.filter(isImproveRequest).map(lastUserText);
    expect(asks).toHaveLength(2);
    expect(asks[0]).toContain(`<current_description>\n${skill.description}\n</current_description>`);
    expect(asks[0]).toContain('It passes 2 of 4 training queries.');
    expect(asks[0]).toContain(
      'Should have loaded the skill and did not:\n  - "Plot the monthly totals in metrics.csv" (triggered 0 of 3 runs)',
    );
    expect(asks[0]).toContain(
      'Loaded the skill and should not have:\n  - "Convert data.csv to JSON" (triggered 3 of 3 runs)',
    );
    expect(asks[0]).toContain('Start the report with the heading `## Report`.'); // the skill's body
    expect(asks[1]).toContain(`<attempt train="3/4">\nDescription: ${OPTIMIZE.first}`);
    for (const ask of asks) {
      expect(ask).not.toContain('Turn this spreadsheet');
      expect(ask).not.toContain('Write a commit message');
    }
  });

  it('asks once more for a shorter description when one passes 1024 characters, and refuses one still too long', async () => {
    const long = `Use this skill ${'for CSV reports '.repeat(80)}`;
    server.received.length = 0;
    server.script = optimizerScript([long, OPTIMIZE.first, OPTIMIZE.second]);
    const result = await optimize(clientOf('openai'), { maxIterations: 2 });
    expect(result.history[1]?.description).toBe(OPTIMIZE.first);
    const rewrite = server.received.filter(isImproveRequest).map(lastUserText)[1];
    expect(rewrite).toContain(
      `An answer to this was ${long.trim().length} characters long, over the 1024-character limit`,
    );
    server.script = optimizerScript([long]);
    await expect(optimize(clientOf('openai'), { maxIterations: 2 })).rejects.toThrow(
      /proposed a description of \d+ characters even when asked to shorten it; a description is at most 1024/,
    );
  });
});

describe('budget, cache and cancel', () => {
  it('stops on the budget with the iterations that finished, and says why', async () => {
    server.received.length = 0;
    server.script = optimizerScript();
    const result = await optimize(
      clientOf('anthropic', { budget: new Budget({ maxTokens: 2500 }), concurrency: 1 }),
    );
    // Iteration 1 (18 answers of 120 tokens) finishes; the proposal is asked; iteration 2 is cut short.
    expect(result.exit_reason).toBe('budget (iteration 2)');
    expect(result.stopped).toMatch(/^Stopped: token budget spent: \d+ of 2500 tokens used; /);
    expect(result.iterations_run).toBe(1);
    expect(result.best_description).toBe(skill.description);
  });

  it('answers a second identical run from the cache', async () => {
    const cache = new ResponseCache(mkdtempSync(join(tmpdir(), 'skillbench-opt-cache-')));
    server.script = optimizerScript();
    await optimize(clientOf('anthropic', { cache }));
    server.received.length = 0;
    server.script = optimizerScript();
    const again = await optimize(clientOf('anthropic', { cache }));
    expect(server.received).toHaveLength(0);
    expect(again.best_description).toBe(OPTIMIZE.first);
  });

  it('ends with Cancelled when cancelled', async () => {
    server.script = () => ({ hang: true });
    const controller = new AbortController();
    const running = optimize(clientOf('openai'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toMatchObject({ code: 'Cancelled' });
  });
});
