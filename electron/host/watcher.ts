// Owns noticing changes made outside the app: one recursive watch per root, bursts debounced into one batch of
// paths, and the app's own saves (known by path and content hash) left out so a save is not reported twice.
import { readFileSync, realpathSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { hashBytes } from '../core/editor/save-file.js';

const DEBOUNCE_MS = 200;
const OWN_WRITE_MEMORY_MS = 2000;
/** The atomic writer's temp files (`.name.xxxx.tmp`): never a change of their own. */
const TEMP_FILE = /(^|[\\/])\.[^\\/]*\.tmp$/;

export class RootWatcher {
  private watchers: FSWatcher[] = [];
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
    for (const root of roots) {
      try {
        const watcher = watch(root, { recursive: true }, (_event, filename) => {
          if (!filename || TEMP_FILE.test(filename)) return;
          const full = join(root, filename);
          if (this.isOwnWrite(full)) return;
          this.pending.add(full);
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
        });
        watcher.on('error', () => watcher.close());
        this.watchers.push(watcher);
      } catch {
        // No watching (e.g. the OS limit on watches): changes still show after the next reload.
      }
    }
  }

  /** The app just wrote `path` (a real path) with this content hash: its echo is not a change. */
  rememberWrite(path: string, hash: string): void {
    this.ownWrites.set(path, hash);
    setTimeout(() => {
      if (this.ownWrites.get(path) === hash) this.ownWrites.delete(path);
    }, OWN_WRITE_MEMORY_MS).unref();
  }

  close(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    this.watched = '';
    clearTimeout(this.timer);
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
