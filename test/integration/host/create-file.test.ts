// New files from the editor's file tree through the host: made inside the skill's folder and listed at once; the
// bundled examples are read-only, so nothing is created there.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../../electron/host/host.js';
import type { SkillsChanged } from '../../../shared/ipc.js';
import { copyFixtures, REPO } from '../../helpers.js';

let host: Host;
let root: string;
const events: SkillsChanged[] = [];
beforeAll(async () => {
  root = copyFixtures('editing');
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-create-file-')),
  });
  host.on('skills:changed', (e) => events.push(e));
  expect((await host.handle('roots:add', { path: root })).ok).toBe(true);
});
afterAll(async () => host.close());

const idOf = async (name: string) => {
  const r = (await host.handle('skills:list', {})) as {
    ok: true;
    value: { entries: Array<{ id: string; skill?: { name: string } }> };
  };
  return r.value.entries.find((e) => e.skill?.name === name)?.id ?? '';
};

describe('skills:create-file', () => {
  it('creates the template in the skill folder and tells the file tree', async () => {
    const id = await idOf('commented-skill');
    events.length = 0;
    const r = await host.handle('skills:create-file', { id, path: '', kind: 'evals' });
    const path = join(root, 'commented-skill', 'evals', 'evals.json');
    expect(r).toEqual({ ok: true, value: { path, folder: false } });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ skill_name: 'commented-skill' });
    expect(events.some((e) => e.ids.includes(id))).toBe(true);
    const files = (await host.handle('skills:list-files', { id })) as { ok: true; value: string[] };
    expect(files.value).toContain('evals/evals.json');
  });

  it('refuses a bundled example and a path out of the folder, creating nothing', async () => {
    const bundled = await idOf('text-toolkit');
    expect(
      await host.handle('skills:create-file', { id: bundled, path: 'x.md', kind: 'file' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'PermissionDenied', message: expect.stringMatching(/read-only/) as unknown },
    });
    expect(existsSync(join(REPO, 'skills', 'text-toolkit', 'x.md'))).toBe(false);
    const id = await idOf('commented-skill');
    expect(await host.handle('skills:create-file', { id, path: '../x.md', kind: 'file' })).toMatchObject({
      ok: false,
      error: { code: 'InvalidArgs' },
    });
    expect(existsSync(join(root, 'x.md'))).toBe(false);
  });
});
