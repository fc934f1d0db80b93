// `evals:*` served by the host (issue 15): model providers with write-only keys (never in settings.json or
// providers.json, encrypted when the host has a cipher, a 0600 file without one), and trigger, collision and output
// eval runs through the real SDKs against the fake model server, with progress, cancel and results that reopen.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollisionsView,
  EvalResultsView,
  GeneratedQueries,
  OptimizeView,
  OutputRunView,
  ProviderView,
  TranscriptView,
  TriggerReport,
} from '../../../shared/evals.js';
import type { EventOf, IpcResult } from '../../../shared/ipc.js';
import { Host } from '../../../electron/host/host.js';
import type { CredentialCipher } from '../../../electron/core/fs/credential-file.js';
import { lastUserText, startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { FIXTURES, REPO } from '../../helpers.js';
import {
  GENERATED,
  KEPT,
  LIBRARY,
  OPTIMIZE,
  optimizerScript,
  router,
  scriptedModels,
} from '../evals/routes.js';

const KEY = 'sk-test-0123456789-secret';
/** A stand-in for safeStorage: reversible, and the clear text never appears in what it writes. */
const cipher: CredentialCipher = {
  encrypt: (text) => `enc:${Buffer.from(text).toString('base64').split('').reverse().join('')}`,
  decrypt: (text) => Buffer.from(text.slice(4).split('').reverse().join(''), 'base64').toString(),
};

let server: FakeModelServer;
const hosts: Host[] = [];
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

function open(options: { cipher?: CredentialCipher } = {}) {
  const library = mkdtempSync(join(tmpdir(), 'skillbench-evals-lib-'));
  cpSync(LIBRARY, library, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'skillbench-evals-data-'));
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: dataDir,
    projectRoots: [library],
    trustProjectRoots: true,
    watch: false,
    ...(options.cipher ? { platform: { credentialCipher: options.cipher } } : {}),
  });
  hosts.push(host);
  const ok = async <T>(channel: string, request: unknown = {}): Promise<T> => {
    const r = (await host.handle(channel, request)) as IpcResult<T>;
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  const err = async (channel: string, request: unknown = {}) => {
    const r = await host.handle(channel, request);
    if (r.ok) throw new Error(`${channel} was expected to fail`);
    return r.error;
  };
  const skillId = host.workspace.skill('csv-report').id;
  return { host, library, dataDir, ok, err, skillId };
}

const fake = () => ({
  name: 'fake',
  kind: 'anthropic',
  model: 'scripted-1',
  baseURL: server.anthropicBaseURL,
});

