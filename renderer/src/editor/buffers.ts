// Owns the open files of the editor: their text, the disk version each was read from, dirty state, drafts kept by
// the host while unsaved, and conflicts when the disk moved on. Components subscribe; nothing here touches Monaco.
import type { FileView, HostApi, IpcError } from '../../../shared/ipc.js';
import type { DraftView } from '../../../shared/host-types.js';
import { autoMerge } from '../../../shared/merge.js';
import type { Diagnostic } from '../../../shared/types.js';

export interface Buffer {
  path: string;
  text: string;
  /** The text as last read from or written to disk. */
  savedText: string;
  /** Hash of the disk version the buffer is based on (null: the file does not exist yet). */
  hash: string | null;
  bom: boolean;
  /** Whether the file on disk has a byte order mark (a fix may drop it from the buffer before a save). */
  savedBom: boolean;
  eol: '\n' | '\r\n';
  diagnostics: Diagnostic[];
  /** The disk changed under unsaved edits (or a save found it changed): what is on disk now. */
  conflict?: { diskText: string; diskHash: string | null };
  /** A draft from an earlier session was restored into this buffer. */
  restoredFrom?: string;
  /** Bumped whenever the text is replaced from outside the editor (reload, revert, frontmatter panel). */
  revision: number;
  /** The last thing that happened to the file on disk, for the tab's status ("Saved 12:01"). */
  lastEvent?: { kind: 'saved' | 'reloaded' | 'merged'; at: number };
  /** What a discard or a merge replaced, so one click puts it back (issue 13: no edit is lost by one click). */
  undo?: { text: string; message: string };
}

export const isDirty = (b: Buffer) => b.text !== b.savedText || b.bom !== b.savedBom;

const clock = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
/** The tab's status: what the buffer is compared with the disk, and the last thing that happened on disk. */
export function statusOf(b: Buffer): string {
  if (isDirty(b)) return 'Unsaved';
  const e = b.lastEvent;
  if (!e) return '';
  if (e.kind === 'saved') return `Saved ${clock(e.at)}`;
  if (e.kind === 'reloaded') return `Reloaded from disk ${clock(e.at)}`;
  return `Merged ${clock(e.at)}`;
}

const DRAFT_DELAY_MS = 400;

export class BufferStore {
  private readonly buffers = new Map<string, Buffer>();
  private readonly listeners = new Set<() => void>();
  private readonly draftTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private drafts: Map<string, DraftView> | undefined;
  /** Saves in flight, and a count of saves per path: a disk read that a save overtook says nothing. */
  private readonly saving = new Set<string>();
  private readonly saves = new Map<string, number>();
  private version = 0;

  constructor(private readonly host: HostApi) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  /** Changes whenever any buffer changes (for useSyncExternalStore). */
  snapshot = (): number => this.version;

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  private set(path: string, patch: Partial<Buffer>): Buffer | undefined {
    const b = this.buffers.get(path);
    if (!b) return undefined;
    const next = { ...b, ...patch };
    this.buffers.set(path, next);
    this.changed();
    return next;
  }

  get(path: string): Buffer | undefined {
    return this.buffers.get(path);
  }
  all(): Buffer[] {
    return [...this.buffers.values()];
  }
  /** Unsaved buffers, all of them or those under a folder. */
  dirty(folder = ''): Buffer[] {
    return this.all().filter((b) => isDirty(b) && b.path.startsWith(folder));
  }

  /** Drafts the host kept from an earlier session, by path. */
  async pendingDrafts(): Promise<DraftView[]> {
    if (!this.drafts) {
      const r = await this.host.invoke('drafts:list', {});
      this.drafts = new Map(r.ok ? r.value.map((d) => [d.path, d]) : []);
    }
    return [...this.drafts.values()];
  }

  /** Opens a file (or returns the open buffer), restoring a draft left from an earlier session. */
  async open(path: string): Promise<Buffer> {
    const open = this.buffers.get(path);
    if (open) return open;
    const r = await this.host.invoke('skills:read-file', { path });
    if (!r.ok) throw new Error(r.error.message);
    const file = r.value;
    const buffer: Buffer = {
      path: file.path,
      text: file.text,
      savedText: file.text,
      hash: file.hash,
      bom: file.bom,
      savedBom: file.bom,
      eol: file.eol,
      diagnostics: [],
      revision: 0,
    };
    await this.pendingDrafts();
    const draft = this.drafts?.get(file.path);
    if (draft && draft.text !== file.text) {
      buffer.text = draft.text;
      buffer.restoredFrom = draft.savedAt;
      if (draft.baseHash !== file.hash) {
        // The file changed on disk after the draft was taken: the user must choose.
        buffer.conflict = { diskText: file.text, diskHash: file.hash };
        buffer.savedText = file.text;
      }
    }
    this.drafts?.delete(file.path);
    this.buffers.set(file.path, buffer);
    this.changed();
    return buffer;
  }

