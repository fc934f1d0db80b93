// Owns the existence checks of one library pass (issue 14): a skill's links and script paths are answered from the
// folder listings the scan already made, and any other path is asked of the disk once however often it is linked.
// A pass's cache is dropped when the pass ends, so it never answers from a disk state older than the pass.
import { existsSync, type Dirent } from 'node:fs';
import { basename, dirname } from 'node:path';

export class PathCache {
  /** Folder -> names of its plain (non-link) entries, from the scan. */
  private listings = new Map<string, Set<string>>();
  /** Paths already asked of the disk. */
  private asked = new Map<string, boolean>();

  /** Records a listing made elsewhere (the scan's), so no folder is listed twice. */
  seed(folder: string, dirents: readonly Dirent[]): void {
    this.listings.set(folder, plainNames(dirents));
  }

  /**
   * The same answer as `existsSync(path)`. A name in its folder's listing exists; anything else (a link, which may
   * dangle, a name that differs only in case on a case-insensitive disk, a folder the scan did not list) is asked of
   * the disk, once: the cache changes how often the disk is asked, never the answer.
   */
  exists = (path: string): boolean => {
    if (this.listings.get(dirname(path))?.has(basename(path))) return true;
    let found = this.asked.get(path);
    if (found === undefined) this.asked.set(path, (found = existsSync(path)));
    return found;
  };
}

function plainNames(dirents: readonly Dirent[]): Set<string> {
  const names = new Set<string>();
  for (const d of dirents) if (!d.isSymbolicLink()) names.add(d.name);
  return names;
}
