// Owns `computedHash`, the content hash of an installed skill folder, computed exactly as Vercel's `skills` CLI does
// (vercel-labs/skills, src/local-lock.ts, computeSkillFolderHash) so both tools agree on whether a skill changed:
// every regular file below the folder (symlinks and other special files are not read; `.git` and `node_modules`
// folders are skipped), sorted by their '/'-separated relative path with String#localeCompare, then one SHA-256 over
// path + contents of each file in that order, as lowercase hex.
// Files are read in chunks, never whole, so a skill holding a file of several gigabytes is hashed, compared and packed
// in bounded memory (Node cannot read a file over 2 GiB into one Buffer).
import { createHash, type Hash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface SkillFile {
  /** Relative path, '/'-separated. */
  path: string;
  /** Absolute path. */
  full: string;
  /** Size in bytes. */
  size: number;
}

const CHUNK = 1024 * 1024;

/**
 * The files the hash covers, each with its '/'-separated relative path and its full path, unsorted: the one walk
 * (and the one rule for what is skipped) both the hash and the cache's signature read.
 */
function coveredFiles(folder: string): Array<{ path: string; full: string }> {
  const out: Array<{ path: string; full: string }> = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === '.git' || entry.name === 'node_modules') continue;
        walk(full, `${prefix}${entry.name}/`);
      } else if (entry.isFile()) out.push({ path: `${prefix}${entry.name}`, full });
    }
  };
  walk(folder, '');
  return out;
}

/** The files the hash covers, sorted as the hash reads them, with their sizes (nothing is read). */
export function skillFiles(folder: string): SkillFile[] {
  return coveredFiles(folder)
    .map((f) => ({ ...f, size: statSync(f.full).size }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Reads a file chunk by chunk, handing each chunk (a view valid only during the call) to `each`; `each` may return
 *  false to stop early. */
export function readChunks(full: string, each: (chunk: Uint8Array) => boolean | void): void {
  const fd = openSync(full, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const n = readSync(fd, buffer, 0, CHUNK, null);
      if (n === 0 || each(buffer.subarray(0, n)) === false) return;
    }
  } finally {
    closeSync(fd);
  }
}

function feed(hash: Hash, full: string): Hash {
  readChunks(full, (chunk) => void hash.update(chunk));
  return hash;
}

/** SHA-256 of one file's contents, read in chunks: how two versions of a file are compared. */
export function fileDigest(full: string): string {
  return feed(createHash('sha256'), full).digest('hex');
}

export function computeSkillFolderHash(folder: string): string {
  const hash = createHash('sha256');
  for (const f of skillFiles(folder)) {
    hash.update(f.path);
    feed(hash, f.full);
  }
  return hash.digest('hex');
}

/**
 * The `computedHash` of the copy Vercel's `skills` CLI makes of `folder` when it installs it (src/installer.ts,
 * copyDirectory): it leaves out files named `metadata.json` and folders named `.git`, `__pycache__` and
 * `__pypackages__`, and copies what a link points to (a broken link is skipped). Its lockfile records the hash of the
 * source, so a skill it installed from a source with any of these never hashes as locked; this is what its copy
 * hashes to, to compare an installed copy with the source it came from.
 */
export function skillsCliCopyHash(folder: string): string {
  const files: Array<{ path: string; full: string }> = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = statSync(full);
          isDir = target.isDirectory();
          isFile = target.isFile();
        } catch {
          continue; // broken: the CLI skips it
        }
      }
      if (isDir) {
        // Left out of the copy by the CLI, or of the hash by computeSkillFolderHash.
        if (['.git', '__pycache__', '__pypackages__', 'node_modules'].includes(entry.name)) continue;
        walk(full, `${prefix}${entry.name}/`);
      } else if (isFile && entry.name !== 'metadata.json')
        files.push({ path: `${prefix}${entry.name}`, full });
    }
  };
  walk(folder, '');
  const hash = createHash('sha256');
  for (const f of files.sort((a, b) => a.path.localeCompare(b.path))) {
    hash.update(f.path);
    feed(hash, f.full);
  }
  return hash.digest('hex');
}

/** Counts folder hashes actually computed (the cache misses of `cachedSkillFolderHash`); tests read it. */
export const skillHashStats = { computed: 0 };

const hashCache = new Map<string, { signature: string; hash: string }>();

/** What the hash depends on, without reading contents: each covered file's relative path, size, mtime and ctime.
 *  A change to any file, or a file added or removed, changes the signature. */
function folderSignature(folder: string): string {
  return coveredFiles(folder)
    .map((f) => {
      const st = statSync(f.full);
      return `${f.path}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}`;
    })
    .sort()
    .join('\n');
}

/** `computeSkillFolderHash`, re-read only when the folder's files changed (by path, size, mtime, ctime) since the
 *  last call for the same folder, so listing installed skills after a library change hashes only the changed ones. */
export function cachedSkillFolderHash(folder: string): string {
  const signature = folderSignature(folder);
  const hit = hashCache.get(folder);
  if (hit && hit.signature === signature) return hit.hash;
  const hash = computeSkillFolderHash(folder);
  skillHashStats.computed++;
  hashCache.set(folder, { signature, hash });
  return hash;
}
