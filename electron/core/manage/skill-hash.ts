// Owns `computedHash`, the content hash of an installed skill folder, computed exactly as Vercel's `skills` CLI does
// (vercel-labs/skills, src/local-lock.ts, computeSkillFolderHash) so both tools agree on whether a skill changed:
// every regular file below the folder (symlinks and other special files are not read; `.git` and `node_modules`
// folders are skipped), sorted by their '/'-separated relative path with String#localeCompare, then one SHA-256 over
// path + contents of each file in that order, as lowercase hex.
// Files are read in chunks, never whole, so a skill holding a file of several gigabytes is hashed, compared and packed
// in bounded memory (Node cannot read a file over 2 GiB into one Buffer).
// The user lock's `skillFolderHash` follows the CLI's two conventions (lockedHash): the git tree SHA of the skill
// folder for a GitHub source, this content hash for the others; both are computed here for a folder on disk.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { walkFolder } from '../fs/walk.js';

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
  for (const { kind, path, full } of walkFolder(folder)) if (kind === 'file') out.push({ path, full });
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

/**
 * What an inspection saw of a skill folder, from one read of each file: `content`, the `computedHash` the lock
 * records, and `snapshot`, which also covers each file's execute bit (a copy keeps the mode, and `chmod +x` makes a
 * file an agent can run). Installing refuses a folder (or a staged copy) whose snapshot is not the one inspected.
 */
export function inspectedHashes(folder: string): { content: string; snapshot: string } {
  const content = createHash('sha256');
  const snapshot = createHash('sha256');
  for (const f of skillFiles(folder)) {
    const executable = process.platform !== 'win32' && (lstatSync(f.full).mode & 0o111) !== 0;
    content.update(f.path);
    snapshot.update(`${f.path}\0${executable ? 'x' : '-'}\0${f.size}\0`);
    readChunks(f.full, (chunk) => {
      content.update(chunk);
      snapshot.update(chunk);
    });
  }
  return { content: content.digest('hex'), snapshot: snapshot.digest('hex') };
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
  // Links followed and broken ones skipped, as the CLI copies; its skips beside the hash's own.
  const walk = walkFolder(folder, { followLinks: true, skip: ['__pycache__', '__pypackages__'] });
  for (const { kind, name, path, full } of walk)
    if (kind === 'file' && name !== 'metadata.json') files.push({ path, full });
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

/** What the hash depends on, without reading contents: each covered file's relative path, size, mode, mtime and
 *  ctime. A change to any file, or a file added or removed, changes the signature. */
export function folderSignature(folder: string): string {
  return coveredFiles(folder)
    .map((f) => {
      const st = statSync(f.full);
      return `${f.path}\0${st.size}\0${st.mode}\0${st.mtimeMs}\0${st.ctimeMs}`;
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

/** The two hashes a lock records for a skill folder: a SHA-256 of its files (64 hex), or a git tree SHA-1 (40 hex). */
type HashKind = 'content' | 'git-tree';

/** Which convention a recorded hash follows, by its form (as the CLI's `skills update -g` tells them apart). */
export function hashKind(hash: string): HashKind | undefined {
  if (/^[0-9a-f]{64}$/i.test(hash)) return 'content';
  if (/^[0-9a-f]{40}$/i.test(hash)) return 'git-tree';
  return undefined;
}

/**
 * What a lock entry says the skill hashed to when installed: Skillbench's `computedHash` (project lock, and added to
 * the user lock), else the CLI's user-lock `skillFolderHash` in whichever convention it has. Undefined: nothing to
 * compare with (an empty or unreadable hash).
 */
export function lockedHash(entry: {
  computedHash?: unknown;
  skillFolderHash?: unknown;
}): { hash: string; kind: HashKind } | undefined {
  for (const value of [entry.computedHash, entry.skillFolderHash]) {
    const kind = typeof value === 'string' ? hashKind(value) : undefined;
    if (kind) return { hash: (value as string).toLowerCase(), kind };
  }
  return undefined;
}

/** A folder's hash in one convention (the content hash through the cache). */
export function folderHash(folder: string, kind: HashKind): string {
  return kind === 'content' ? cachedSkillFolderHash(folder) : gitTreeHashOfFolder(folder);
}

/**
 * The SHA-1 git gives the tree of `folder` (what `git rev-parse HEAD:path` and GitHub's Trees API return for a
 * committed folder), computed from the files on disk: blobs with their mode (executable or not), links as links,
 * folders without files left out as git leaves them, `.git` skipped.
 */
export function gitTreeHashOfFolder(folder: string): string {
  return treeObject(folder) ?? gitObject('tree', Buffer.alloc(0));
}

function gitObject(type: 'blob' | 'tree', body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

function blobHash(full: string, size: number): string {
  const hash = createHash('sha1').update(`blob ${size}\0`);
  return feed(hash, full).digest('hex');
}

/** The tree object's SHA-1, or undefined for a folder git would not record (no file below it). */
function treeObject(dir: string): string | undefined {
  const entries: Array<{ name: string; mode: string; sha: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '.git') continue;
      const sha = treeObject(full);
      if (sha) entries.push({ name: entry.name, mode: '40000', sha });
    } else if (entry.isSymbolicLink())
      entries.push({
        name: entry.name,
        mode: '120000',
        sha: gitObject('blob', Buffer.from(readlinkSync(full))),
      });
    else if (entry.isFile()) {
      const st = lstatSync(full);
      entries.push({
        name: entry.name,
        mode: st.mode & 0o100 ? '100755' : '100644',
        sha: blobHash(full, st.size),
      });
    }
  }
  if (!entries.length) return undefined;
  // Git sorts by name bytes, a folder's name as if it ended with "/".
  const key = (e: { name: string; mode: string }) => Buffer.from(e.mode === '40000' ? `${e.name}/` : e.name);
  entries.sort((a, b) => Buffer.compare(key(a), key(b)));
  return gitObject(
    'tree',
    Buffer.concat(entries.flatMap((e) => [Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.sha, 'hex')])),
  );
}
