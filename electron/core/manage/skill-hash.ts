// Owns `computedHash`, the content hash of an installed skill folder, computed exactly as Vercel's `skills` CLI does
// (vercel-labs/skills, src/local-lock.ts, computeSkillFolderHash) so both tools agree on whether a skill changed:
// every regular file below the folder (symlinks and other special files are not read; `.git` and `node_modules`
// folders are skipped), sorted by their '/'-separated relative path with String#localeCompare, then one SHA-256 over
// path + contents of each file in that order, as lowercase hex.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface SkillFile {
  /** Relative path, '/'-separated. */
  path: string;
  bytes: Buffer;
}

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

/** The files the hash covers, sorted as the hash reads them. */
export function skillFiles(folder: string): SkillFile[] {
  return coveredFiles(folder)
    .map((f) => ({ path: f.path, bytes: readFileSync(f.full) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

export function hashSkillFiles(files: readonly SkillFile[]): string {
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f.path);
    hash.update(f.bytes);
  }
  return hash.digest('hex');
}

export function computeSkillFolderHash(folder: string): string {
  return hashSkillFiles(skillFiles(folder));
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
