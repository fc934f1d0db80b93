// Issue 12, "data that survives": the app, `serve` and the CLI share one data folder. Two real processes writing
// settings and history at the same time never lose each other's changes (compaction included).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from '../../electron/core/history/history-store.js';
import { REPO } from '../helpers.js';

const dist = (path: string) => pathToFileURL(join(REPO, 'dist', 'electron', path)).href;

function node(
  code: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((r) => child.on('exit', (code) => r({ code, stdout, stderr })));
}

describe('two processes sharing the data folder', () => {
  it('keep every root both add and every setting both change (two hosts, like the app and serve)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'skillbench-shared-'));
    const roots = mkdtempSync(join(tmpdir(), 'skillbench-shared-roots-'));
    for (const who of ['a', 'b']) for (let i = 0; i < 12; i++) mkdirSync(join(roots, `${who}-${i}`));
    const worker = `
      import { join } from 'node:path';
      import { Host } from '${dist('host/host.js')}';
      const { WHO, DATA, ROOTS, BUNDLED } = process.env;
      const host = new Host({ bundledSkills: BUNDLED, userDataDir: DATA, watch: false });
      for (let i = 0; i < 12; i++) {
        const added = await host.handle('roots:add', { path: join(ROOTS, WHO + '-' + i) });
        if (!added.ok) throw new Error(added.error.message);
        const change = WHO === 'a' ? { history: { maxEntries: 500 + i } } : { theme: i % 2 ? 'dark' : 'light' };
        const set = await host.handle('settings:set', { settings: change });
        if (!set.ok) throw new Error(set.error.message);
      }
      await host.close();`;
    const env = { DATA: data, ROOTS: roots, BUNDLED: join(REPO, 'skills') };
    const results = await Promise.all([
      node(worker, { ...env, WHO: 'a' }),
      node(worker, { ...env, WHO: 'b' }),
    ]);
    expect(results.map((r) => r.stderr)).toEqual(['', '']);
    const settings = JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8')) as {
      roots: string[];
      theme: string;
      history: { maxEntries: number };
    };
    expect([...settings.roots].sort()).toEqual(
      ['a', 'b'].flatMap((who) => Array.from({ length: 12 }, (_, i) => join(roots, `${who}-${i}`))).sort(),
    );
    expect(settings).toMatchObject({ theme: 'dark', history: { maxEntries: 511 } });
  }, 60_000);

  const recorder = (extra: string) => `
      import { HistoryStore } from '${dist('core/history/history-store.js')}';
      const h = new HistoryStore(process.env.FILE, { maxEntries: Number(process.env.MAX) });
      // Both writers start at the same moment and write for the same time, so they overlap to the end.
      const start = Number(process.env.START);
      while (Date.now() < start);
      // By time, and at least MIN runs: a busy machine still writes enough to make compaction run.
      const more = (i) =>
        process.env.RUNS ? i < Number(process.env.RUNS) : Date.now() < start + 1500 || i < Number(process.env.MIN ?? 0);
      for (let i = 0; more(i); i++) {
        const e = h.record({
          skillId: 's', skillName: 's', tool: 't', args: {},
          output: { output: process.env.WHO + '-' + i, isError: false, durationMs: 1 },
          startedAt: new Date().toISOString(), durationMs: 1,
        });
        ${extra}
        if (!more(i + 1)) process.stdout.write(String(i + 1));
      }`;
  const both = (code: string, env: Record<string, string>) => {
    const start = String(Date.now() + 1000);
    return Promise.all([
      node(code, { ...env, START: start, WHO: 'a' }),
      node(code, { ...env, START: start, WHO: 'b' }),
    ]);
  };

  it('keep every run both record while the other pins (each pin rewrites the file)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skillbench-shared-')), 'history.jsonl');
    const results = await both(recorder('if (i % 3 === 0) h.pin(e.id, true);'), {
      FILE: file,
      MAX: '10000',
      RUNS: '300',
    });
    expect(results.map((r) => r.stderr)).toEqual(['', '']);
    const entries = new HistoryStore(file).list();
    expect(entries).toHaveLength(600);
    expect(entries.filter((e) => e.pinned)).toHaveLength(200);
  }, 60_000);

  it('keep every run both record while compaction runs: what is kept is the newest of each, without holes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skillbench-shared-')), 'history.jsonl');
    const results = await both(recorder(''), { FILE: file, MAX: '1000', MIN: '700' });
    expect(results.map((r) => r.stderr)).toEqual(['', '']);
    const outputs = new HistoryStore(file).list().map((e) => e.output);
    // Compaction keeps the newest 1,000 (up to 19 more between checks). Whatever the interleaving, the runs kept of
    // each writer are its newest ones, one after the other: a run lost while the other process compacted is a hole.
    expect(outputs.length).toBeGreaterThanOrEqual(1000);
    results.forEach(({ stdout }, w) => {
      const who = w === 0 ? 'a' : 'b';
      const written = Number(stdout);
      const kept = outputs
        .filter((o) => o.startsWith(`${who}-`))
        .map((o) => Number(o.slice(2)))
        .sort((x, y) => x - y);
      expect(kept, who).toEqual(Array.from({ length: kept.length }, (_, k) => written - kept.length + k));
    });
  }, 60_000);
});
