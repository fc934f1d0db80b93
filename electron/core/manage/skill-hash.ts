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

/** The files the hash covers, sorted as the hash reads them. */
export function skillFiles(folder: string): SkillFile[] {
  const out: SkillFile[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === '.git' || entry.name === 'node_modules') continue;
        walk(full, `${prefix}${entry.name}/`);
      } else if (entry.isFile()) out.push({ path: `${prefix}${entry.name}`, bytes: readFileSync(full) });
    }
  };
  walk(folder, '');
  return out.sort((a, b) => a.path.localeCompare(b.path));
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

/** What the hash depends on, without reading contents: each file's relative path, size, mtime and ctime (same walk
 *  and skips as `skillFiles`). A change to any file, or a file added or removed, changes the signature. */
function folderSignature(folder: string): string {
  const parts: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === '.git' || entry.name === 'node_modules') continue;
        walk(full, `${prefix}${entry.name}/`);
      } else if (entry.isFile()) {
        const st = statSync(full);
        parts.push(`${prefix}${entry.name}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}`);
      }
    }
  };
  walk(folder, '');
  return parts.sort().join('\n');
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
