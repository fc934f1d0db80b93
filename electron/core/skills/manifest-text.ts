// Owns turning a manifest's bytes into text: size limit, binary and encoding checks, BOM and line endings.
import { isUtf8 } from 'node:buffer';
import { openSync, closeSync, fstatSync, readSync } from 'node:fs';
import type { Diagnostic } from '../../../shared/types.js';
import { formatBytes, MAX_EDITABLE_BYTES } from '../../../shared/units.js';
import { makeDiagnostic } from './diagnostic.js';
import { LineIndex } from './line-index.js';

/** The editing limit: a manifest the app can save is one the library loads. */
export const DEFAULT_MAX_MANIFEST_BYTES = MAX_EDITABLE_BYTES;

export interface ManifestText {
  /** Decoded text without the BOM. */
  text: string;
  bom: boolean;
  eol: '\n' | '\r\n';
}

export type DecodeResult = { ok: true; value: ManifestText } | { ok: false; diagnostic: Diagnostic };

const FIRST_LINE = { line: 1, column: 1, endLine: 1, endColumn: 1 };

const scratch = Buffer.allocUnsafe(64 * 1024);

/** Reads a manifest without ever throwing: oversized, unreadable, binary and non-UTF-8 files become diagnostics. */
export function readManifestText(path: string, maxBytes = DEFAULT_MAX_MANIFEST_BYTES): DecodeResult {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    // Most manifests are a few kilobytes: one read into a buffer kept for every call, with no size asked first and no
    // buffer allocated (a library pass reads hundreds of them, and each system call counts). A read of a regular file
    // that returns less than asked has reached its end.
    const first = readSync(fd, scratch, 0, scratch.length, 0);
    if (first < scratch.length && first <= maxBytes)
      return decodeManifestBytes(path, scratch.subarray(0, first));
    const size = fstatSync(fd).size;
    if (size > maxBytes) {
      return fail(
        path,
        'file-too-large',
        `The file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit for a manifest; it was not read. ` +
          'Move long material into files under references/ and link to them from SKILL.md.',
      );
    }
    const buffer = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return decodeManifestBytes(path, buffer.subarray(0, read));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return fail(
      path,
      'file-unreadable',
      `The file could not be read (${code}): check that it exists and is readable.`,
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function decodeManifestBytes(path: string, bytes: Uint8Array): DecodeResult {
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return fail(
      path,
      'file-binary',
      `The file holds a NUL byte at byte ${nul}, so it is binary, not a text manifest. ` +
        'Replace it with a UTF-8 Markdown file (UTF-16 files must be re-saved as UTF-8).',
    );
  }
  // Checked, then decoded, natively: both are several times faster than a fatal TextDecoder. The BOM is kept here
  // (as `ignoreBOM` would) and removed by fromDecodedText.
  if (isUtf8(bytes)) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    return { ok: true, value: fromDecodedText(text) };
  }
  const bad = firstInvalidUtf8Offset(bytes);
  const prefix = new TextDecoder('utf-8').decode(bytes.subarray(0, bad));
  const pos = new LineIndex(prefix).position(prefix.length);
  return {
    ok: false,
    diagnostic: makeDiagnostic(
      'error',
      'file-encoding',
      `The file is not valid UTF-8 (byte 0x${(bytes[bad] ?? 0).toString(16).padStart(2, '0')} at byte ${bad}). ` +
        'Re-save it as UTF-8; skills are read as UTF-8 by every runtime.',
      path,
      { line: pos.line, column: pos.column, endLine: pos.line, endColumn: pos.column + 1 },
    ),
  };
}

/** An already decoded string (e.g. an editor buffer): BOM noted and removed, line ending detected. */
export function fromDecodedText(decoded: string): ManifestText {
  const bom = decoded.charCodeAt(0) === 0xfeff;
  const text = bom ? decoded.slice(1) : decoded;
  const firstBreak = text.indexOf('\n');
  const eol = firstBreak > 0 && text.charCodeAt(firstBreak - 1) === 13 ? '\r\n' : '\n';
  return { text, bom, eol };
}

/** Offset of the first byte that breaks UTF-8 (the decoder only says that one exists). */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

function fail(path: string, code: string, message: string): DecodeResult {
  return { ok: false, diagnostic: makeDiagnostic('error', code, message, path, FIRST_LINE) };
}
