// Owns noticing changes made outside the app: one chokidar watcher over the roots, bursts debounced into one batch
// of paths, and the app's own saves (known by path and content hash) left out so a save is not reported twice.
// chokidar watches each folder rather than one recursive `fs.watch` per root: on Linux, Node's recursive watch
// keeps watching the inode a file had, so a file replaced by rename (every atomic save) went unnoticed (issue 13).
import { readFileSync, realpathSync } from 'node:fs';
import { watch as chokidarWatch, type FSWatcher } from 'chokidar';
import { hashBytes } from '../core/editor/save-file.js';

const DEBOUNCE_MS = 200;
const OWN_WRITE_MEMORY_MS = 2000;
/** The atomic writer's temp files (`.name.xxxx.tmp`): never a change of their own. */
const TEMP_FILE = /(^|[\\/])\.[^\\/]*\.tmp$/;
/** Folders the library scan skips: their changes never touch a skill. */
const SKIPPED = /[\\/](node_modules|\.git)([\\/]|$)/;
/** As deep as the library scan goes, and a little more for files inside a skill. */
const MAX_DEPTH = 12;

export class RootWatcher {
  private watcher: FSWatcher | undefined;
  private ready: Promise<void> = Promise.resolve();
  private watched = '';
  private readonly pending = new Set<string>();
  private readonly ownWrites = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onChange: (paths: string[]) => void) {}

  /** Watches exactly these folders (a no-op when they are the ones already watched). */
  watch(roots: readonly string[]): void {
    const key = roots.join('\0');
    if (key === this.watched) return;
    this.close();
    this.watched = key;
    if (roots.length === 0) return;
    const watcher = chokidarWatch([...roots], {
      ignoreInitial: true,
      followSymlinks: false,
      depth: MAX_DEPTH,
      ignored: (path) => SKIPPED.test(path) || TEMP_FILE.test(path),
    });
    watcher.on('all', (_event, path) => this.noticed(path));
    // No watching (e.g. the OS limit on watches): changes still show after the next reload.
    watcher.on('error', () => undefined);
    this.ready = new Promise((resolve) => watcher.once('ready', () => resolve()));
    this.watcher = watcher;
  }

  /** Resolves once the folders being watched have been walked (changes before that may be missed). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** The app just wrote `path` (a real path) with this content hash: its echo is not a change. */
  rememberWrite(path: string, hash: string): void {
    this.ownWrites.set(path, hash);
    setTimeout(() => {
      if (this.ownWrites.get(path) === hash) this.ownWrites.delete(path);
    }, OWN_WRITE_MEMORY_MS).unref();
  }

  close(): void {
    void this.watcher?.close();
    this.watcher = undefined;
    this.ready = Promise.resolve();
    this.watched = '';
    clearTimeout(this.timer);
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
    this.onChange(paths);
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
