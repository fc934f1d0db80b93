// Trigger evals through the real Anthropic and OpenAI SDKs against the fake model server: exact precision, recall,
// accuracy, the skills picked instead, and what the model was shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  lastUserText,
  startFakeModelServer,
  systemText,
  type FakeModelServer,
} from '../../fakes/model-server.js';
import { loadLibrary } from '../../../electron/core/skills/index.js';
import { createProvider } from '../../../electron/core/models/providers/index.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import {
  readTriggerSet,
  runTriggerEval,
  collisionMatrix,
  runLibraryTriggers,
} from '../../../electron/core/evals/triggers.js';
import type { ProviderKind } from '../../../electron/core/models/providers/types.js';
import { LIBRARY, router } from './routes.js';

const SET = readTriggerSet(join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json'), 'cli');

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

const library = loadLibrary([{ path: LIBRARY }]);

describe.each<ProviderKind>(['anthropic', 'openai'])('trigger evals through the %s SDK', (kind) => {
  it('scores every query and the skill, and names the skill picked instead', async () => {
    const route = router();
    server.received.length = 0;
    server.script = (req) => route(lastUserText(req));
    const provider = createProvider(
      {
        name: 'fake',
        kind,
        model: 'scripted-1',
        baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
      },
      { apiKey: 'test-key' },
    );
    const report = await runTriggerEval({
      client: new ModelClient(provider, { concurrency: 3 }),
      entries: library.entries,
      profile: 'skillbench',
      skill: 'csv-report',
      set: SET,
    });
    // run_eval.py's summary, then precision and recall both ways: skill-creator's run_loop.py counts every run (6
    // of the 9 should-trigger runs fired, and 2 of the 9 others), Skillbench's view counts each query once.
    expect(report.summary).toEqual({ total: 6, passed: 4, failed: 2 });
    expect(report.by_run).toEqual({
      precision: 6 / 8,
      recall: 6 / 9,
      accuracy: 13 / 18,
      tp: 6,
      fp: 2,
      tn: 7,
      fn: 3,
    });
    expect(report.by_query).toEqual({
      precision: 2 / 3,
      recall: 2 / 3,
      accuracy: 4 / 6,
      tp: 2,
      fp: 1,
      tn: 2,
      fn: 1,
    });
    const byQuery = Object.fromEntries(report.results.map((q) => [q.query, q]));
    expect(byQuery['Turn this spreadsheet export (data.csv) into a short report']).toMatchObject({
      runs: 3,
      triggers: 2,
      trigger_rate: 2 / 3,
      pass: true,
    });
    expect(byQuery['Plot the monthly totals in metrics.csv']).toMatchObject({
      triggers: 1,
      pass: false,
      picked: { 'pdf-extract': 1, 'csv-report': 1 },
    });
    expect(byQuery['Convert data.csv to JSON']).toMatchObject({ triggers: 2, pass: false });
    expect(byQuery['Pull the tables out of invoice.pdf']).toMatchObject({
      triggers: 0,
      pass: true,
      picked: { 'pdf-extract': 3 },
    });
    expect(report.usage).toMatchObject({ input_tokens: 18 * 100, output_tokens: 18 * 20 });

    // What the model saw: the whole library's catalog and the Skill tool, one user turn per request.
    expect(server.received).toHaveLength(18);
    const first = server.received[0]!;
    for (const name of ['csv-report', 'pdf-extract', 'commit-message'])
      expect(systemText(first)).toContain(`<name>${name}</name>`);
    const tools = first.body.tools as Array<Record<string, unknown>>;
    expect(tools).toHaveLength(1);
    expect(kind === 'anthropic' ? tools[0]!.name : (tools[0]!.function as { name: string }).name).toBe(
      'Skill',
    );
    // Both SDKs send the key as a bearer token (@anthropic-ai/sdk 1.x included).
    expect(first.headers.authorization).toBe('Bearer test-key');
  });

  it('runs the set against another description (A/B) and shows only that one for the skill', async () => {
    const seen: string[] = [];
    server.script = (req) => {
      seen.push(systemText(req));
      return { text: 'no skill' };
    };
    const provider = createProvider(
      {
        name: 'fake',
        kind,
        model: 'scripted-1',
        baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
      },
      { apiKey: 'k' },
    );
    const report = await runTriggerEval({
      client: new ModelClient(provider),
      entries: library.entries,
      profile: 'skillbench',
      skill: 'csv-report',
      set: SET.slice(0, 1),
      runs: 1,
      description: 'Unsaved: turn CSV into charts.',
    });
    expect(report.description).toBe('Unsaved: turn CSV into charts.');
    expect(seen[0]).toContain('<description>Unsaved: turn CSV into charts.</description>');
    expect(seen[0]).not.toContain('Summarise a CSV file');
    expect(report.by_query).toMatchObject({ tp: 0, fn: 1, recall: 0, precision: null });
    // run_loop.py's convention: with nothing triggered, precision is 1 (not "no data").
    expect(report.by_run).toMatchObject({ tp: 0, fn: 1, recall: 0, precision: 1 });
  });
});

describe('collision view', () => {
  it('counts, per skill, which skills its should-trigger queries fired', async () => {
    const route = router();
    server.script = (req) => route(lastUserText(req));
    const client = new ModelClient(
      createProvider(
        { name: 'fake', kind: 'anthropic', model: 'm', baseURL: server.anthropicBaseURL },
        { apiKey: 'k' },
      ),
    );
    const report = await runTriggerEval({
      client,
      entries: library.entries,
      profile: 'skillbench',
      skill: 'csv-report',
      set: SET,
    });
    expect(collisionMatrix([report])).toEqual({ 'csv-report': { 'csv-report': 6, 'pdf-extract': 1 } });
  });
});

describe('library collisions', () => {
  it('runs every skill’s trigger set against the same catalog and shows the two descriptions competing', async () => {
    const route = router();
    server.script = (req) => route(lastUserText(req));
    const client = new ModelClient(
      createProvider(
        { name: 'fake', kind: 'openai', model: 'm', baseURL: server.openaiBaseURL },
        { apiKey: 'k' },
      ),
    );
    const { reports, matrix } = await runLibraryTriggers({
      client,
      entries: library.entries,
      profile: 'skillbench',
      audience: 'cli',
    });
    // commit-message has no trigger set, so it has no row
    expect(reports.map((r) => r.skill_name).sort()).toEqual(['csv-report', 'pdf-extract']);
    // skill-creator's name for the set, and Skillbench's older name where only that one exists (pdf-extract).
    expect(Object.fromEntries(reports.map((r) => [r.skill_name, r.eval_set]))).toEqual({
      'csv-report': join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json'),
      'pdf-extract': join(LIBRARY, 'pdf-extract', 'evals', 'triggers.json'),
    });
    expect(matrix).toEqual({
      'csv-report': { 'csv-report': 6, 'pdf-extract': 1 },
      'pdf-extract': { 'pdf-extract': 4, 'csv-report': 2 },
    });
    expect(reports.find((r) => r.skill_name === 'pdf-extract')?.by_query).toMatchObject({
      tp: 1,
      fn: 1,
      tn: 1,
      fp: 0,
    });
  });
});
