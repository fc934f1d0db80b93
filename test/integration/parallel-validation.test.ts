// Issue 14: validating on worker threads gives exactly the entries and diagnostics of the main-thread path. Runs the
// built library (dist/, built by the global setup), since the workers load the compiled worker script.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import type * as Skills from '../../electron/core/skills/index.js';
import type * as Parallel from '../../electron/core/skills/parallel.js';
import { FIXTURES, REPO } from '../helpers.js';

const built = (await import(
  pathToFileURL(join(REPO, 'dist', 'electron', 'core', 'skills', 'index.js')).href
)) as typeof Skills;
const parallel = (await import(
  pathToFileURL(join(REPO, 'dist', 'electron', 'core', 'skills', 'parallel.js')).href
)) as typeof Parallel;

describe('parallel validation', () => {
  it('gives the same library as the main thread alone on the whole test corpus, under three profiles', () => {
    for (const profile of ['skillbench', 'portable', 'claude-code'] as const) {
      const roots = [{ path: FIXTURES }, { path: join(REPO, 'skills'), kind: 'bundled' as const }];
      const sequential = built.loadLibrary(roots, { profile, workers: 0 });
      const parallel = built.loadLibrary(roots, { profile, workers: 3 });
      expect(sequential.stats.workers).toBe(0);
      expect(parallel.stats.workers).toBe(3); // every worker delivered its share (none redone here)
      expect(sequential.entries.length).toBeGreaterThan(100);
      expect(JSON.stringify(parallel.entries)).toBe(JSON.stringify(sequential.entries));
      expect(parallel.entries).toStrictEqual(sequential.entries);
      expect(parallel.diagnostics).toStrictEqual(sequential.diagnostics);
      expect(parallel.stats.validated).toBe(sequential.stats.validated);
    }
  }, 120_000);

  it('keeps small libraries on the main thread and spreads large ones only on 4 cores or more', () => {
    expect(built.loadLibrary([{ path: join(REPO, 'skills') }]).stats.workers).toBe(0);
    expect(parallel.workersFor(parallel.PARALLEL_MIN_MANIFESTS - 1)).toBe(0);
    expect(parallel.workersFor(parallel.PARALLEL_MIN_MANIFESTS * 10)).toBe(
      availableParallelism() >= 4 ? Math.min(4, availableParallelism() - 1) : 0,
    );
  });
});
