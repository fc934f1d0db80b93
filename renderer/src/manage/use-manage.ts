// The installed skills for React: one ManageStore per host, loaded on mount and refreshed with the library.
// Tested by: test/unit/renderer/manage/manage-notices.test.tsx
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import { ManageStore, type ManageSnapshot } from './manage-store.js';

export function useManage(host: HostApi): ManageSnapshot & { store: ManageStore } {
  const store = useMemo(() => new ManageStore(host), [host]);
  const snapshot = useSyncExternalStore(store.subscribe, store.snapshot);
  useEffect(() => store.start(), [store]);
  return { ...snapshot, store };
}
