// Generating trigger queries with a model (issue 15) through the real Anthropic and OpenAI SDKs against the fake
// model server: the scripted answer gives exactly the new proposals (duplicates of the set and of each other dropped,
// case and spacing aside), the model is told the skill and the library's other skills, and a malformed, oversized or
// refused answer is a clear error naming what was wrong.
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
import { readTriggerSet } from '../../../electron/core/evals/triggers.js';
import { generateTriggerQueries, MAX_GENERATE_ANSWER_CHARS } from '../../../electron/core/evals/generate.js';
import type { ProviderKind } from '../../../electron/core/models/providers/types.js';
import { SkillError } from '../../../shared/errors.js';
import { GENERATED, KEPT, LIBRARY } from './routes.js';

const SET = readTriggerSet(join(LIBRARY, 'csv-report', 'evals', 'trigger-eval.json'), 'cli');

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

const library = loadLibrary([{ path: LIBRARY }]);
const skill = library.entries.find((e) => e.skill?.name === 'csv-report')?.skill;

function generate(kind: ProviderKind, count = 6, apiKey = 'test-key') {
  if (!skill) throw new Error('fixture csv-report did not load');
  const provider = createProvider(
    {
      name: 'fake',
      kind,
      model: 'scripted-1',
      baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
    },
    { apiKey },
  );
  return generateTriggerQueries({
    client: new ModelClient(provider, { maxRetries: 0 }),
    entries: library.entries,
    profile: 'skillbench',
    skill,
    existing: SET,
    count,
  });
}

async function failure(promise: Promise<unknown>): Promise<SkillError> {
  try {
    await promise;
  } catch (error) {
    return error as SkillError;
  }
  throw new Error('expected a failure');
}

describe.each<ProviderKind>(['anthropic', 'openai'])(
  'generating trigger queries through the %s SDK',
  (kind) => {
    it('returns the new proposals, without the duplicates, and tells the model the skill and the library', async () => {
      server.received.length = 0;
      server.script = () => ({ text: `\`\`\`json\n${JSON.stringify(GENERATED)}\n\`\`\`` });
      const generated = await generate(kind);
      expect(generated).toEqual({
        skill: 'csv-report',
        provider: 'fake',
        model: 'scripted-1',
        proposals: KEPT,
        duplicates: 2,
      });
      expect(server.received).toHaveLength(1);
      const [req] = server.received;
      if (!req) throw new Error('no request');
      expect(systemText(req)).toMatch(/^You write test queries/);
      expect(systemText(req)).toContain(
        '{"queries": [{"query": "...", "should_trigger": true, "close_to": null}]}',
      );
      const user = lastUserText(req);
      expect(user).toContain('<name>csv-report</name>');
      expect(user).toContain('<description>Summarise a CSV file into a short Markdown report');
      expect(user).toContain('2. Start the report with the heading `## Report`.');
      expect(user).toContain('- pdf-extract: Extract text and tables from PDF files.');
      expect(user).toContain('- commit-message: Write a conventional commit message');
      expect(user).not.toContain('- csv-report:');
      expect(user).toContain('- [near-miss] Convert data.csv to JSON');
      expect(user).toContain('Write 6 new queries: 3 that should trigger "csv-report" and 3 near-misses');
    });

    it('refuses an answer that is not JSON, naming what it began with', async () => {
      server.script = () => ({ text: 'Sure! Here are some queries: 1. Make a report' });
      const error = await failure(generate(kind));
      expect(error).toBeInstanceOf(SkillError);
      expect(error.code).toBe('InvalidFormat');
      expect(error.message).toMatch(
        /^The model's answer was not used: it is not JSON \(.+\)\. It began: "Sure! Here are some queries: 1\. Make a report"\. Ask again, or try another model\.$/,
      );
    });

    it('refuses entries of the wrong shape and more queries than were asked for', async () => {
      server.script = () => ({
        text: JSON.stringify({ queries: [{ query: 'Report on a.csv', should_trigger: 'yes' }] }),
      });
      expect((await failure(generate(kind))).message).toContain(
        'queries[0] has no "should_trigger" (true or false).',
      );
      server.script = () => ({
        text: JSON.stringify({ queries: [{ query: 'x'.repeat(501), should_trigger: false }] }),
      });
      expect((await failure(generate(kind))).message).toContain(
        'queries[0].query is 501 characters long; at most 500.',
      );
      server.script = () => ({ text: JSON.stringify({ ideas: [] }) });
      expect((await failure(generate(kind))).message).toContain('it has no "queries" list.');
      server.script = () => ({ text: JSON.stringify(GENERATED) });
      expect((await failure(generate(kind, 3))).message).toContain(
        'it has 6 queries where 3 were asked for.',
      );
    });

    it('refuses an oversized answer without parsing it', async () => {
      server.script = () => ({ text: `{"queries": [${' '.repeat(MAX_GENERATE_ANSWER_CHARS)}]}` });
      const error = await failure(generate(kind));
      expect(error.code).toBe('InvalidFormat');
      expect(error.message).toContain(`more than the ${MAX_GENERATE_ANSWER_CHARS} allowed for 6 queries.`);
    });

    it('says to check the key on a 401, as an error value', async () => {
      server.script = () => ({ status: 401, message: 'invalid x-api-key' });
      const error = await failure(generate(kind, 6, 'wrong-key'));
      expect(error).toBeInstanceOf(SkillError);
      expect(error.code).toBe('Http');
      expect(error.message).toContain('answered 401');
      expect(error.message).toContain('Check the API key');
    });
  },
);
