// @vitest-environment jsdom
// Carrying out what the app is asked to open, against a real host: a folder joins the library (untrusted) and its
// first skill is shown, a folder already in the library is just shown, a .skill file or a link opens Add skills with
// the source (the panel inspects; nothing here installs), a refusal is said. The page takes main's waiting requests
// at start and when told more arrived; a drop in browser mode says where dropping works instead of vanishing.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Host } from '../../../../electron/host/host.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { OpenRequest } from '../../../../shared/open-request.js';
import { LibraryStore } from '../../../../renderer/src/library/library-store.js';
import {
  carryOut,
  droppedRequest,
  useDropToOpen,
  useOpenRequests,
} from '../../../../renderer/src/shell/open-requests.js';
import { REPO } from '../../../helpers.js';

afterEach(cleanup);

function setup(waiting: OpenRequest[] = []) {
  const data = mkdtempSync(join(tmpdir(), 'skillbench-open-data-'));
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: data,
    watch: false,
    platform: { takeOpenRequests: () => waiting.splice(0) },
  });
  const channels: string[] = [];
  const api: HostApi = {
    invoke: (channel, request) => (channels.push(channel), host.handle(channel, request) as never),
    on: (event, listener) => host.on(event, listener),
  };
  const store = new LibraryStore(api);
  const to = { host: api, store, showSkill: vi.fn(), addSkills: vi.fn(), problem: vi.fn() };
  return { host, api, store, to, channels, close: () => host.close() };
}

function library() {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-open-lib-'));
  mkdirSync(join(dir, 'lint'), { recursive: true });
  writeFileSync(join(dir, 'lint', 'SKILL.md'), '---\nname: lint\ndescription: Lints things.\n---\nBody\n');
  return dir;
}

describe('carrying out an open request', () => {
  it('adds a folder as a root, untrusted, and shows its first skill', async () => {
    const s = setup();
    await s.store.reload();
    const dir = library();
    await carryOut({ kind: 'folder', path: dir }, s.to);
    const shown = s.store.snapshot().entries.find((e) => e.id === s.to.showSkill.mock.calls[0]?.[0]);
    expect(shown?.path).toBe(join(dir, 'lint', 'SKILL.md'));
    const roots = await s.api.invoke('roots:list', {});
    expect(roots.ok && roots.value.find((r) => r.path === dir)).toMatchObject({
      kind: 'user',
      trusted: false,
    });
    expect(s.channels.filter((c) => c.startsWith('manage:'))).toEqual([]);
    await s.close();
  });

  it('shows a folder already in the library without adding it again', async () => {
    const s = setup();
    await s.store.reload();
    await carryOut({ kind: 'folder', path: join(REPO, 'skills', 'text-toolkit') }, s.to);
    expect(s.to.showSkill).toHaveBeenCalledWith('bundled/text-toolkit');
    expect(s.channels).not.toContain('roots:add');
    await s.close();
  });

  it('says why a folder could not be opened', async () => {
    const s = setup();
    await s.store.reload();
    await carryOut({ kind: 'folder', path: join(tmpdir(), 'no-such-folder-here') }, s.to);
    expect(s.to.problem).toHaveBeenCalledWith(
      expect.stringMatching(/did not open .*no-such-folder-here.*does not exist: check the spelling/),
    );
    await s.close();
  });

  it('opens Add skills with a .skill file or a link, and installs nothing', async () => {
    const s = setup();
    await carryOut({ kind: 'add-source', source: '/tmp/pdf.skill', from: 'file' }, s.to);
    await carryOut({ kind: 'add-source', source: 'anthropics/skills', from: 'link' }, s.to);
    expect(s.to.addSkills.mock.calls).toEqual([['/tmp/pdf.skill'], ['anthropics/skills']]);
    expect(s.channels).toEqual([]);
    await s.close();
  });

  it('says what was refused and why', async () => {
    const s = setup();
    await carryOut(
      { kind: 'refused', what: 'skillbench://rm', reason: 'the only action a link may ask for is add' },
      s.to,
    );
    expect(s.to.problem).toHaveBeenCalledWith(
      'Skillbench did not open skillbench://rm: the only action a link may ask for is add.',
    );
    await s.close();
  });
});

describe('the page and main', () => {
  it("takes main's waiting requests at start, and again when main says more arrived", async () => {
    const waiting: OpenRequest[] = [{ kind: 'add-source', source: 'a/b', from: 'link' }];
    const s = setup(waiting);
    let told: (() => void) | undefined;
    const api: HostApi = {
      invoke: (channel, request) => s.api.invoke(channel, request),
      on: (event, listener) => {
        if (event === 'app:open-requested') told = () => listener({ waiting: 1 } as never);
        return () => undefined;
      },
    };
    const handled: OpenRequest[] = [];
    function Probe() {
      useOpenRequests(api, (r) => handled.push(r));
      return null;
    }
    render(<Probe />);
    await vi.waitFor(() => expect(handled).toEqual([{ kind: 'add-source', source: 'a/b', from: 'link' }]));
    waiting.push({ kind: 'folder', path: '/x' });
    told?.();
    await vi.waitFor(() => expect(handled).toHaveLength(2));
    expect(handled[1]).toEqual({ kind: 'folder', path: '/x' });
    await s.close();
  });
});

describe('dropping on the window', () => {
  const item = (file: File, isDirectory: boolean) =>
    ({
      kind: 'file',
      getAsFile: () => file,
      webkitGetAsEntry: () => ({ isDirectory }),
    }) as unknown as DataTransferItem;

  it('classifies through the desktop bridge: a folder, a .skill file, anything else refused', () => {
    const paths = new Map<string, string>([
      ['skills', '/home/me/skills'],
      ['pdf.skill', '/home/me/pdf.skill'],
      ['notes.txt', '/home/me/notes.txt'],
    ]);
    window.skillbench = {
      on: () => () => undefined,
      pathForFile: (file: File) => paths.get(file.name) ?? '',
    };
    try {
      expect(droppedRequest(item(new File([], 'skills'), true))).toEqual({
        kind: 'folder',
        path: '/home/me/skills',
      });
      expect(droppedRequest(item(new File(['PK'], 'pdf.skill'), false))).toEqual({
        kind: 'add-source',
        source: '/home/me/pdf.skill',
        from: 'file',
      });
      expect(droppedRequest(item(new File(['x'], 'notes.txt'), false))).toMatchObject({ kind: 'refused' });
    } finally {
      delete window.skillbench;
    }
  });

  it('in browser mode, takes the drop (no navigation) and says where dropping works', () => {
    const handled: OpenRequest[] = [];
    function Probe() {
      useDropToOpen((r) => handled.push(r));
      return null;
    }
    render(<Probe />);
    const file = new File(['x'], 'skills');
    const drop = new Event('drop', { cancelable: true }) as DragEvent;
    Object.defineProperty(drop, 'dataTransfer', {
      value: { types: ['Files'], items: [item(file, true)] },
    });
    window.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(handled).toEqual([
      {
        kind: 'refused',
        what: 'skills',
        reason: expect.stringContaining('open in the desktop app') as string,
      },
    ]);
    const text = new Event('drop', { cancelable: true }) as DragEvent;
    Object.defineProperty(text, 'dataTransfer', { value: { types: ['text/plain'], items: [] } });
    window.dispatchEvent(text);
    expect(text.defaultPrevented).toBe(false); // text dropped into an editor is the editor's
  });
});
