// Owns reading files for editing and saving them atomically: temp file in the same folder, fsync, rename; line
// endings and BOM kept; a file changed on disk since it was read is never overwritten silently (Conflict).
import type * as Crypto from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  chmodSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { formatBytes, MAX_EDITABLE_BYTES } from '../../../shared/units.js';
import { decodeManifestBytes } from '../skills/manifest-text.js';
import { loadLater } from '../load-later.js';

const nodeCrypto = loadLater<typeof Crypto>('node:crypto');

export interface FileSnapshot {
  /** Text without the BOM. */
  text: string;
  /** sha256 of the bytes on disk: the token a save must present to prove it saw the current version. */
  hash: string;
  bom: boolean;
  eol: '\n' | '\r\n';
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export function hashBytes(bytes: Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(bytes).digest('hex');
}

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

export interface AtomicWriteOptions {
  /** The file's exact permissions (data files of the app: 0600); by default a new file's 0644 under the umask. */
  mode?: number;
}

/** Temp files this writer makes: `.<name>.<12 hex>.tmp` beside the file. */
const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;
/** Temp names of earlier versions (history compaction, drafts), cleaned the same way. */
const LEGACY_TEMP_NAMES = [/^history\.jsonl\.\d+\.\d+\.tmp$/, /^[0-9a-f]{32}\.json\.tmp$/];
/** A temp file older than this belongs to a save that was interrupted (a save takes milliseconds). */
export const STALE_TEMP_MS = 60_000;

/**
 * The one atomic writer (STYLE.md convention 12): temp file in the same folder, fsync, rename, folder fsync. A
 * failure leaves the file as it was. Each write also removes temp files that interrupted saves left in the folder
 * (issue 12: they used to stay forever).
 */
export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const { mode } = options;
  const temp = join(dirname(path), `.${basename(path)}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', mode ?? 0o644);
    writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    if (mode !== undefined) chmodSync(temp, mode); // exactly this mode, whatever the umask
    renameSync(temp, path);
    syncFolder(dirname(path));
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      /* never created, or already renamed */
    }
    throw new SkillError(
      'Io',
      `Could not save ${path}: ${(error as Error).message}. The file on disk was not changed.`,
    );
  }
  removeStaleTemps(dirname(path));
}

/** Removes temp files of interrupted saves from `folder`: only this writer's names, only when old enough. */
export function removeStaleTemps(folder: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!TEMP_NAME.test(name) && !LEGACY_TEMP_NAMES.some((re) => re.test(name))) continue;
    const file = join(folder, name);
    try {
      const stat = lstatSync(file);
      if (stat.isFile() && now - stat.mtimeMs > STALE_TEMP_MS) unlinkSync(file);
    } catch {
      /* gone already, or not ours to remove */
    }
  }
}

/** Makes the rename durable (POSIX); Windows cannot open folders for fsync, and does not need to. */
function syncFolder(folder: string): void {
  if (process.platform === 'win32') return;
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    /* best effort */
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
