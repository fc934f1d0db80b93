// Owns carrying out what the app is asked to open: requests the OS handed to main (folder arguments, a .skill file, a
// skillbench:// link), and folders or files dropped on the window. A folder joins the library (as a root, which
// starts untrusted: nothing in it runs) and its first skill is shown; a .skill file or a link opens the Add skills
// panel, which shows what the source holds and installs nothing until the user confirms.
import { useCallback, useEffect } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import { classifyOpenPath, type OpenRequest } from '../../../shared/open-request.js';
import type { ListedEntry } from '../../../shared/types.js';
import { pathForFile } from '../host/index.js';
import { firstEntryUnder } from '../library/entries.js';
import type { LibraryStore } from '../library/library-store.js';

interface OpenTargets {
  host: HostApi;
  store: Pick<LibraryStore, 'snapshot' | 'reload'>;
  showSkill(id: string): void;
  addSkills(source: string): void;
  problem(message: string): void;
}

/** Carries out one request (the same for main's requests and drops). */
export async function carryOut(request: OpenRequest, to: OpenTargets): Promise<void> {
  if (request.kind === 'refused')
    return to.problem(`Skillbench did not open ${request.what}: ${request.reason}.`);
  if (request.kind === 'add-source') return to.addSkills(request.source);
  const { path } = request;
  let shown: ListedEntry | undefined = firstEntryUnder(to.store.snapshot().entries, path);
  if (!shown) {
    const added = await to.host.invoke('roots:add', { path });
    if (!added.ok) return to.problem(`Skillbench did not open ${path}: ${added.error.message}`);
    shown = firstEntryUnder((await to.store.reload()).entries, path);
  }
  if (shown) to.showSkill(shown.id);
  else to.problem(`${path} is in the library now, but holds no skill yet.`);
}

/** Takes main's waiting requests when the page starts and whenever main says more arrived. */
export function useOpenRequests(host: HostApi, handle: (request: OpenRequest) => void): void {
  useEffect(() => {
    let live = true;
    const take = () =>
      void host.invoke('app:take-open-requests', {}).then((r) => {
        if (live && r.ok) r.value.forEach(handle);
      });
    take();
    const off = host.on('app:open-requested', take);
    return () => {
      live = false;
      off();
    };
  }, [host, handle]);
}

/** What one dropped item asks for: its path on disk comes from the desktop bridge only. */
export function droppedRequest(item: DataTransferItem): OpenRequest | undefined {
  const file = item.kind === 'file' ? item.getAsFile() : null;
  if (!file) return undefined;
  const path = pathForFile(file);
  if (!path)
    return {
      kind: 'refused',
      what: file.name,
      reason:
        'dropped files and folders open in the desktop app; here, type the folder in Settings → Roots or the source in Add skills',
    };
  const entry = item.webkitGetAsEntry?.();
  return classifyOpenPath(path, entry?.isDirectory ? 'folder' : 'file');
}

/**
 * Folders and files dropped anywhere on the window (not text dropped into an editor). Without this, Chromium would
 * navigate to the file, which the window refuses: the drop would just vanish.
 */
export function useDropToOpen(handle: (request: OpenRequest) => void): void {
  const onDrop = useCallback(
    (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      for (const item of Array.from(event.dataTransfer.items)) {
        const request = droppedRequest(item);
        if (request) handle(request);
      }
    },
    [handle],
  );
  useEffect(() => {
    const onDragOver = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault(); // a drop is only delivered where dragover was accepted
      event.dataTransfer.dropEffect = 'copy';
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [onDrop]);
}
