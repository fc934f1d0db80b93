// Owns `computedHash`, the content hash of an installed skill folder, computed exactly as Vercel's `skills` CLI does
// (vercel-labs/skills, src/local-lock.ts, computeSkillFolderHash) so both tools agree on whether a skill changed:
// every regular file below the folder (symlinks and other special files are not read; `.git` and `node_modules`
// folders are skipped), sorted by their '/'-separated relative path with String#localeCompare, then one SHA-256 over
// path + contents of each file in that order, as lowercase hex.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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