describe('model providers', () => {
  it('keeps the key out of settings.json and providers.json, encrypted by the cipher, and never shows it', async () => {
    const { ok, dataDir } = open({ cipher });
    const views = await ok<ProviderView[]>('evals:save-provider', { provider: fake(), key: KEY });
    expect(views).toEqual([
      {
        name: 'fake',
        kind: 'anthropic',
        model: 'scripted-1',
        baseURL: server.anthropicBaseURL,
        hasKey: true,
        keyEnv: 'ANTHROPIC_API_KEY',
      },
    ]);
    expect(JSON.stringify(await ok('evals:list-providers'))).not.toContain(KEY);
    expect(JSON.stringify(await ok('settings:get'))).not.toContain(KEY);
    const keysFile = join(dataDir, 'provider-keys.json');
    for (const file of ['settings.json', 'providers.json', 'provider-keys.json'].map((f) => join(dataDir, f)))
      if (existsSync(file)) expect(readFileSync(file, 'utf8'), file).not.toContain(KEY);
    const kept = JSON.parse(readFileSync(keysFile, 'utf8')) as Record<string, string>;
    expect(cipher.decrypt(kept.fake ?? '')).toBe(JSON.stringify(KEY));
    if (process.platform !== 'win32') expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    // providers.json is the CLI's file, in its format
    expect(JSON.parse(readFileSync(join(dataDir, 'providers.json'), 'utf8'))).toEqual({
      providers: [fake()],
    });
  });

  it('without a cipher keeps the key in a 0600 file; saving without a key keeps it, null forgets it', async () => {
    const { ok, dataDir } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    const keysFile = join(dataDir, 'provider-keys.json');
    if (process.platform !== 'win32') expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'providers.json'), 'utf8')).not.toContain(KEY);
    const edited = await ok<ProviderView[]>('evals:save-provider', {
      provider: { ...fake(), model: 'scripted-2' },
    });
    expect(edited[0]).toMatchObject({ model: 'scripted-2', hasKey: true });
    const renamed = await ok<ProviderView[]>('evals:save-provider', {
      provider: { ...fake(), name: 'renamed' },
      previousName: 'fake',
    });
    expect(renamed).toEqual([expect.objectContaining({ name: 'renamed', hasKey: true })]);
    const cleared = await ok<ProviderView[]>('evals:save-provider', {
      provider: { ...fake(), name: 'renamed' },
      key: null,
    });
    expect(cleared[0]?.hasKey).toBe(false);
    expect(readFileSync(keysFile, 'utf8')).not.toContain(KEY);
    expect(await ok('evals:remove-provider', { name: 'renamed' })).toEqual([]);
  });

  it('refuses a key inside the provider, a bad kind or URL, and a name taken by another', async () => {
    const { ok, err } = open();
    const withKey = await err('evals:save-provider', { provider: { ...fake(), apiKey: KEY } });
    expect(withKey.code).toBe('ConfigValidation');
    expect(withKey.message).toContain('keys are never written');
    const badKind = await err('evals:save-provider', { provider: { ...fake(), kind: 'gemini' } });
    expect(badKind.code).toBe('ConfigValidation');
    expect(badKind.message).toContain('"kind" must be one of anthropic, openai, claude-code');
    const withCredentials = await err('evals:save-provider', {
      provider: { ...fake(), baseURL: 'http://u:p@127.0.0.1:1' },
    });
    expect(withCredentials.message).toContain('must not hold credentials');
    await ok('evals:save-provider', { provider: fake() });
    await ok('evals:save-provider', { provider: { ...fake(), name: 'other' } });
    expect(
      await err('evals:save-provider', { provider: { ...fake(), name: 'other' }, previousName: 'fake' }),
    ).toMatchObject({ code: 'Conflict' });
  });
});

