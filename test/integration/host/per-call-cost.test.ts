// Issue 14: the host's per-call work in browser mode must not grow with the library. Without timing anything, this
// counts the file-system calls a `skills:read-file` and a `tools:run` make, by function, in a host over a small
// library and in one over a library sixty times larger: a scan, a settings read or a walk over the entries on the
// call path would show up as more calls in the larger one.
import type * as fs from 'node:fs';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Host } from '../../../electron/host/host.js';
import { REPO } from '../../helpers.js';

const counts = new Map<string, number>();
let counting = false;

vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>();
  const wrapped: Record<string, unknown> = { ...real };
  for (const [name, value] of Object.entries(real)) {
    if (typeof value !== 'function' || /^[A-Z]/.test(name)) continue; // classes (Dirent, Stats...) as they are
    const counted = (...args: unknown[]) => {
      if (counting) counts.set(name, (counts.get(name) ?? 0) + 1);
      return (value as (...a: unknown[]) => unknown)(...args);
    };
    wrapped[name] = Object.assign(counted, value); // keeps e.g. realpathSync.native
  }
  return wrapped;
});

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A root holding `n` copies of the bundled text-toolkit skill and a 10 kB notes file. */
function library(n: number): { root: string; notes: string } {
  const root = mkdtempSync(join(tmpdir(), `skillbench-percall-${n}-`));
  made.push(root);
  for (let i = 0; i < n; i++)
    cpSync(join(REPO, 'skills', 'text-toolkit'), join(root, `group-${i % 10}`, `copy-${i}`, 'text-toolkit'), {
      recursive: true,
    });
  const notes = join(root, 'notes.md');
  writeFileSync(notes, `# Notes\n\n${'Reference text, line after line. '.repeat(310)}\n`);
  return { root, notes };
}

async function ok(host: Host, channel: string, request: unknown): Promise<unknown> {
  const r = await host.handle(channel, request);
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** The file-system calls, by function, of `calls` read-file and tools:run requests (after the same warm-up). */
async function callsPerRequest(n: number): Promise<{ fs: Record<string, number>; skills: number }> {
  const { root, notes } = library(n);
  const data = mkdtempSync(join(tmpdir(), 'skillbench-percall-data-'));
  made.push(data);
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: data,
    projectRoots: [root],
    watch: false,
  });
  const skills = ((await ok(host, 'skills:list', {})) as { entries: unknown[] }).entries.length;
  const executor = host.workspace.executor;
  let run = 0;
  const both = async () => {
    await ok(host, 'skills:read-file', { path: notes });
    await ok(host, 'tools:run', {
      runId: `r${run++}`,
      skillId: 'bundled/text-toolkit',
      tool: 'echo',
      args: { text: 'hi' },
    });
  };
  for (let i = 0; i < 5; i++) await both();
  counts.clear();
  counting = true;
  for (let i = 0; i < 40; i++) await both();
  counting = false;
  expect(host.workspace.executor, 'the executor is built once, not per call').toBe(executor);
  await host.close();
  return { fs: Object.fromEntries([...counts].sort()), skills };
}

describe('per-call cost in the host (issue 14)', () => {
  it('makes the same file-system calls for read-file and tools:run whatever the size of the library', async () => {
    const small = await callsPerRequest(5);
    const large = await callsPerRequest(300);
    expect(large.skills - small.skills).toBe(295);
    // Something is counted (the read and the history append), and exactly as much in both libraries.
    expect(small.fs.readFileSync ?? 0).toBeGreaterThan(0);
    expect(large.fs).toEqual(small.fs);
  }, 60_000);
});
