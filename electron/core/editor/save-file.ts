// Owns reading files for editing and saving them atomically: line endings and BOM kept; a file changed on disk
// since it was read is never overwritten silently (Conflict).
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { formatBytes, MAX_EDITABLE_BYTES } from '../../../shared/units.js';
import { hashBytes, writeFileAtomically } from '../fs/atomic-write.js';
import { decodeManifestBytes } from '../skills/manifest-text.js';

export interface FileSnapshot {
  /** Text without the BOM. */
  text: string;
  /** sha256 of the bytes on disk: the token a save must present to prove it saw the current version. */
  hash: string;
  bom: boolean;
  eol: '\n' | '\r\n';
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function currentHash(path: string): string | null {
  try {
    return hashBytes(readFileSync(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SkillError('Io', `Could not read ${path}: ${(error as Error).message}`);
  }
}

export function readFileSnapshot(path: string, maxBytes = MAX_EDITABLE_BYTES): FileSnapshot {
  let bytes: Buffer;
  try {
    if (statSync(path).size > maxBytes)
      throw new SkillError('InvalidFormat', `${path} is over the ${maxBytes} byte limit for editing.`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof SkillError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SkillError(
      code === 'ENOENT' ? 'NotFound' : 'Io',
      `Could not read ${path} (${code ?? 'error'}).`,
    );
  }
  const decoded = decodeManifestBytes(path, bytes);
  if (!decoded.ok) throw new SkillError('InvalidFormat', decoded.diagnostic.message);
  return { ...decoded.value, hash: hashBytes(bytes) };
}

/** A file over the editing limit could be saved but never opened again: refused before anything is written. */
function refuseOverLimit(path: string, bytes: number): void {
  if (bytes > MAX_EDITABLE_BYTES)
    throw new SkillError(
      'InvalidFormat',
      `${basename(path)} would be ${formatBytes(bytes)}, over the ${formatBytes(MAX_EDITABLE_BYTES)} limit for editing; nothing was saved.`,
    );
}

export interface SaveOptions {
  /** The hash the editor read; null means the file must not exist yet; undefined skips the check (overwrite). */
  expectedHash?: string | null;
  /** Write a BOM (default: keep what the file had). */
  bom?: boolean;
}

/**
 * Writes exactly `text` (plus the BOM when kept): the caller's buffer already holds its line endings, so nothing
 * is converted. Refuses with Conflict when the file on disk is not the version the caller read.
 */
export function saveFileAtomically(path: string, text: string, options: SaveOptions = {}): FileSnapshot {
  refuseOverLimit(path, Buffer.byteLength(text));
  const existing = currentHash(path);
  if (options.expectedHash !== undefined && existing !== options.expectedHash) {
    throw new SkillError(
      'Conflict',
      existing === null
        ? `${basename(path)} was deleted on disk since it was opened. Save again to recreate it, or close it.`
        : `${basename(path)} changed on disk since it was opened. Reload it, overwrite it, or compare the two.`,
      { currentHash: existing },
    );
  }
  // A file created on purpose (expectedHash null) may be the first in its folder: a skill's first evals/triggers.json.
  if (existing === null && options.expectedHash === null) mkdirSync(dirname(path), { recursive: true });
  let bom = options.bom;
  let mode: number | undefined;
  if (existing !== null) {
    const stat = statSync(path);
    mode = stat.mode & 0o7777;
    if (bom === undefined) {
      const head = readFileSync(path).subarray(0, 3);
      bom = head.equals(UTF8_BOM);
    }
  }
  const body = Buffer.concat([
    bom ? UTF8_BOM : Buffer.alloc(0),
    Buffer.from(text.replace(/^\uFEFF/, ''), 'utf8'),
  ]);
  refuseOverLimit(path, body.length);
  writeFileAtomically(path, body, mode === undefined ? {} : { mode });
  const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n';
  return { text: text.replace(/^\uFEFF/, ''), hash: hashBytes(body), bom: bom === true, eol };
}
