// The library for React: one LibraryStore per host, loaded on mount and following the host's changes.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import { LibraryStore, type LibrarySnapshot } from './library-store.js';

export function useLibrary(host: HostApi): LibrarySnapshot & { store: LibraryStore } {
  const store = useMemo(() => new LibraryStore(host), [host]);
  const snapshot = useSyncExternalStore(store.subscribe, store.snapshot);
  useEffect(() => store.start(), [store]);
  return { ...snapshot, store };
}
