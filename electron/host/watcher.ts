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
  private readonly watchers = new Map<string, { watcher: FSWatcher; ready: Promise<void> }>();
  private readonly pending = new Set<string>();
  private readonly ownWrites = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onChange: (paths: string[]) => void) {}

  /**
   * Watches exactly these folders. Folders already watched stay watched (a new walk would miss changes until it
   * ends); new ones get a watcher of their own, the others are dropped.
   */
  watch(roots: readonly string[]): void {
    for (const [root, w] of this.watchers)
      if (!roots.includes(root)) {
        void w.watcher.close();
        this.watchers.delete(root);
      }
    for (const root of roots) {
      if (this.watchers.has(root)) continue;
      const watcher = chokidarWatch(root, {
        ignoreInitial: true,
        followSymlinks: false,
        depth: MAX_DEPTH,
        ignored: (path) => SKIPPED.test(path) || TEMP_FILE.test(path),
      });
      let walked = false;
      // Events before "ready" belong to the first walk (chokidar reports links there despite ignoreInitial).
      watcher.on('all', (_event, path) => {
        if (walked) this.noticed(path);
      });
      // No watching (e.g. the OS limit on watches): changes still show after the next reload.
      watcher.on('error', () => undefined);
      const ready = new Promise<void>((resolve) =>
        watcher.once('ready', () => {
          walked = true;
          resolve();
        }),
      );
      this.watchers.set(root, { watcher, ready });
    }
  }

  /** Resolves once every watched folder has been walked (changes made before that may go unnoticed). */
  async whenReady(): Promise<void> {
    await Promise.all([...this.watchers.values()].map((w) => w.ready));
  }

  /** The app just wrote `path` (a real path) with this content hash: its echo is not a change. */
  rememberWrite(path: string, hash: string): void {
    this.ownWrites.set(path, hash);
    setTimeout(() => {
      if (this.ownWrites.get(path) === hash) this.ownWrites.delete(path);
    }, OWN_WRITE_MEMORY_MS).unref();
  }

  close(): void {
    for (const w of this.watchers.values()) void w.watcher.close();
    this.watchers.clear();
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
