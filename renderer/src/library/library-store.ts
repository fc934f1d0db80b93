// Owns the renderer's copy of the library: the first load, a fresh `skills:list` when the host says the library
// was rescanned (`reset`), and a patch for every other change. Components subscribe; nothing here renders.
import type { HostApi, SkillsChanged } from '../../../shared/ipc.js';
import type { Diagnostic, ListedEntry, RootInfo } from '../../../shared/types.js';
import { applySkillsChanged } from './library-patch.js';

export interface LibrarySnapshot {
  entries: ListedEntry[];
  /** Problems with the roots themselves (missing folders, limits reached). */
  diagnostics: Diagnostic[];
  /** In precedence order. */
  roots: RootInfo[];
  /** False until the first list arrives (the list says it is loading rather than empty). */
  loaded: boolean;
  problem?: string;
}

export class LibraryStore {
  private current: LibrarySnapshot = { entries: [], diagnostics: [], roots: [], loaded: false };
  private readonly listeners = new Set<() => void>();
  private loads = 0;
  /** Changes that arrive while a list is on its way: the list may predate them, so they are applied to it too. */
  private pending: SkillsChanged[] | undefined;

  constructor(private readonly host: HostApi) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = (): LibrarySnapshot => this.current;

  private set(patch: Partial<LibrarySnapshot>): void {
    this.current = { ...this.current, ...patch };
    for (const l of this.listeners) l();
  }

  /** Loads the library and follows its changes until the returned function is called. */
  start(): () => void {
    void this.reload();
    return this.host.on('skills:changed', (change) => this.follow(change));
  }

  /** Fetches the whole library (and its roots); a slower answer to an earlier reload is ignored. */
  async reload(): Promise<LibrarySnapshot> {
    const load = ++this.loads;
    this.pending = [];
    const [list, roots] = await Promise.all([
      this.host.invoke('skills:list', {}),
      this.host.invoke('roots:list', {}),
    ]);
    if (load !== this.loads) return this.current;
    const changes = this.pending;
    this.pending = undefined;
    const rootList = roots.ok ? roots.value : this.current.roots;
    if (!list.ok) {
      this.set({
        roots: rootList,
        loaded: true,
        problem: `Could not load the library: ${list.error.message}`,
      });
      return this.current;
    }
    const state = changes.reduce((s, c) => applySkillsChanged(s, c, rootList), list.value);
    this.set({ ...state, roots: rootList, loaded: true, problem: undefined });
    return this.current;
  }

  /** One `skills:changed`: a reset fetches the list again, any other change is patched in. */
  follow(change: SkillsChanged): void {
    if (change.reset) {
      void this.reload();
      return;
    }
    this.pending?.push(change);
    this.set(applySkillsChanged(this.current, change, this.current.roots));
  }
}
