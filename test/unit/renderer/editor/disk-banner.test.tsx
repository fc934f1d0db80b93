// @vitest-environment jsdom
// Issue 13: a change on disk under unsaved edits shows a banner on the tab, never a dialog that takes the keys; no
// button is focused for the user; taking the disk version says it is undoable, and Undo brings the edits back.
// Against a real host over a copy of the editing fixture.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostApi } from '../../../../shared/ipc.js';
import { Host } from '../../../../electron/host/host.js';
import { BufferStore } from '../../../../renderer/src/editor/buffers.js';
import { DiskBanner } from '../../../../renderer/src/editor/DiskBanner.js';
import { copyFixtures, hostApi, REPO } from '../../../helpers.js';

afterEach(cleanup);

/** The banner as the editor wires it to its buffer, beside a stand-in for the editor that has the focus. */
function Tab(props: { store: BufferStore; path: string; onMerge?: () => void }) {
  const { store, path } = props;
  useSyncExternalStore(store.subscribe, store.snapshot);
  const b = store.get(path);
  if (!b) return null;
  return (
    <>
      <DiskBanner
        name="SKILL.md"
        conflict={b.conflict}
        undo={b.undo}
        onMerge={props.onMerge ?? (() => undefined)}
        onOverwrite={() => void store.save(path, { overwrite: true })}
        onTakeDisk={() => void store.revert(path)}
        onKeepEditing={() => store.dismissConflict(path)}
        onUndo={() => store.undoDiscard(path)}
        onDismissUndo={() => store.dismissUndo(path)}
      />
      <textarea aria-label="Editor" value={b.text} onChange={(e) => store.update(path, e.target.value)} />
    </>
  );
}

async function setUp() {
  const root = copyFixtures('editing');
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-banner-')),
    projectRoots: [root],
    watch: false,
  });
  const api: HostApi = hostApi(host);
  const path = join(root, 'commented-skill', 'SKILL.md');
  const store = new BufferStore(api);
  await store.open(path);
  return { host, store, path, original: readFileSync(path, 'utf8') };
}

describe('the disk banner', () => {
  it('appears without taking the focus, and taking the disk version can be undone', async () => {
    const { host, store, path, original } = await setUp();
    render(<Tab store={store} path={path} />);
    const editor = screen.getByRole('textbox', { name: 'Editor' });
    editor.focus();
    const mine = original.replace('Body stays.', 'Body stays. Mine.');
    fireEvent.change(editor, { target: { value: mine } });
    writeFileSync(path, original.replace('Body stays.', 'Body changed elsewhere.'));
    await act(() => store.refreshAll());

    const banner = screen.getByRole('region', { name: 'SKILL.md changed on disk' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(editor); // Enter or Space keep typing into the editor
    expect(banner.textContent).toMatch(/Your text stays in the editor until you choose/);
    expect((editor as HTMLTextAreaElement).value).toBe(mine);

    fireEvent.click(screen.getByRole('button', { name: 'Take the disk version (undoable)' }));
    await screen.findByRole('button', { name: 'Undo' });
    expect((editor as HTMLTextAreaElement).value).toContain('Body changed elsewhere.');
    expect(screen.getByRole('region', { name: 'Undo available' }).textContent).toMatch(
      /your unsaved edits were set aside\. Undo puts your text back/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect((editor as HTMLTextAreaElement).value).toBe(mine);
    expect(screen.queryByRole('region', { name: 'Undo available' })).toBeNull();
    await host.close();
  });

  it('offers a merge for overlapping edits, and saving mine over the disk writes exactly mine', async () => {
    const { host, store, path, original } = await setUp();
    let merges = 0;
    render(<Tab store={store} path={path} onMerge={() => merges++} />);
    const mine = original.replace('Body stays.', 'Body stays. Mine.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Editor' }), { target: { value: mine } });
    writeFileSync(path, original.replace('Body stays.', 'Body changed elsewhere.'));
    await act(() => store.refreshAll());
    fireEvent.click(screen.getByRole('button', { name: 'Merge…' }));
    expect(merges).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save mine over it' }));
    await act(async () => {
      while (store.get(path)?.conflict) await new Promise((r) => setTimeout(r, 10));
    });
    expect(readFileSync(path, 'utf8')).toBe(mine);
    expect(screen.queryByRole('region', { name: 'SKILL.md changed on disk' })).toBeNull();
    await host.close();
  });

  it('merges edits on other lines by itself and says so, with an Undo', async () => {
    const { host, store, path, original } = await setUp();
    render(<Tab store={store} path={path} />);
    const mine = original.replace('Body stays.', 'Body stays. Mine.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Editor' }), { target: { value: mine } });
    const theirs = original.replace('owner: team', 'owner: another team');
    writeFileSync(path, theirs);
    await act(() => store.refreshAll());
    expect(screen.queryByRole('region', { name: 'SKILL.md changed on disk' })).toBeNull();
    const editor = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Editor' });
    expect(editor.value).toBe(mine.replace('owner: team', 'owner: another team'));
    expect(screen.getByRole('region', { name: 'Undo available' }).textContent).toMatch(
      /merged into your unsaved edits/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(editor.value).toBe(mine);
    await host.close();
  });
});
