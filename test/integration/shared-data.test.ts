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

function node(code: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((r) => child.on('exit', (code) => r({ code, stderr })));
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

  it('keep every run both record while compaction runs (250 each, 400 kept)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skillbench-shared-')), 'history.jsonl');
    const worker = `
      import { HistoryStore } from '${dist('core/history/history-store.js')}';
      const h = new HistoryStore(process.env.FILE, { maxEntries: 400 });
      for (let i = 0; i < 250; i++)
        h.record({
          skillId: 's', skillName: 's', tool: 't', args: {},
          output: { output: process.env.WHO + '-' + i, isError: false, durationMs: 1 },
          startedAt: new Date().toISOString(), durationMs: 1,
        });`;
    const results = await Promise.all([
      node(worker, { FILE: file, WHO: 'a' }),
      node(worker, { FILE: file, WHO: 'b' }),
    ]);
    expect(results.map((r) => r.stderr)).toEqual(['', '']);
    const outputs = new Set(new HistoryStore(file).list().map((e) => e.output));
    // Compaction keeps the newest 400 (up to 19 more between checks); whatever the interleaving, each writer's last
    // 150 runs are among the newest 400, so none of them may be missing.
    expect(outputs.size).toBeGreaterThanOrEqual(400);
    expect(outputs.size).toBeLessThan(420);
    for (const who of ['a', 'b'])
      for (let i = 100; i < 250; i++) expect(outputs.has(`${who}-${i}`), `${who}-${i}`).toBe(true);
  }, 60_000);
});
