// The scan's existence cache (issue 14) answers exactly as existsSync, while asking the disk less.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PathCache } from '../../../../electron/core/skills/path-cache.js';
import { fixtureSkill } from '../../../helpers.js';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>();
  return { ...real, existsSync: vi.fn(real.existsSync) };
});

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function copyOfLinks(): string {
  dir = mkdtempSync(join(tmpdir(), 'skillbench-pathcache-'));
  const folder = join(dir, 'links');
  cpSync(fixtureSkill('links'), folder, { recursive: true });
  return folder;
}

describe('PathCache', () => {
  it('gives existsSync’s answer for files, folders, missing names, dangling and live links', () => {
    const folder = copyOfLinks();
    symlinkSync(join(folder, 'nowhere.md'), join(folder, 'dangling.md'));
    symlinkSync(join(folder, 'SKILL.md'), join(folder, 'alias.md'));
    const cache = new PathCache();
    cache.seed(folder, readdirSync(folder, { withFileTypes: true }));
    const paths = readdirSync(folder).map((n) => join(folder, n));
    paths.push(join(folder, 'missing.md'), join(folder, 'sub', 'missing.md'), join(dir, 'elsewhere.md'));
    for (const p of paths) expect([p, cache.exists(p)]).toEqual([p, existsSync(p)]);
    expect(cache.exists(join(folder, 'dangling.md'))).toBe(false);
    expect(cache.exists(join(folder, 'alias.md'))).toBe(true);
  });

  it('answers names in a seeded listing without the disk, and asks the disk once per other path', () => {
    const folder = copyOfLinks();
    const cache = new PathCache();
    cache.seed(folder, readdirSync(folder, { withFileTypes: true }));
    const stat = vi.mocked(fs.existsSync);
    stat.mockClear();
    for (let i = 0; i < 5; i++) {
      expect(cache.exists(join(folder, 'SKILL.md'))).toBe(true);
      expect(cache.exists(join(folder, 'missing.md'))).toBe(false);
    }
    expect(stat.mock.calls).toEqual([[join(folder, 'missing.md')]]);
  });
});
