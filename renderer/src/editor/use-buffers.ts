// The editor's open files for the whole app: one BufferStore per host, comparing itself with the disk when a
// change touches its files, the drafts left by an earlier session, and a window that asks before closing on
// unsaved edits.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { DraftView } from '../../../shared/host-types.js';
import type { HostApi } from '../../../shared/ipc.js';
import { changedFolders } from '../library/library-patch.js';
import type { LibraryStore } from '../library/library-store.js';
import { BufferStore } from './buffers.js';

export function useBuffers(host: HostApi, library: LibraryStore) {
  const store = useMemo(() => new BufferStore(host), [host]);
  useSyncExternalStore(store.subscribe, store.snapshot);
  const [drafts, setDrafts] = useState<DraftView[]>([]);

  useEffect(() => {
    void store.pendingDrafts().then(setDrafts);
    return host.on('skills:changed', (change) => {
      void store.refreshAll(change.reset ? undefined : changedFolders(change, library.snapshot().entries));
    });
  }, [host, store, library]);

  // A dirty buffer guards the window: the browser (or Electron) asks before it closes.
  useEffect(() => {
    const guard = (e: BeforeUnloadEvent) => {
      store.flushDrafts(); // issue 19: a draft due in the last moments reaches the host before the window goes
      if (store.dirty().length) e.preventDefault();
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [store]);

  /** Drafts from an earlier session whose file is not open yet. */
  const waitingDrafts = drafts.filter((d) => !store.get(d.path));
  return { store, waitingDrafts };
}
