// Owns walking a folder tree and the one set of folders every walk leaves out (`.git`, `node_modules`): their
// contents are never part of a skill, and they can be huge.
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

/** Folders no walk enters: the library scan, the watcher, listings, hashes, copies. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

export interface WalkOptions {
  /** Folder names left out beside SKIPPED_FOLDERS (the `skills` CLI's copy also leaves out `__pycache__`). */
  skip?: readonly string[];
  /** Each folder's entries in name order (code units); otherwise as the OS lists them. */
  sorted?: boolean;
  /** Enter the folders below the root (default); false lists the root's own entries only. */
  recursive?: boolean;
  /** A link is met as what it points to (and a folder behind one entered); a broken link is left out. */
  followLinks?: boolean;
}

export interface WalkEntry {
  /** '/'-separated, relative to the walk's root. */
  path: string;
  full: string;
  name: string;
  /** `link` only when links are not followed; `other` for sockets, devices and the like. */
  kind: 'folder' | 'file' | 'link' | 'other';
  /** A folder the walk does not enter because its name is skipped. */
  skipped: boolean;
}

/**
 * Every entry below `root`, a folder before what it holds. A folder that cannot be read throws, as `readdirSync`
 * does; a caller that stops early (a cap) stops reading.
 */
export function* walkFolder(root: string, options: WalkOptions = {}): Generator<WalkEntry> {
  const skip = options.skip ? new Set([...SKIPPED_FOLDERS, ...options.skip]) : SKIPPED_FOLDERS;
  function* walk(dir: string, prefix: string): Generator<WalkEntry> {
    const dirents = readdirSync(dir, { withFileTypes: true });
    if (options.sorted) dirents.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const d of dirents) {
      const full = join(dir, d.name);
      const kind = options.followLinks && d.isSymbolicLink() ? targetKind(full) : kindOf(d);
      if (kind === undefined) continue;
      const skipped = kind === 'folder' && skip.has(d.name);
      const path = `${prefix}${d.name}`;
      yield { path, full, name: d.name, kind, skipped };
      if (kind === 'folder' && !skipped && options.recursive !== false) yield* walk(full, `${path}/`);
    }
  }
  yield* walk(root, '');
}

function kindOf(d: Dirent): WalkEntry['kind'] {
  if (d.isDirectory()) return 'folder';
  if (d.isFile()) return 'file';
  return d.isSymbolicLink() ? 'link' : 'other';
}

/** What a link points to; undefined when it is broken. */
function targetKind(full: string): WalkEntry['kind'] | undefined {
  try {
    const target = statSync(full);
    return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
}
