import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SKIPPED_FOLDERS, walkFolder, type WalkOptions } from '../../../../electron/core/fs/walk.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillbench-walk-'));
  for (const dir of ['b/deep', 'a', '.git/objects', 'node_modules/pkg', '__pycache__', 'far/inner'])
    mkdirSync(join(root, dir), { recursive: true });
  for (const file of [
    'SKILL.md',
    'b/deep/x.txt',
    'a/y.txt',
    '.git/HEAD',
    'node_modules/pkg/i.js',
    '__pycache__/c.pyc',
  ])
    writeFileSync(join(root, file), 'x');
  writeFileSync(join(root, 'far', 'inner', 'z.txt'), 'z');
  symlinkSync(join(root, 'far'), join(root, 'link-to-far'));
  symlinkSync(join(root, 'missing'), join(root, 'broken'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const walked = (options?: WalkOptions) =>
  [...walkFolder(root, options)].map((e) => `${e.path}:${e.kind}${e.skipped ? ':skipped' : ''}`);

describe('walkFolder', () => {
  it('skips .git and node_modules: met, marked, never entered', () => {
    expect([...SKIPPED_FOLDERS].sort()).toEqual(['.git', 'node_modules']);
    expect(walked({ sorted: true })).toEqual([
      '.git:folder:skipped',
      'SKILL.md:file',
      '__pycache__:folder',
      '__pycache__/c.pyc:file',
      'a:folder',
      'a/y.txt:file',
      'b:folder',
      'b/deep:folder',
      'b/deep/x.txt:file',
      'broken:link',
      'far:folder',
      'far/inner:folder',
      'far/inner/z.txt:file',
      'link-to-far:link',
      'node_modules:folder:skipped',
    ]);
  });

  it('takes extra skips, follows links when asked (a broken one is left out), and lists one level', () => {
    const deep = walked({ sorted: true, followLinks: true, skip: ['__pycache__'] });
    expect(deep).toContain('__pycache__:folder:skipped');
    expect(deep).not.toContain('__pycache__/c.pyc:file');
    expect(deep).toContain('link-to-far/inner/z.txt:file');
    expect(deep.some((e) => e.startsWith('broken'))).toBe(false);
    expect(walked({ sorted: true, recursive: false }).filter((e) => e.includes('/'))).toEqual([]);
  });

  it('yields a folder before what it holds, and stops reading when the caller stops', () => {
    const paths = [...walkFolder(root)].map((e) => e.path);
    expect(paths.indexOf('b')).toBeLessThan(paths.indexOf('b/deep/x.txt'));
    const [first] = walkFolder(root, { sorted: true });
    expect(first?.path).toBe('.git');
  });
});
