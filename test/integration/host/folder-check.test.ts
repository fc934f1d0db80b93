// A typed folder path checked by the host (browser mode has no folder dialog): missing, a file, or a folder, each
// with words that say what to do; adding a root refuses with the same words.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../../electron/host/host.js';
import { REPO } from '../../helpers.js';

let host: Host;
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'skillbench-folder-check-'));
  host = new Host({ bundledSkills: join(REPO, 'skills'), userDataDir: join(work, 'data') });
});
afterAll(async () => host.close());

describe('app:check-folder', () => {
  it('says a folder is one, and what is wrong with anything else', async () => {
    writeFileSync(join(work, 'a-file.txt'), 'x');
    expect(await host.handle('app:check-folder', { path: work })).toEqual({
      ok: true,
      value: { path: work },
    });
    expect(await host.handle('app:check-folder', { path: join(work, 'nope') })).toEqual({
      ok: true,
      value: {
        path: join(work, 'nope'),
        problem: `${join(work, 'nope')} does not exist: check the spelling, or create the folder first.`,
      },
    });
    expect(await host.handle('app:check-folder', { path: join(work, 'a-file.txt') })).toMatchObject({
      ok: true,
      value: {
        problem: `${join(work, 'a-file.txt')} is a file, not a folder: type the folder that holds it.`,
      },
    });
  });

  it('roots:add refuses a file with the same words', async () => {
    expect(await host.handle('roots:add', { path: join(work, 'a-file.txt') })).toMatchObject({
      ok: false,
      error: { code: 'NotFound', message: expect.stringMatching(/is a file, not a folder/) as unknown },
    });
  });
});