  /** The user typed: the buffer changes and a draft is kept by the host shortly after. */
  update(path: string, text: string): void {
    const b = this.buffers.get(path);
    if (!b || b.text === text) return;
    this.set(path, { text });
    this.scheduleDraft(path);
  }

  /** Text replaced from outside the editor's own typing (the editor must load it). */
  replace(path: string, text: string): void {
    const b = this.buffers.get(path);
    if (!b) return;
    this.set(path, { text, revision: b.revision + 1 });
    this.scheduleDraft(path);
  }

  /** Drops the byte order mark from the buffer: the next save writes the file without it. */
  removeBom(path: string): void {
    if (this.buffers.get(path)?.bom) this.set(path, { bom: false });
  }

  setDiagnostics(path: string, diagnostics: Diagnostic[]): void {
    this.set(path, { diagnostics });
  }

  private scheduleDraft(path: string): void {
    clearTimeout(this.draftTimers.get(path));
    this.draftTimers.set(
      path,
      setTimeout(() => this.sendDraft(path), DRAFT_DELAY_MS),
    );
  }

  private sendDraft(path: string): void {
    clearTimeout(this.draftTimers.get(path));
    this.draftTimers.delete(path);
    const b = this.buffers.get(path);
    if (!b) return;
    if (isDirty(b)) void this.host.invoke('drafts:put', { path, text: b.text, baseHash: b.hash });
    else void this.host.invoke('drafts:discard', { path });
  }

  /** Sends every draft still waiting for its delay (the window is closing: the last keystrokes must not be lost). */
  flushDrafts(): void {
    for (const path of [...this.draftTimers.keys()]) this.sendDraft(path);
  }

  /**
   * Saves atomically against the disk version the buffer is based on. A file that changed meanwhile is not
   * overwritten: the buffer gets a conflict instead. `overwrite` saves over whatever is on disk now.
   */
  async save(
    path: string,
    options: { overwrite?: boolean } = {},
  ): Promise<{ ok: true } | { ok: false; error: IpcError }> {
    const b = this.buffers.get(path);
    if (!b) return { ok: false, error: { code: 'NotFound', message: `${path} is not open.` } };
    const expectedHash = options.overwrite ? (b.conflict?.diskHash ?? b.hash) : b.hash;
    const text = b.text;
    this.saving.add(path);
    this.saves.set(path, (this.saves.get(path) ?? 0) + 1);
    const r = await this.host
      .invoke('skills:save-file', { path, text, expectedHash, bom: b.bom })
      .finally(() => this.saving.delete(path));
    if (!r.ok) {
      if (r.error.code === 'Conflict') await this.refresh(path, true);
      return r;
    }
    clearTimeout(this.draftTimers.get(path));
    this.settle(r.value, text, undefined, 'saved');
    return { ok: true };
  }

  /**
   * The buffer now based on `file` as it is on disk, holding `saved` as its saved text and `text` as its text (the
   * user's current text by default, so keys typed during a save stay); conflict and draft notices are dropped.
   */
  private settle(
    file: FileView,
    saved: string,
    text: string | undefined,
    event: 'saved' | 'reloaded' | 'merged',
    undo?: Buffer['undo'],
  ): void {
    const b = this.buffers.get(file.path);
    if (!b) return;
    const { conflict: _conflict, restoredFrom: _restored, undo: _undo, ...rest } = b;
    const next = text ?? b.text;
    this.buffers.set(file.path, {
      ...rest,
      text: next,
      savedText: saved,
      hash: file.hash,
      bom: file.bom,
      savedBom: file.bom,
      eol: file.eol,
      revision: next === b.text ? b.revision : b.revision + 1,
      lastEvent: { kind: event, at: Date.now() },
      ...(undo ? { undo } : {}),
    });
    this.changed();
  }

