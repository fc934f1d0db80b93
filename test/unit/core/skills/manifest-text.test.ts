import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8Offset, readManifestText } from '../../../../electron/core/skills/manifest-text.js';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import { byCode, loadFixture } from '../../../helpers.js';

describe('reading manifests', () => {
  it('refuses files over the size limit without reading them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-big-'));
    const folder = join(dir, 'huge');
    const path = join(folder, 'SKILL.md');
    mkdirSync(folder);
    writeFileSync(path, `---\nname: huge\ndescription: big\n---\n${'x'.repeat(2 * 1024 * 1024)}`);
    const entry = loadLibrary([{ path: folder }]).entries[0];
    expect(entry?.status).toBe('invalid');
    expect(byCode(entry?.diagnostics ?? [], 'file-too-large').message).toMatch(/2 MiB, over the 1 MiB limit/);
    const small = readManifestText(path, 4 * 1024 * 1024);
    expect(small.ok).toBe(true);
  });

  it('reports binary and UTF-16 files as binary', () => {
    expect(byCode(loadFixture('binary').diagnostics, 'file-binary').message).toMatch(/NUL byte at byte 17/);
    expect(byCode(loadFixture('utf16').diagnostics, 'file-binary').message).toMatch(/UTF-16/);
  });

  it('reports non-UTF-8 text with the position of the first bad byte', () => {
    const d = byCode(loadFixture('latin1').diagnostics, 'file-encoding');
    expect([d.line, d.column]).toEqual([3, 17]);
    expect(d.message).toMatch(/0xe9/);
  });

  it('finds the first invalid UTF-8 byte, including overlongs and surrogates', () => {
    expect(firstInvalidUtf8Offset(Buffer.from('héllo'))).toBe(6);
    expect(firstInvalidUtf8Offset(Uint8Array.from([0x61, 0xc0, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8Offset(Uint8Array.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8Offset(Uint8Array.from([0x61, 0xe2, 0x82]))).toBe(1);
  });
});
