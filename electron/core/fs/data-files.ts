// Owns the rules for the app's own data files (settings, history, drafts), which the app, `serve` and the CLI share
// (issue 12): private modes (files 0600, folders 0700), read-modify-write under a cross-process lock file with
// stale-lock recovery, and a file that cannot be read moved aside to a timestamped backup, never overwritten.
import type * as Crypto from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import type { DataNotice } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import { processAlive } from '../pid.js';
import { loadLater } from '../load-later.js';
import { readJson } from '../../../shared/json-read.js';

const nodeCrypto = loadLater<typeof Crypto>('node:crypto');

export const DATA_FILE_MODE = 0o600;
export const DATA_DIR_MODE = 0o700;
/** A lock whose holder is gone, or held longer than this, is broken (every locked operation takes milliseconds). */
export const LOCK_STALE_MS = 30_000;
/** How long a writer waits for a live lock before it gives up with an error. */
export const LOCK_WAIT_MS = 10_000;

/**
 * Creates `dir` (and its missing parents) readable by the user only; an existing one that an earlier version (or a
 * loose umask) left open to others is tightened, whether the app is about to write or only reads.
 */
export function ensurePrivateDir(dir: string): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
    if (process.platform !== 'win32') chmodSync(dir, DATA_DIR_MODE); // exactly 0700, whatever the umask
    return;
  }
  if (process.platform === 'win32') return;
  try {
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, DATA_DIR_MODE);
  } catch {
    /* not ours to change: the files in it are still made private */
  }
}

/** Tightens a data file that an earlier version left readable by others (by path, or through an open descriptor). */
export function makePrivate(file: string | number): void {
  if (process.platform === 'win32') return;
  try {
    if (typeof file === 'number') {
      if ((fstatSync(file).mode & 0o077) !== 0) fchmodSync(file, DATA_FILE_MODE);
    } else if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, DATA_FILE_MODE);
  } catch {
    /* not there (yet) */
  }
}

/**
 * Moves an unreadable data file aside to `<file>.broken-<timestamp>` (never deleted, never overwritten) and says
 * so in a notice the app shows and the CLI prints.
 */
export function moveAside(file: string, problem: string, what: string): DataNotice {
  const at = new Date();
  const backup = `${file}.broken-${at.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, backup);
  makePrivate(backup);
  return {
    file,
    backup,
    at: at.toISOString(),
    message: `${basename(file)} could not be read (${problem}); it was moved to ${backup} and ${what}. Nothing in it was lost: fix it and copy it back, or keep the backup.`,
  };
}

interface Holder {
  pid: number;
  host: string;
  nonce: string;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** The stores are synchronous, so a waiting writer sleeps synchronously (a few milliseconds at a time). */
function sleep(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function readLock(lock: string): { text: string; mtimeMs: number } | undefined {
  try {
    return { text: readFileSync(lock, 'utf8'), mtimeMs: statSync(lock).mtimeMs };
  } catch {
    return undefined; // released meanwhile
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const read = readJson(text);
    const h = (read.ok && read.value !== null ? read.value : {}) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.nonce === 'string'
      ? (h as Holder)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Why the lock is stale, or undefined while its holder may still be working. */
function staleness(seen: { text: string; mtimeMs: number }): string | undefined {
  const age = Date.now() - seen.mtimeMs;
  const holder = parseHolder(seen.text);
  if (holder && holder.host === hostname() && !processAlive(holder.pid))
    return `process ${holder.pid} is gone`;
  if (!holder && age > 2000) return 'it is empty or unreadable'; // a holder died between creating and writing it
  if (age > LOCK_STALE_MS) return `it is ${Math.round(age / 1000)} s old`;
  return undefined;
}

/**
 * Breaks a stale lock: renames it away and checks that what was renamed is the very lock judged stale. If another
 * process broke it first and took a fresh lock in between, that fresh lock is put back.
 */
export function breakLock(lock: string, seen: string): void {
  const tomb = `${lock}.${nodeCrypto().randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(lock, tomb);
  } catch {
    return; // someone else broke or released it
  }
  let taken = '';
  try {
    taken = readFileSync(tomb, 'utf8');
  } catch {
    /* unreadable: treat as the stale one */
  }
  if (taken !== seen && taken !== '') {
    try {
      linkSync(tomb, lock); // give the live holder its lock back
    } catch {
      /* a third writer took the lock meanwhile; the live holder's release will leave it alone */
    }
  }
  try {
    unlinkSync(tomb);
  } catch {
    /* already gone */
  }
}

/**
 * Runs `fn` while holding `<file>.lock`, so that read-modify-write of a data file by several processes never loses
 * one process's change. The lock file holds the holder's pid, host and a nonce; a lock whose process is gone (or
 * that is older than LOCK_STALE_MS) is broken. Not reentrant.
 */
export function withFileLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    nonce: nodeCrypto().randomBytes(8).toString('hex'),
  });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let delay = 1; ; delay = Math.min(delay * 2, 25)) {
    try {
      const fd = openSync(lock, 'wx', DATA_FILE_MODE);
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new SkillError('Io', `Could not lock ${file}: ${(error as Error).message}.`);
    }
    const seen = readLock(lock);
    if (seen && staleness(seen)) {
      breakLock(lock, seen.text);
      continue;
    }
    if (Date.now() > deadline) {
      const holder = seen && parseHolder(seen.text);
      throw new SkillError(
        'Io',
        `${basename(file)} is locked by ${holder ? `process ${holder.pid}` : 'another process'} (${lock}). If no Skillbench is running, delete that file.`,
      );
    }
    if (seen) sleep(delay); // else it was released a moment ago: try again at once
  }
  try {
    return fn();
  } finally {
    // Only our own lock is removed: a lock broken as stale and taken by another writer stays theirs.
    if (readLock(lock)?.text === mine) {
      try {
        unlinkSync(lock);
      } catch {
        /* already gone */
      }
    }
  }
}
