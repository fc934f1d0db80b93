// `skillbench eval triggers --batch` and `eval collisions --batch` against the fake server's batch APIs: the JSON
// report with its mode, batch id and half the direct cost; Ctrl-C leaving the batch running; --cancel and --resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { triggerLibraryReply, writeTriggerLibrary } from '../../../bench/trigger-library.js';
import { runCaptured } from '../run-cli.js';
import { lastUserText } from '../../fakes/model-server.js';
import type { TriggerReport } from '../../../shared/evals.js';
import type { LibraryTriggersResult } from '../../../electron/core/evals/triggers.js';
import { useCliSession } from './cli-session.js';

const session = useCliSession();
let dir: string;
let skill: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillbench-cli-batch-'));
  skill = writeTriggerLibrary(dir, { skills: 6, queries: 4 })[0]!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function measured(): void {
  session.server.script = (req) => triggerLibraryReply(lastUserText(req), 'No.');
}

const model = (id: string) => ['--anthropic', '--model', id, '--base-url', session.server.anthropicBaseURL];
const triggers = (id: string, ...extra: string[]) =>
  runCaptured(['eval', 'triggers', join(dir, skill), '--root', dir, ...model(id), '--runs', '1', ...extra]);

describe('skillbench eval triggers --batch', () => {
  it('reports mode, batch id and half the direct cost in --format json', async () => {
    measured();
    session.server.batch.pollsInProgress = 1;
    // Two ids priced alike, so that each run finds the server's prompt cache empty.
    const direct = await triggers('claude-sonnet-4-5', '--concurrency', '1', '--format', 'json');
    const batched = await triggers(
      'claude-sonnet-4-5-20250929',
      '--batch',
      '--poll-interval',
      '0.01',
      '--format',
      'json',
    );
    expect(batched.code).toBe(0);
    const a = JSON.parse(direct.stdout) as TriggerReport;
    const b = JSON.parse(batched.stdout) as TriggerReport;
    expect(b.mode).toBe('batch');
    expect(b.batch_id).toMatch(/^msgbatch_/);
    expect(a.mode).toBeUndefined();
    expect(b.usage.cost_usd).toBeGreaterThan(0);
    expect(b.usage.cost_usd).toBeCloseTo(a.usage.cost_usd! / 2, 12);
    expect(b.results.map((r) => [r.query, r.triggers])).toEqual(a.results.map((r) => [r.query, r.triggers]));
    expect(batched.stderr).toContain(`sent batch ${b.batch_id} at half price`);
  });

  it('leaves the batch running on Ctrl-C; --cancel cancels it and --resume collects it', async () => {
    measured();
    session.server.batch.pollsInProgress = 1_000_000;
    const interrupt = setTimeout(() => process.emit('SIGINT'), 500);
    const left = await triggers('claude-haiku-4-5', '--batch', '--poll-interval', '0.01');
    clearTimeout(interrupt);
    expect(left.code).toBe(130);
    const id = /sent batch (\S+)/.exec(left.stderr)?.[1] ?? '';
    expect(left.stderr).toContain(`--batch --resume ${id}`);
    expect(left.stderr).toContain(`batch ${id} runs on at the provider`);

    const cancelled = await triggers('claude-haiku-4-5', '--cancel', id);
    expect(cancelled.code).toBe(0);
    expect(cancelled.stderr).toContain(`cancel batch ${id}`);

    const resumed = await triggers('claude-haiku-4-5', '--batch', '--resume', id, '--format', 'json');
    // Exit 1 as after any run whose queries got no answer.
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain('4 queries got no answer');
    const report = JSON.parse(resumed.stdout) as TriggerReport;
    expect(report.batch_id).toBe(id);
    expect(report.results.every((r) => r.errors?.message.includes('cancelled'))).toBe(true);
  });

  it('refuses --resume without --batch, a budget with it, and Claude Code', async () => {
    expect((await triggers('claude-haiku-4-5', '--resume', 'msgbatch_1')).stderr).toContain(
      '--resume goes with --batch',
    );
    expect((await triggers('claude-haiku-4-5', '--batch', '--max-cost', '1')).code).toBe(2);
    const cc = await runCaptured(['eval', 'triggers', join(dir, skill), '--claude-code', '--batch']);
    expect(cc.stderr).toContain('has no batch API');
  });
});

describe('skillbench eval collisions --batch', () => {
  it('sends every skill’s set in one batch and reports its id', async () => {
    measured();
    session.server.batch.pollsInProgress = 1;
    const before = session.server.batch.batches.size;
    const out = await runCaptured([
      'eval',
      'collisions',
      dir,
      ...model('claude-opus-4-5'),
      '--runs',
      '1',
      '--batch',
      '--poll-interval',
      '0.01',
      '--format',
      'json',
    ]);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as LibraryTriggersResult;
    expect(session.server.batch.batches.size).toBe(before + 1);
    expect(result.mode).toBe('batch');
    expect(result.batch_id).toMatch(/^msgbatch_/);
    expect(result.reports).toHaveLength(6);
    expect(result.usage.cost_usd).toBeGreaterThan(0);
  });
});
