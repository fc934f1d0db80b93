// Owns the one atomic writer: temp file in the same folder, fsync, rename, folder fsync; and the cleanup of
// temp files that interrupted saves left behind.
import type * as Crypto from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SkillError } from '../../../shared/errors.js';
import { loadLater } from '../load-later.js';

const nodeCrypto = loadLater<typeof Crypto>('node:crypto');

export function hashBytes(bytes: Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(bytes).digest('hex');
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
