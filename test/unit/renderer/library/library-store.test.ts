// The library store against a scripted host serving a real scan: a reset fetches the list again, any other change
// is patched in without fetching, and a change that overtakes a list on its way is not lost.
import { describe, expect, it } from 'vitest';
import { LibraryStore } from '../../../../renderer/src/library/library-store.js';
import type { EventName, HostApi, SkillsChanged } from '../../../../shared/ipc.js';
import type { LibraryEntry } from '../../../../shared/types.js';
import { change, library } from './fixture-library.js';

const [first, second, ...rest] = library.entries as [LibraryEntry, LibraryEntry, ...LibraryEntry[]];

/** Serves `served` for skills:list; `hold()` keeps the next list answer until `release()`. */
function scriptedHost() {
  let served = { entries: library.entries, diagnostics: library.diagnostics };
  const listeners = new Set<(payload: unknown) => void>();
  let held: (() => void) | undefined;
  let holdNext = false;
  const calls: string[] = [];
  const host = {
    invoke(channel: string) {
      calls.push(channel);
      if (channel === 'roots:list') return Promise.resolve({ ok: true, value: library.roots });
      const answer = { ok: true, value: served };
      if (!holdNext) return Promise.resolve(answer);
      holdNext = false;
      return new Promise((resolve) => (held = () => resolve(answer)));
    },
    on(event: EventName, listener: (payload: unknown) => void) {
      if (event === 'skills:changed') listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as HostApi;
  return {
    host,
    calls,
    serve: (entries: LibraryEntry[]) => (served = { entries, diagnostics: library.diagnostics }),
    emit: (change: SkillsChanged) => listeners.forEach((l) => l(change)),
    hold: () => (holdNext = true),
    release: () => held?.(),
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LibraryStore', () => {
  it('loads the list and the roots once, then patches changes without fetching again', async () => {
    const h = scriptedHost();
    const store = new LibraryStore(h.host);
    const stop = store.start();
    await settle();
    expect(store.snapshot()).toMatchObject({ loaded: true, entries: library.entries, roots: library.roots });
    const edited = { ...second, diagnostics: [] };
    h.emit(change({ ids: [second.id], entries: [edited], removed: [first.path] }));
    expect(store.snapshot().entries).toEqual([edited, ...rest]);
    expect(h.calls.filter((c) => c === 'skills:list')).toHaveLength(1);
    stop();
  });

  it('fetches the list again on a reset', async () => {
    const h = scriptedHost();
    const store = new LibraryStore(h.host);
    const stop = store.start();
    await settle();
    h.serve([second]);
    h.emit(change({ reset: true }));
    await settle();
    expect(store.snapshot().entries).toEqual([second]);
    expect(h.calls.filter((c) => c === 'skills:list')).toHaveLength(2);
    stop();
  });

  it('applies a change that arrives while a list is on its way to that list too', async () => {
    const h = scriptedHost();
    const store = new LibraryStore(h.host);
    h.hold();
    const loading = store.reload();
    store.follow(change({ removed: [first.path] }));
    h.release();
    await loading;
    expect(store.snapshot().entries).toEqual([second, ...rest]);
  });

  it('keeps the list and says why when it cannot be loaded', async () => {
    const h = scriptedHost();
    const store = new LibraryStore(h.host);
    await store.reload();
    h.host.invoke = () => Promise.resolve({ ok: false, error: { code: 'Io', message: 'disk gone' } });
    await store.reload();
    expect(store.snapshot()).toMatchObject({
      entries: library.entries,
      problem: 'Could not load the library: disk gone',
    });
  });
});