describe('provider keys in the app', () => {
  it('sends an OpenAI-kind provider with a base URL OPENAI_API_KEY, and a 401 names the key that was sent', async () => {
    const { ok, err, skillId } = open();
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-from-the-environment';
    try {
      await ok('evals:save-provider', {
        provider: { name: 'gw', kind: 'openai', model: 'm', baseURL: server.openaiBaseURL },
      });
      server.received.length = 0;
      server.script = () => ({ status: 401 });
      // A 401 stops the run: one error naming the first failure, not a report of queries failed.
      const fromEnv = await err('evals:run-triggers', { runId: 'k1', skillId, provider: 'gw', runs: 1 });
      expect(server.received[0]?.headers.authorization).toBe('Bearer sk-from-the-environment');
      expect(fromEnv.message).toMatch(/^The run stopped: a model request failed/);
      expect(fromEnv.message).toContain('Check the API key: the key sent came from OPENAI_API_KEY.');
      await ok('evals:save-provider', {
        provider: { name: 'gw', kind: 'openai', model: 'm', baseURL: server.openaiBaseURL },
        key: KEY,
      });
      const kept = await err('evals:run-triggers', { runId: 'k2', skillId, provider: 'gw', runs: 1 });
      expect(server.received.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(kept.message).toContain(
        'Check the API key: the key sent is the one kept in Settings → Model providers.',
      );
      expect(JSON.stringify(kept)).not.toContain(KEY);
      expect((await ok<ProviderView[]>('evals:list-providers'))[0]?.keyEnv).toBe('OPENAI_API_KEY');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });
});

describe('eval runs', () => {
  it('runs the trigger set with the kept key, reports progress, and reopens the report and its A/B', async () => {
    const { host, ok, skillId } = open({ cipher });
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    const route = router();
    server.received.length = 0;
    server.script = (req) => route(lastUserText(req));
    const progress: Array<EventOf<'runs:progress'>> = [];
    const finished: Array<EventOf<'runs:finished'>> = [];
    host.on('runs:progress', (p) => progress.push(p));
    host.on('runs:finished', (p) => finished.push(p));
    const report = await ok<TriggerReport>('evals:run-triggers', { runId: 'r1', skillId, provider: 'fake' });
    expect(report.by_query).toMatchObject({ tp: 2, fp: 1, tn: 2, fn: 1 });
    expect(report.by_run).toMatchObject({ tp: 6, fp: 2, tn: 7, fn: 3 });
    expect(new Set(server.received.map((r) => r.headers.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    expect(progress.at(-1)).toMatchObject({ runId: 'r1', progress: 18, total: 18 });
    expect(finished).toEqual([{ runId: 'r1' }]);

    const draft = 'Turn CSV files into reports.';
    const ab = await ok<TriggerReport>('evals:run-triggers', {
      runId: 'r2',
      skillId,
      provider: 'fake',
      runs: 1,
      description: draft,
    });
    expect(ab).toMatchObject({ description: draft, runs_per_query: 1 });
    const results = await ok<EvalResultsView>('evals:results', { skillId });
    expect(results.triggers).toEqual(report);
    expect(results.triggersDraft).toEqual(ab);
  });

  it('stops a trigger run on the budget the tab gives, with the partial results and the reason, and reopens it', async () => {
    const { ok, skillId } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    const route = router();
    server.received.length = 0;
    server.script = (req) => route(lastUserText(req));
    const report = await ok<TriggerReport>('evals:run-triggers', {
      runId: 'b1',
      skillId,
      provider: 'fake',
      budget: { maxTokens: 200 },
    });
    // Every answer reports 120 tokens; requests in flight when the budget is spent finish and count.
    const answered = server.received.length;
    expect(answered).toBeGreaterThanOrEqual(2);
    expect(answered).toBeLessThan(18);
    const runsDone = report.results.reduce((n, q) => n + q.runs, 0);
    expect(runsDone).toBe(answered);
    const finished = report.results.filter((q) => q.runs === 3).length;
    expect(report.stopped).toBe(
      `Stopped: token budget spent: ${answered * 120} of 200 tokens used; ${finished} of 6 queries finished (${answered} of 18 runs).`,
    );
    expect(report.results.filter((q) => q.skipped).length).toBeGreaterThan(0);
    expect(report.usage).toMatchObject({ input_tokens: answered * 100, output_tokens: answered * 20 });
    expect((await ok<EvalResultsView>('evals:results', { skillId })).triggers?.stopped).toBe(report.stopped);
    // Without a budget the same run goes to the end.
    const full = await ok<TriggerReport>('evals:run-triggers', { runId: 'b2', skillId, provider: 'fake' });
    expect(full.stopped).toBeUndefined();
  });

  it('stops output evals on a cost budget and says so when the results reopen', async () => {
    const { ok, skillId } = open();
    await ok('evals:save-provider', {
      provider: { ...fake(), price: { input: 10, output: 50 } }, // 120-token answers cost $0.002
      key: KEY,
    });
    server.script = scriptedModels;
    const run = await ok<OutputRunView>('evals:run-output', {
      runId: 'bo',
      skillId,
      provider: 'fake',
      runs: 2,
      budget: { maxCostUsd: 0.001 },
    });
    expect(run.stopped).toMatch(
      /^Stopped: cost budget spent: \$0\.\d{4} of \$0\.0010 used; \d of 4 eval runs finished\.$/,
    );
    expect(run.benchmark.runs.length).toBeLessThan(4);
    expect((await ok<EvalResultsView>('evals:results', { skillId })).output?.stopped).toBe(run.stopped);
  });

  it('saves a first trigger set into a skill that has no evals folder yet, and runs it', async () => {
    const { host, ok, library } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    const route = router();
    server.script = (req) => route(lastUserText(req));
    const path = join(library, 'commit-message', 'evals', 'trigger-eval.json');
    const set = [{ query: 'Write a commit message for my staged changes', should_trigger: true }];
    await ok('skills:save-file', { path, text: JSON.stringify(set), expectedHash: null });
    const report = await ok<TriggerReport>('evals:run-triggers', {
      runId: 'first',
      skillId: host.workspace.skill('commit-message').id,
      provider: 'fake',
    });
    expect(report.eval_set).toBe(path);
    expect(report.results).toEqual([
      expect.objectContaining({ triggers: 3, pass: true, picked: { 'commit-message': 3 } }),
    ]);
  });

  it('cancels a run with runs:cancel and its id', async () => {
    const { host, ok, skillId } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    server.script = () => ({ hang: true });
    const started = new Promise<void>((resolve) => {
      const before = server.received.length;
      const timer = setInterval(() => {
        if (server.received.length > before) {
          clearInterval(timer);
          resolve();
        }
      }, 10);
    });
    const run = host.handle('evals:run-triggers', { runId: 'slow', skillId, provider: 'fake', runs: 1 });
    await started;
    expect(await ok('runs:cancel', { runId: 'slow' })).toEqual({ cancelled: true });
    expect(await run).toMatchObject({ ok: false, error: { code: 'Cancelled' } });
  });

  it('says which provider is missing and how to add one', async () => {
    const { err, skillId } = open();
    const missing = await err('evals:run-triggers', { runId: 'x', skillId, provider: 'nope' });
    expect(missing.code).toBe('NotFound');
    expect(missing.message).toContain('Settings → Model providers');
  });

  it('runs the library collisions and keeps the matrix', async () => {
    const { ok, skillId } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    const route = router();
    server.script = (req) => route(lastUserText(req));
    const view = await ok<CollisionsView>('evals:run-collisions', { runId: 'c1', provider: 'fake' });
    expect(view.matrix['pdf-extract']).toEqual({ 'pdf-extract': 4, 'csv-report': 2 });
    expect((await ok<EvalResultsView>('evals:results', { skillId })).collisions?.matrix).toEqual(view.matrix);
  });

  it('runs output evals into the skill workspace and reads a transcript back, confined to it', async () => {
    const { ok, err, skillId, library } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    server.script = scriptedModels;
    const run = await ok<OutputRunView>('evals:run-output', { runId: 'o1', skillId, provider: 'fake' });
    expect(run.iterationDir).toBe(join(library, 'csv-report-workspace', 'iteration-1'));
    expect(run.benchmark.run_summary.with_skill?.pass_rate.mean).toBe(1);
    expect(run.benchmark.run_summary.without_skill?.pass_rate.mean).toBeCloseTo(2 / 3);
    const withSkill = run.benchmark.runs.find((r) => r.configuration === 'with_skill');
    const transcript = await ok<TranscriptView>('evals:transcript', { skillId, dir: withSkill?.dir });
    expect(transcript.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(transcript.messages[2]?.tool).toMatchObject({ name: 'csv-report__count_rows', isError: false });
    expect(transcript.answer).toMatch(/^## Report/);
    expect(transcript.grading?.summary).toMatchObject({ passed: 3, total: 3 });
    expect((await ok<EvalResultsView>('evals:results', { skillId })).output).toEqual(run);
    expect(await err('evals:transcript', { skillId, dir: join(library, 'pdf-extract') })).toMatchObject({
      code: 'PermissionDenied',
    });
  });

  it('snapshots the skill and runs the old version as the old_skill baseline', async () => {
    const { ok, err, skillId, library } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    server.script = scriptedModels;
    expect(
      await err('evals:run-output', { runId: 'n', skillId, provider: 'fake', baseline: 'old_skill' }),
    ).toMatchObject({
      code: 'NotFound',
      message: expect.stringContaining('No snapshot of csv-report') as unknown,
    });
    const view = await ok<EvalResultsView>('evals:snapshot', { skillId });
    const snapshot = join(library, 'csv-report-workspace', 'skill-snapshot');
    expect(view.snapshot?.path).toBe(snapshot);
    expect(existsSync(join(snapshot, 'SKILL.md'))).toBe(true);
    expect((await err('evals:snapshot', { skillId })).code).toBe('Conflict');
    expect((await ok<EvalResultsView>('evals:snapshot', { skillId, replace: true })).snapshot?.path).toBe(
      snapshot,
    );
    const run = await ok<OutputRunView>('evals:run-output', {
      runId: 'o2',
      skillId,
      provider: 'fake',
      baseline: 'old_skill',
    });
    expect(run.benchmark.runs.map((r) => r.configuration)).toEqual(['with_skill', 'old_skill']);
    expect(run.benchmark.run_summary.delta?.pass_rate).toBe('+0.00');
    expect(existsSync(join(run.iterationDir, 'eval-1', 'old_skill', 'run-1', 'grading.json'))).toBe(true);
  });

  it('refuses to write results beside a bundled example', async () => {
    const { ok, err, host } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    const bundled = host.workspace.entries.find((e) => e.path.startsWith(join(REPO, 'skills')));
    const refused = await err('evals:run-output', { runId: 'b', skillId: bundled?.id, provider: 'fake' });
    expect(refused.code).toBe('PermissionDenied');
    expect(refused.message).toContain('read-only');
  });
});

describe('result files from elsewhere', () => {
  it('reopens trigger results written by skill-creator’s run_eval.py and by earlier Skillbench versions', async () => {
    const { ok, skillId, library } = open();
    const triggersDir = join(library, 'csv-report-workspace', 'triggers');
    mkdirSync(triggersDir, { recursive: true });
    copyFileSync(
      join(FIXTURES, 'evals', 'skill-creator', 'run-eval-output.json'),
      join(triggersDir, 'saved-description.json'),
    );
    copyFileSync(
      join(FIXTURES, 'evals', 'legacy', 'trigger-report.json'),
      join(triggersDir, 'draft-description.json'),
    );
    const view = await ok<EvalResultsView>('evals:results', { skillId });
    expect(view.triggers).toMatchObject({
      skill_name: 'csv-report',
      summary: { total: 4, passed: 2, failed: 2 },
      by_run: { tp: 4, fn: 2, fp: 2, tn: 4 },
      by_query: { tp: 1, fn: 1, fp: 1, tn: 1 },
    });
    expect(view.triggersDraft).toMatchObject({
      provider: 'sonnet',
      results: [
        expect.objectContaining({ should_trigger: true, trigger_rate: 1 }),
        expect.objectContaining({ picked: { 'pdf-extract': 1, 'csv-report': 1 } }),
        expect.objectContaining({ cached: 3 }),
      ],
      by_query: { precision: 0.5, recall: 0.5 },
    });
  });

  it('names the trigger set file each skill uses: skill-creator’s name, the older one, or where a first goes', async () => {
    const { ok, host, library } = open();
    const setOf = async (name: string) =>
      (await ok<EvalResultsView>('evals:results', { skillId: host.workspace.skill(name).id })).triggerSet;
    expect(await setOf('csv-report')).toEqual({
      path: join(library, 'csv-report', 'evals', 'trigger-eval.json'),
      legacy: false,
      exists: true,
    });
    expect(await setOf('pdf-extract')).toEqual({
      path: join(library, 'pdf-extract', 'evals', 'triggers.json'),
      legacy: true,
      exists: true,
    });
    expect(await setOf('commit-message')).toEqual({
      path: join(library, 'commit-message', 'evals', 'trigger-eval.json'),
      legacy: false,
      exists: false,
    });
  });
});

describe('optimising the description', () => {
  it('proposes SKILL.md with the best description and writes nothing; the accept saves over the version it read', async () => {
    const { ok, err, skillId, library } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    server.script = optimizerScript();
    const manifest = join(library, 'csv-report', 'SKILL.md');
    const before = readFileSync(manifest, 'utf8');
    const progress: Array<EventOf<'runs:progress'>> = [];
    hosts[hosts.length - 1]?.on('runs:progress', (p) => progress.push(p));
    const view = await ok<OptimizeView>('evals:optimize-description', {
      runId: 'opt1',
      skillId,
      provider: 'fake',
      maxIterations: 3,
    });
    expect(view.result).toMatchObject({
      best_description: OPTIMIZE.first,
      best_test_score: '2/2',
      best_iteration: 2,
    });
    expect(view.path).toBe(manifest);
    expect(view.proposed).toBe(before.replace(/^description: .*$/m, `description: "${OPTIMIZE.first}"`));
    expect(view.diff).toContain(`+description: "${OPTIMIZE.first}"`);
    expect(readFileSync(manifest, 'utf8')).toBe(before); // nothing written
    expect(progress.at(-1)?.message).toMatch(/iteration 3\/3: /);
    // Accepting is the editor's save, over the version the optimisation read.
    await ok('skills:save-file', { path: manifest, text: view.proposed, expectedHash: view.hash });
    expect(readFileSync(manifest, 'utf8')).toBe(view.proposed);
    // A proposal made from a version that changed since is refused.
    server.script = optimizerScript();
    const stale = await ok<OptimizeView>('evals:optimize-description', {
      runId: 'opt2',
      skillId,
      provider: 'fake',
    });
    writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}\nEdited meanwhile.\n`);
    expect(
      await err('skills:save-file', { path: manifest, text: stale.proposed ?? '', expectedHash: stale.hash }),
    ).toMatchObject({ code: 'Conflict' });
  });
});

describe('generating trigger queries', () => {
  it('proposes new queries against the set the tab holds (unsaved rows too) and writes nothing', async () => {
    const { ok, err, skillId, library } = open();
    await ok('evals:save-provider', { provider: fake(), key: KEY });
    server.script = scriptedModels;
    const setFile = join(library, 'csv-report', 'evals', 'trigger-eval.json');
    const before = readFileSync(setFile, 'utf8');
    // An unsaved row in the tab equals a proposal: it is dropped too.
    const existing = [
      ...(JSON.parse(before) as Array<{ query: string; should_trigger: boolean }>),
      { query: 'open BUDGET.xlsx', should_trigger: false },
    ];
    const generated = await ok<GeneratedQueries>('evals:generate-triggers', {
      runId: 'g1',
      skillId,
      provider: 'fake',
      count: GENERATED.queries.length,
      existing,
    });
    expect(generated).toEqual({
      skill: 'csv-report',
      provider: 'fake',
      model: 'scripted-1',
      proposals: KEPT.filter((p) => p.query !== 'Open budget.xlsx'),
      duplicates: 3,
    });
    expect(readFileSync(setFile, 'utf8')).toBe(before);

    const tooMany = await err('evals:generate-triggers', {
      runId: 'g2',
      skillId,
      provider: 'fake',
      count: 2,
      existing,
    });
    expect(tooMany).toMatchObject({ code: 'InvalidFormat' });
    expect(tooMany.message).toContain('it has 6 queries where 2 were asked for.');
    const refused = await err('evals:generate-triggers', {
      runId: 'g3',
      skillId,
      provider: 'fake',
      count: 99,
      existing,
    });
    expect(refused.code).toBe('InvalidArgs');
  });
});
