// Owns noticing changes made outside the app: the roots' folders watched, bursts debounced into one batch of paths,
// and the app's own saves (known by path and content hash) left out so a save is not reported twice.
// On Linux every folder has a watch of its own (issue 13): Node's recursive fs.watch there watches each file's
// inode, so a file replaced by rename (every atomic save) went unnoticed afterwards, and chokidar, which also
// watches files, misses changes made while it re-arms one. A folder's watch reports every change to the names in
// it, whatever replaced them. macOS and Windows watch a whole tree natively and by path.
import { lstatSync, readdirSync, readFileSync, realpathSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { hashBytes } from '../core/fs/atomic-write.js';
import { SKIPPED_FOLDERS } from '../core/fs/walk.js';

const DEBOUNCE_MS = 200;
const OWN_WRITE_MEMORY_MS = 2000;
/** The atomic writer's temp files (`.name.xxxx.tmp`): never a change of their own. */
const TEMP_FILE = /(^|[\\/])\.[^\\/]*\.tmp$/;
/** As deep as the library scan goes, and a little more for files inside a skill. */
const MAX_DEPTH = 12;
/** Folders watched per root at most (each is an inotify watch on Linux, a limited resource). */
const MAX_FOLDERS = 4000;
const NATIVE_RECURSIVE = process.platform === 'darwin' || process.platform === 'win32';

export class RootWatcher {
  /** Watches by root, then by folder (a root's only entry is itself where the OS watches trees). */
  private readonly roots = new Map<string, Map<string, FSWatcher>>();
  private readonly pending = new Set<string>();
  private readonly ownWrites = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onChange: (paths: string[]) => void) {}

  /** Watches exactly these folders: roots already watched stay as they are, new ones are added, others dropped. */
  watch(roots: readonly string[]): void {
    for (const [root, folders] of this.roots)
      if (!roots.includes(root)) {
        for (const w of folders.values()) w.close();
        this.roots.delete(root);
      }
    for (const root of roots) {
      if (this.roots.has(root)) continue;
      const folders = new Map<string, FSWatcher>();
      this.roots.set(root, folders);
      if (NATIVE_RECURSIVE) this.watchFolder(folders, root, true);
      else this.watchTree(folders, root, 0);
    }
  }

  /** Resolves once the roots are watched (kept for callers that wait: the folders are walked synchronously). */
  whenReady(): Promise<void> {
    return Promise.resolve();
  }

  /** The app just wrote `path` (a real path) with this content hash: its echo is not a change. */
  rememberWrite(path: string, hash: string): void {
    this.ownWrites.set(path, hash);
    setTimeout(() => {
      if (this.ownWrites.get(path) === hash) this.ownWrites.delete(path);
    }, OWN_WRITE_MEMORY_MS).unref();
  }

  close(): void {
    for (const folders of this.roots.values()) for (const w of folders.values()) w.close();
    this.roots.clear();
    clearTimeout(this.timer);
  }

  /** Watches a folder and the folders under it (Linux), within the depth and count bounds. */
  private watchTree(folders: Map<string, FSWatcher>, dir: string, depth: number): void {
    if (folders.has(dir) || folders.size >= MAX_FOLDERS || depth > MAX_DEPTH) return;
    if (!this.watchFolder(folders, dir, false)) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // Links are not followed: the library reads a link only into the projects and the agents' user folders, which
    // the app opens as roots, so the folder a link leads to is watched as a root of its own.
    for (const e of entries)
      if (e.isDirectory() && !SKIPPED_FOLDERS.has(e.name))
        this.watchTree(folders, join(dir, e.name), depth + 1);
  }

  private watchFolder(folders: Map<string, FSWatcher>, dir: string, recursive: boolean): boolean {
    try {
      const watcher = watch(dir, { recursive }, (_event, filename) => {
        if (!filename) return;
        const full = join(dir, filename.toString());
        if (!recursive) this.followFolders(folders, dir, full);
        if (TEMP_FILE.test(full) || full.split(/[\\/]/).some((part) => SKIPPED_FOLDERS.has(part))) return;
        this.noticed(full);
      });
      watcher.on('error', () => {
        // The folder went away (or the OS refused): its changes are noticed by its parent's watch.
        watcher.close();
        folders.delete(dir);
      });
      folders.set(dir, watcher);
      return true;
    } catch {
      // No watching (e.g. the OS limit on watches): changes still show after the next reload.
      return false;
    }
  }

  /** A name in a watched folder changed: a new folder gets watched, a folder that went away is forgotten. */
  private followFolders(folders: Map<string, FSWatcher>, dir: string, full: string): void {
    let isDir = false;
    try {
      isDir = lstatSync(full).isDirectory();
    } catch {
      isDir = false;
    }
    const depth = (p: string) => p.split(/[\\/]/).length;
    const root = [...this.roots.entries()].find(([, f]) => f === folders)?.[0] ?? dir;
    if (isDir && !SKIPPED_FOLDERS.has(full.split(/[\\/]/).pop() ?? ''))
      this.watchTree(folders, full, depth(full) - depth(root));
    else
      for (const [path, w] of folders)
        if (path === full || path.startsWith(full + '/')) {
          w.close();
          folders.delete(path);
        }
  }

  private noticed(path: string): void {
    if (this.isOwnWrite(path)) return;
    this.pending.add(path);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
  }

  private flush(): void {
    const paths = [...this.pending];
    this.pending.clear();
    try {
      this.onChange(paths);
    } catch {
      // Runs on a timer: a listener's failure must not stop the process; the next change is read again.
    }
  }

  /** The file is as the app last wrote it. */
  private isOwnWrite(path: string): boolean {
    if (this.ownWrites.size === 0) return false;
    try {
      const real = realpathSync(path);
      const hash = this.ownWrites.get(real);
      return hash !== undefined && hashBytes(readFileSync(real)) === hash;
    } catch {
      return false;
    }
  }
}
