// The watcher keeps noticing outside changes after the app's own saves (issue 13): an atomic save replaces the file
// by rename, which a recursive fs.watch on Linux lost. Saved through the host, changed from outside, 20 times over.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileView, IpcResult } from '../../../shared/ipc.js';
import type { LibraryEntry } from '../../../shared/types.js';
import { Host } from '../../../electron/host/host.js';
import { copyFixtures, REPO } from '../../helpers.js';

let host: Host;
let root: string;

async function ok<T>(channel: string, request: unknown = {}): Promise<T> {
  const r = (await host.handle(channel, request)) as IpcResult<T>;
  if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Resolves with the next skills:changed event that names the skill. */
function nextChange(id: string): Promise<void> {
  return new Promise((resolve) => {
    const off = host.on('skills:changed', (change) => {
      if (change.ids.includes(id)) {
        off();
        resolve();
      }
    });
  });
}

beforeAll(async () => {
  root = copyFixtures('editing');
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-watch-')),
    projectRoots: [root],
  });
  await host.whenWatching();
});
afterAll(() => host.close());

describe('the root watcher', () => {
  it('sees every outside change after each save made in the app, 20 times in a row', async () => {
    const file = join(root, 'commented-skill', 'SKILL.md');
    const { entries } = await ok<{ entries: LibraryEntry[] }>('skills:list');
    const id = entries.find((e) => e.path === file)?.id ?? '';
    expect(id).not.toBe('');
    const original = readFileSync(file, 'utf8');
    for (let i = 1; i <= 20; i++) {
      const before = await ok<FileView>('skills:read-file', { path: file });
      const saved = original.replace('Body stays.', `Saved in the app ${i}.`);
      await ok('skills:save-file', { path: file, text: saved, expectedHash: before.hash });
      const outside = original.replace('Body stays.', `Changed outside ${i}.`);
      const seen = nextChange(id);
      if (i % 2) writeFileSync(file, outside);
      else {
        // The way other editors save: a new file renamed over the old one.
        writeFileSync(`${file}.other-editor`, outside);
        renameSync(`${file}.other-editor`, file);
      }
      await seen;
      const entry = await ok<{ skill: { instructions: string } }>('skills:get', { id });
      expect(entry.skill.instructions).toContain(`Changed outside ${i}.`);
    }
  }, 60_000);

  it('watches folders created after it started, and files in them', async () => {
    const { entries } = await ok<{ entries: LibraryEntry[] }>('skills:list');
    const id = entries.find((e) => e.path === join(root, 'commented-skill', 'SKILL.md'))?.id ?? '';
    mkdirSync(join(root, 'commented-skill', 'tests', 'deeper'), { recursive: true });
    // Let the new folders be seen before a file lands in the deepest one.
    await nextChange(id);
    const seen = nextChange(id);
    writeFileSync(join(root, 'commented-skill', 'tests', 'deeper', 'greet.case.json'), '{"tool":"x"}\n');
    await seen;
  });
});
