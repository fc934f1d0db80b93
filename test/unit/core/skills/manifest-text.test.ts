import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeManifestBytes,
  firstInvalidUtf8Offset,
  readManifestText,
} from '../../../../electron/core/skills/manifest-text.js';
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

  it('decodes exactly what a fatal UTF-8 decoder accepts, to the same text, BOM noted', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const samples: number[][] = [
      [0xef, 0xbb, 0xbf, 0x61, 0x0a], // BOM + "a"
      [0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80], // a é € 😀
      [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], // two BOMs: only the first is the file's
      [0x61, 0xc0, 0xaf], // overlong
      [0x61, 0xed, 0xa0, 0x80], // an encoded surrogate
      [0x61, 0xe2, 0x82], // truncated
      [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
      [0x80], // a lone continuation byte
    ];
    for (const bytes of samples) {
      const input = Uint8Array.from(bytes);
      let expected: string | undefined;
      try {
        expected = fatal.decode(input);
      } catch {
        expected = undefined;
      }
      const got = decodeManifestBytes('/x/SKILL.md', input);
      if (expected === undefined) {
        expect(got.ok, `${bytes.join(',')} is refused`).toBe(false);
        if (!got.ok) expect(got.diagnostic.code).toBe('file-encoding');
      } else {
        expect(got.ok).toBe(true);
        if (got.ok) {
          expect(got.value.bom).toBe(expected.charCodeAt(0) === 0xfeff);
          expect(got.value.text).toBe(got.value.bom ? expected.slice(1) : expected);
        }
      }
    }
  });

  it('reads small, boundary-sized and large files whole, and applies a small limit to a small file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-sizes-'));
    for (const size of [0, 1, 65_535, 65_536, 65_537, 300_000]) {
      const path = join(dir, `m-${size}.md`);
      const text = 'é'.repeat(Math.floor(size / 2)) + 'x'.repeat(size % 2);
      writeFileSync(path, text);
      const read = readManifestText(path);
      expect(read.ok && read.value.text === text, `${size} bytes`).toBe(true);
    }
    const limited = readManifestText(join(dir, 'm-65535.md'), 1000);
    expect(!limited.ok && limited.diagnostic.code).toBe('file-too-large');
    const exact = readManifestText(join(dir, 'm-1.md'), 1);
    expect(exact.ok).toBe(true);
    expect(!readManifestText(dir).ok && 'unreadable').toBe('unreadable');
  });
});
