// The editor's buffers against a scripted host: saves, conflicts, and the change event of the app's own save.
import { describe, expect, it } from 'vitest';
import { BufferStore } from '../../../../renderer/src/editor/buffers.js';
import type { HostApi, IpcResult } from '../../../../shared/ipc.js';

/** A host with one file on disk; save-file answers when `release()` is called, reads when `releaseReads()` is. */
function scriptedHost() {
  const disk = { text: 'v1', hash: 'h1' };
  let release: () => void = () => {};
  let holdReads = false;
  let releaseReads: () => void = () => {};
  let version = 1;
  const file = () => ({
    path: '/r/s/SKILL.md',
    text: disk.text,
    hash: disk.hash,
    bom: false,
    eol: '\n' as const,
  });
  const host = {
    invoke: async (channel: string, req: { text?: string; expectedHash?: string | null }) => {
      if (channel === 'skills:read-file') {
        const value = file();
        if (holdReads) await new Promise<void>((resolve) => (releaseReads = resolve));
        return { ok: true, value };
      }
      if (channel === 'skills:save-file') {
        if (req.expectedHash !== disk.hash)
          return { ok: false, error: { code: 'Conflict', message: 'changed on disk' } };
        disk.text = req.text ?? '';
        disk.hash = `h${++version}`;
        const saved = file();
        await new Promise<void>((resolve) => (release = resolve));
        return { ok: true, value: saved };
      }
      return { ok: true, value: [] };
    },
    on: () => () => {},
  } as unknown as HostApi;
  return {
    host,
    disk,
    release: () => release(),
    holdReads: () => (holdReads = true),
    releaseReads: () => releaseReads(),
  };
}

const PATH = '/r/s/SKILL.md';

describe('BufferStore', () => {
  it('does not mistake its own save, seen by a refresh while the save is in flight, for a conflict', async () => {
    const host = scriptedHost();
    const store = new BufferStore(host.host);
    await store.open(PATH);
    store.update(PATH, 'mine');
    const saving = store.save(PATH);
    await new Promise((r) => setTimeout(r, 0));
    host.holdReads();
    // The skills:changed of the save arrives before its answer; the read it causes answers after the save does.
    const refreshing = store.refreshAll();
    await new Promise((r) => setTimeout(r, 0));
    host.release();
    expect(await saving).toEqual({ ok: true });
    host.releaseReads();
    await refreshing;
    expect(store.get(PATH)?.conflict).toBeUndefined();
    expect(store.get(PATH)).toMatchObject({ text: 'mine', savedText: 'mine', hash: 'h2' });
  });

  it('marks a conflict when the disk changed under unsaved edits, and follows the disk when clean', async () => {
    const { host, disk } = scriptedHost();
    const store = new BufferStore(host);
    await store.open(PATH);
    disk.text = 'theirs';
    disk.hash = 'hx';
    await store.refreshAll();
    expect(store.get(PATH)).toMatchObject({ text: 'theirs', hash: 'hx' });
    store.update(PATH, 'mine');
    disk.text = 'theirs again';
    disk.hash = 'hy';
    await store.refreshAll();
    expect(store.get(PATH)?.conflict).toEqual({ diskText: 'theirs again', diskHash: 'hy' });
    const refused = (await store.save(PATH)) as IpcResult<unknown>;
    expect(refused.ok).toBe(false);
  });

  it('sends a draft still waiting for its delay at once when the window closes (flushDrafts)', async () => {
    const calls: Array<[string, unknown]> = [];
    const { host } = scriptedHost();
    const spy = {
      ...host,
      invoke: (c: string, r: unknown) => (calls.push([c, r]), host.invoke(c as never, r as never)),
    } as HostApi;
    const store = new BufferStore(spy);
    await store.open(PATH);
    store.update(PATH, 'typed just before closing');
    expect(calls.filter(([c]) => c === 'drafts:put')).toEqual([]);
    store.flushDrafts();
    expect(calls.filter(([c]) => c === 'drafts:put')).toEqual([
      ['drafts:put', { path: PATH, text: 'typed just before closing', baseHash: 'h1' }],
    ]);
    store.flushDrafts(); // nothing left waiting: nothing sent twice
    expect(calls.filter(([c]) => c === 'drafts:put')).toHaveLength(1);
  });

  it('compares only the buffers in the folders a change touched', async () => {
    const { host, disk } = scriptedHost();
    const store = new BufferStore(host);
    await store.open(PATH);
    disk.text = 'theirs';
    disk.hash = 'hx';
    await store.refreshAll(['/r/other/', '/r/s-2/']);
    expect(store.get(PATH)).toMatchObject({ text: 'v1', hash: 'h1' });
    await store.refreshAll(['/r/other/', '/r/s/']);
    expect(store.get(PATH)).toMatchObject({ text: 'theirs', hash: 'hx' });
  });
});
