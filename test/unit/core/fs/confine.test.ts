import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWithin, resolveInside } from '../../../../electron/core/fs/confine.js';

// resolveInside answers plain relative links without normalizing; it must give exactly what resolve + isWithin give.
const general = (folder: string, base: string, path: string) => {
  const absolute = resolve(base, path);
  return isWithin(folder, absolute) ? absolute : undefined;
};

const folder = resolve('/tmp/lib/skill');
const PATHS = [
  'references/api.md',
  'a',
  'a/b/c.md',
  'scripts/run.sh',
  '.hidden/file',
  '..hidden',
  'a..b/c',
  '...',
  './references/api.md',
  'references/./api.md',
  'references/../api.md',
  '../other/SKILL.md',
  '..',
  '.',
  'a/..',
  'references/',
  'references//api.md',
  '/etc/passwd',
  'a\\..\\..\\b',
  'C:/x',
  'c:x',
  'a:b',
  ' spaced name.md',
  'ünïcode/ファイル.md',
  'a/b/../../..',
];

describe('resolveInside', () => {
  it('gives the answer of resolve + isWithin for every kind of link path', () => {
    for (const base of [folder, join(folder, 'references'), resolve('/tmp/lib')])
      for (const path of PATHS)
        expect({ base, path, got: resolveInside(folder, base, path) }).toEqual({
          base,
          path,
          got: general(folder, base, path),
        });
  });

  it('is not fooled by a folder written unnormalized or with a trailing separator', () => {
    for (const odd of [`${folder}${sep}`, `${folder}${sep}..${sep}skill`, `${folder}${sep}.`])
      for (const path of PATHS) expect(resolveInside(odd, odd, path)).toBe(general(odd, odd, path));
  });

  it('keeps answering right when the folder changes between calls', () => {
    const other = resolve('/tmp/lib/other');
    expect(resolveInside(folder, folder, 'a.md')).toBe(join(folder, 'a.md'));
    expect(resolveInside(other, other, 'a.md')).toBe(join(other, 'a.md'));
    expect(resolveInside(folder, folder, '../other/a.md')).toBeUndefined();
    expect(resolveInside(other, folder, 'a.md')).toBeUndefined();
  });
});