  /**
   * Throws the unsaved edits away and loads the disk version. The edits are kept for `undoDiscard` (and Monaco's
   * own undo), so this is never the end of them.
   */
  async revert(path: string): Promise<void> {
    const r = await this.host.invoke('skills:read-file', { path });
    const b = this.buffers.get(path);
    if (!b) return;
    clearTimeout(this.draftTimers.get(path));
    void this.host.invoke('drafts:discard', { path });
    const undo = isDirty(b)
      ? { text: b.text, message: 'Reloaded from disk: your unsaved edits were set aside.' }
      : undefined;
    if (!r.ok) {
      this.set(path, {
        text: b.savedText,
        revision: b.revision + 1,
        conflict: undefined,
        restoredFrom: undefined,
        undo,
      });
      return;
    }
    this.settle(r.value, r.value.text, r.value.text, 'reloaded', undo);
  }

  /** Puts back the text a discard or a merge replaced (the buffer stays based on the current disk version). */
  undoDiscard(path: string): void {
    const b = this.buffers.get(path);
    if (!b?.undo) return;
    this.set(path, { text: b.undo.text, revision: b.revision + 1, undo: undefined });
    this.scheduleDraft(path);
  }

  /** Drops the offer to undo (the user read the notice). */
  dismissUndo(path: string): void {
    this.set(path, { undo: undefined });
  }

  /**
   * The user merged their edits with the disk version of a conflict: the buffer is now based on that disk version
   * and holds the merged text (unsaved). What it held before can be put back with `undoDiscard`.
   */
  applyMerge(path: string, merged: string): void {
    const b = this.buffers.get(path);
    if (!b?.conflict) return;
    const { diskText, diskHash } = b.conflict;
    this.set(path, {
      text: merged,
      savedText: diskText,
      hash: diskHash,
      conflict: undefined,
      revision: b.revision + 1,
      lastEvent: { kind: 'merged', at: Date.now() },
      undo: { text: b.text, message: 'Merged the disk version into your edits.' },
    });
    this.scheduleDraft(path);
  }

  /** Keeps the user's text and drops the conflict notice (the next save will still refuse to overwrite). */
  dismissConflict(path: string): void {
    this.set(path, { conflict: undefined });
  }

  close(path: string): void {
    clearTimeout(this.draftTimers.get(path));
    const b = this.buffers.get(path);
    if (b && isDirty(b)) void this.host.invoke('drafts:discard', { path });
    this.buffers.delete(path);
    this.changed();
  }

  /**
   * Compares an open buffer with the disk: a clean buffer follows the disk silently, a dirty one gets a conflict.
   * `force` marks a conflict even when the buffer is clean (a save was refused).
   */
  async refresh(path: string, force = false): Promise<void> {
    // The change event of our own save arrives while the save is in flight: its answer decides, not this read.
    if (!this.buffers.has(path) || this.saving.has(path)) return;
    const saves = this.saves.get(path) ?? 0;
    const r = await this.host.invoke('skills:read-file', { path });
    const b = this.buffers.get(path);
    if (!b || this.saving.has(path) || (this.saves.get(path) ?? 0) !== saves) return;
    const disk = r.ok ? r.value : undefined;
    const diskHash = disk?.hash ?? null;
    if (diskHash === b.hash && !force) return;
    if (!isDirty(b) && disk && !force) return this.settle(disk, disk.text, disk.text, 'reloaded');
    // Edits on both sides that touch different lines merge by themselves (issue 13); the user can undo it.
    const merged = disk && !force ? autoMerge(b.savedText, b.text, disk.text) : undefined;
    if (disk && merged !== undefined) {
      this.settle(disk, disk.text, merged, 'merged', {
        text: b.text,
        message: 'The file changed on disk: its changes were merged into your unsaved edits.',
      });
      this.scheduleDraft(path);
      return;
    }
    this.set(path, { conflict: { diskText: disk?.text ?? '', diskHash } });
  }

  /** Compares open buffers with the disk: every one, or those under the given folders (what a change touched). */
  async refreshAll(folders?: readonly string[]): Promise<void> {
    const touched = (path: string) => !folders || folders.some((f) => path.startsWith(f));
    await Promise.all(
      this.all()
        .filter((b) => touched(b.path))
        .map((b) => this.refresh(b.path)),
    );
  }

  /** A skill folder moved or went away: its buffers are closed (unsaved text stays in the host's drafts). */
  forget(prefix: string): void {
    for (const path of [...this.buffers.keys()]) if (path.startsWith(prefix)) this.buffers.delete(path);
    this.changed();
  }
}
