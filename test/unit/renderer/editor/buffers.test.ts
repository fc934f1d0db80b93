// The editor's buffers against a scripted host: saves, conflicts, and the change event of the app's own save.
import { describe, expect, it } from 'vitest';
import { BufferStore, statusOf, type Buffer } from '../../../../renderer/src/editor/buffers.js';
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

  it('merges edits to other lines than the disk changed by itself, and can undo the merge', async () => {
    const { host, disk } = scriptedHost();
    disk.text = 'one\ntwo\nthree\n';
    const store = new BufferStore(host);
    await store.open(PATH);
    store.update(PATH, 'one, mine\ntwo\nthree\n');
    disk.text = 'one\ntwo\nthree, theirs\n';
    disk.hash = 'hx';
    await store.refreshAll();
    expect(store.get(PATH)).toMatchObject({
      text: 'one, mine\ntwo\nthree, theirs\n',
      savedText: 'one\ntwo\nthree, theirs\n',
      hash: 'hx',
      lastEvent: { kind: 'merged' },
      undo: { text: 'one, mine\ntwo\nthree\n' },
    });
    expect(store.get(PATH)?.conflict).toBeUndefined();
    store.undoDiscard(PATH);
    expect(store.get(PATH)).toMatchObject({ text: 'one, mine\ntwo\nthree\n', hash: 'hx' });
    expect(store.get(PATH)?.undo).toBeUndefined();
  });

  it('keeps the edits a revert threw away for undoDiscard', async () => {
    const { host, disk } = scriptedHost();
    const store = new BufferStore(host);
    await store.open(PATH);
    store.update(PATH, 'mine');
    disk.text = 'theirs';
    disk.hash = 'hx';
    await store.refreshAll();
    expect(store.get(PATH)?.conflict).toBeDefined();
    await store.revert(PATH);
    expect(store.get(PATH)).toMatchObject({ text: 'theirs', savedText: 'theirs', undo: { text: 'mine' } });
    expect(store.get(PATH)?.lastEvent?.kind).toBe('reloaded');
    store.undoDiscard(PATH);
    expect(store.get(PATH)).toMatchObject({ text: 'mine', savedText: 'theirs', hash: 'hx' });
  });

  it('bases an applied merge on the disk version of the conflict, so it saves without a new conflict', async () => {
    const h = scriptedHost();
    const store = new BufferStore(h.host);
    await store.open(PATH);
    store.update(PATH, 'mine');
    h.disk.text = 'theirs';
    h.disk.hash = 'hx';
    await store.refreshAll();
    store.applyMerge(PATH, 'mine and theirs');
    expect(store.get(PATH)).toMatchObject({ text: 'mine and theirs', savedText: 'theirs', hash: 'hx' });
    expect(store.get(PATH)?.undo?.text).toBe('mine');
    const saving = store.save(PATH);
    await new Promise((r) => setTimeout(r, 0));
    h.release();
    expect(await saving).toEqual({ ok: true });
    expect(h.disk.text).toBe('mine and theirs');
    expect(store.get(PATH)?.lastEvent?.kind).toBe('saved');
  });

  it('has no last event (so no "Saved" status) for a file only opened', async () => {
    const { host } = scriptedHost();
    const store = new BufferStore(host);
    await store.open(PATH);
    expect(store.get(PATH)?.lastEvent).toBeUndefined();
  });
});

describe('statusOf', () => {
  it('says Unsaved, Saved with the time, or nothing for a file never saved', async () => {
    const h = scriptedHost();
    const store = new BufferStore(h.host);
    const b = await store.open(PATH);
    expect(statusOf(b)).toBe('');
    store.update(PATH, 'typed');
    expect(statusOf(store.get(PATH) as Buffer)).toBe('Unsaved');
    const saving = store.save(PATH);
    await new Promise((r) => setTimeout(r, 0));
    h.release();
    await saving;
    expect(statusOf(store.get(PATH) as Buffer)).toMatch(/^Saved \d{1,2}:\d{2}/);
    h.disk.text = 'outside';
    h.disk.hash = 'hz';
    await store.refreshAll();
    expect(statusOf(store.get(PATH) as Buffer)).toMatch(/^Reloaded from disk \d{1,2}:\d{2}/);
  });
});

describe('the byte order mark', () => {
  it('is dropped by its fix: the buffer is unsaved until a save writes the file without it', async () => {
    const saves: Array<{ text?: string; bom?: boolean }> = [];
    let bom = true;
    const file = () => ({
      path: PATH,
      text: '---\nname: s\n---\n',
      hash: `h-${bom}`,
      bom,
      eol: '\n' as const,
    });
    const host = {
      invoke: (channel: string, req: { text?: string; bom?: boolean }) => {
        if (channel === 'skills:save-file') {
          saves.push(req);
          bom = req.bom ?? bom;
        }
        return Promise.resolve({ ok: true, value: channel.endsWith('-file') ? file() : [] });
      },
      on: () => () => {},
    } as unknown as HostApi;
    const store = new BufferStore(host);
    await store.open(PATH);
    expect(statusOf(store.get(PATH)!)).toBe('');
    store.removeBom(PATH);
    expect(store.get(PATH)).toMatchObject({ bom: false, savedBom: true });
    expect(statusOf(store.get(PATH)!)).toBe('Unsaved');
    await store.save(PATH);
    expect(saves).toEqual([{ path: PATH, text: '---\nname: s\n---\n', expectedHash: 'h-true', bom: false }]);
    expect(store.get(PATH)).toMatchObject({ bom: false, savedBom: false });
    expect(statusOf(store.get(PATH)!)).toMatch(/^Saved/);
  });
});
