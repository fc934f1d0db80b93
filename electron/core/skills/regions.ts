// Owns which folders an incremental update re-reads for changed paths: the skill folder holding a path, else the changed
// folder, else (a new or deleted manifest) its folder; never what a scan would not look at.
import { lstatSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isWithin, safeRealpath } from '../fs/confine.js';
import { SKIPPED_FOLDERS } from '../fs/walk.js';
import { isDirectory, type RootState } from './scan.js';

interface Region {
  root: RootState;
  folder: string;
}

/**
 * Folders to rescan for changed paths, per root: the skill folder holding a path, else the changed folder itself,
 * else (a new or deleted manifest) its folder. Paths the scan never looks at (hidden, skipped, too deep) are
 * dropped; a region inside another is covered by it.
 */
export function regionsOf(
  states: readonly RootState[],
  paths: readonly string[],
  isSkillFolder: (folder: string) => boolean,
  maxDepth: number,
): Region[] {
  const out: Array<{ root: RootState; folder: string }> = [];
  for (const root of states) {
    if (root.startReal === undefined) continue;
    const folders: string[] = [];
    for (const given of paths) {
      // Paths may come as the watcher sees them (below the root as given) or real (from the path guard).
      const path = isWithin(root.start, given)
        ? given
        : isWithin(root.startReal, given)
          ? join(root.start, relative(root.startReal, given))
          : undefined;
      if (path === undefined) continue;
      const folder = regionFolder(root, path, isSkillFolder, maxDepth);
      if (folder !== undefined) folders.push(folder);
    }
    folders.sort((a, b) => a.length - b.length);
    const kept: string[] = [];
    for (const f of folders) if (!kept.some((k) => isWithin(k, f))) kept.push(f);
    out.push(...kept.map((folder) => ({ root, folder })));
  }
  return out;
}

function regionFolder(
  root: RootState,
  path: string,
  isSkillFolder: (folder: string) => boolean,
  maxDepth: number,
): string | undefined {
  if (root.onlyFile) return root.start;
  for (let dir = path; isWithin(root.start, dir); dir = dirname(dir)) {
    if (isSkillFolder(dir)) return dir; // inside a skill: its links, scripts and manifests are its own
    if (dir === root.start) break;
  }
  const rel = relative(root.start, path);
  const names = rel === '' ? [] : rel.split(sep);
  // Below the root, the scan never enters hidden or skipped folders, nor goes deeper than the limit.
  if (names.slice(0, -1).some((n) => n.startsWith('.') || SKIPPED_FOLDERS.has(n))) return undefined;
  const last = names[names.length - 1];
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    stat = undefined;
  }
  if (stat?.isFile()) return dirname(path); // a manifest written (or any file) in a folder that is no skill yet
  if (last !== undefined && (last.startsWith('.') || SKIPPED_FOLDERS.has(last))) return undefined;
  if (names.length > maxDepth) return undefined;
  // A folder added, removed or renamed, or a link: rescan it (a removed one only loses its skills).
  return path;
}

/** Real path of a region's folder when the scan would enter it (it exists, and links stay inside the root). */
export function regionStart(root: RootState, folder: string): string | undefined {
  const real = safeRealpath(folder);
  if (!real || !isDirectory(real) || !root.startReal || !isWithin(root.startReal, real)) return undefined;
  return real;
}
