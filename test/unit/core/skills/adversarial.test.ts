// Inputs built to break parsers: each must end in a clear diagnostic, never an exception or a hang.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import { ADVERSARIAL } from '../../../adversarial-cases.js';
import { byCode, codes, covered, loadFixture } from '../../../helpers.js';

function skillFile(name: string, text: string): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'skillbench-adv-')), name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'SKILL.md'), text);
  return folder;
}

describe('adversarial frontmatter', () => {
  it('reports flow collections nested too deeply to parse', () => {
    const folder = skillFile('deep', ADVERSARIAL.deep);
    const entry = loadLibrary([{ path: folder }]).entries[0];
    expect(entry?.status).toBe('invalid');
    expect(byCode(entry?.diagnostics ?? [], 'yaml-syntax').message).toMatch(/nested too deeply/);
  });

  it('reports block mappings nested too deeply to parse', () => {
    const folder = skillFile('deep-block', ADVERSARIAL['deep-block']);
    const entry = loadLibrary([{ path: folder }]).entries[0];
    expect(codes(entry?.diagnostics ?? [])).toContain('yaml-syntax');
  });

  it('handles tens of thousands of keys, reporting each unknown one', () => {
    const folder = skillFile('many', ADVERSARIAL.many);
    const entry = loadLibrary([{ path: folder }]).entries[0];
    expect(entry?.diagnostics.filter((d) => d.code === 'unknown-key')).toHaveLength(20_000);
    expect(entry?.diagnostics.at(-1)?.line).toBe(20_003);
  });

  it('finds duplicate keys in nested mappings, quoted or not', () => {
    const d = byCode(loadFixture('duplicate-nested').diagnostics, 'duplicate-key');
    expect(covered(d)).toBe('"owner"');
  });

  it('reads a lone-CR file and a frontmatter with no keys', () => {
    const folder = skillFile('cr', ADVERSARIAL.cr);
    expect(loadLibrary([{ path: folder }]).entries[0]?.status).toBe('loaded');
    const empty = skillFile('empty-fm', ADVERSARIAL['empty-fm']);
    expect(codes(loadLibrary([{ path: empty }]).entries[0]?.diagnostics ?? [])).toEqual([
      'description-missing',
      'name-missing',
    ]);
  });
});
