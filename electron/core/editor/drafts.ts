// Owns unsaved buffers kept outside the files they belong to, so they survive a crash or a quit: one JSON file per
// edited path in the user data folder (0600 in a 0700 folder), written on change and removed on save, revert or
// discard. Bounded in count and size (issue 12: `drafts:list` once answered 40 MB).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DraftView } from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import { DATA_FILE_MODE, ensurePrivateDir } from '../fs/data-files.js';
import { DEFAULT_MAX_MANIFEST_BYTES } from '../skills/manifest-text.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { parseJsonText } from '../../../shared/json-read.js';

export interface DraftLimits {
  /** Drafts kept at once. */
  maxDrafts: number;
  /** Text of one draft, in UTF-8 bytes: what the editor opens at most. */
  maxDraftBytes: number;
  /** All drafts together, on disk. */
  maxTotalBytes: number;
}

export const DEFAULT_DRAFT_LIMITS: DraftLimits = {
  maxDrafts: 100,
  maxDraftBytes: DEFAULT_MAX_MANIFEST_BYTES,
  maxTotalBytes: 16 * 1024 * 1024,
};

export class DraftStore {
  readonly limits: DraftLimits;

  constructor(
    private readonly dir: string,
    limits: Partial<DraftLimits> = {},
  ) {
    this.limits = { ...DEFAULT_DRAFT_LIMITS, ...limits };
  }

  private fileOf(path: string): string {
    return join(this.dir, `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`);
  }

  /** The draft files with their sizes, newest first. */
  private files(): Array<{ file: string; size: number; mtimeMs: number }> {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => /^[0-9a-f]{32}\.json$/.test(n));
    } catch {
      return [];
    }
    return names
      .flatMap((name) => {
        const file = join(this.dir, name);
        try {
          const s = statSync(file);
          return [{ file, size: s.size, mtimeMs: s.mtimeMs }];
        } catch {
          return [];
        }
      })
      .sort((a, b) => b.mtimeMs - a.mtimeMs);
  }

  /** Every draft within the limits (newest first when a folder from an earlier version holds more), by path. */
  list(): DraftView[] {
    const drafts: DraftView[] = [];
    let total = 0;
    for (const { file, size } of this.files()) {
      if (drafts.length >= this.limits.maxDrafts || total + size > this.limits.maxTotalBytes) break;
      try {
        const d = parseJsonText(readFileSync(file, 'utf8'), file) as Partial<DraftView>;
        if (typeof d.path === 'string' && typeof d.text === 'string' && typeof d.savedAt === 'string') {
          drafts.push({ path: d.path, text: d.text, baseHash: d.baseHash ?? null, savedAt: d.savedAt });
          total += size;
        }
      } catch {
        // A draft torn by a crash mid-write is unreadable; the temp-file rename makes that rare. Skip it.
      }
    }
    return drafts.sort((a, b) => a.path.localeCompare(b.path));
  }

  put(path: string, text: string, baseHash: string | null): DraftView {
    const bytes = Buffer.byteLength(text);
    if (bytes > this.limits.maxDraftBytes)
      throw new SkillError(
        'InvalidArgs',
        `This buffer (${mib(bytes)}) is over the ${mib(this.limits.maxDraftBytes)} kept for an unsaved draft: save the file to keep your changes.`,
      );
    const draft: DraftView = { path, text, baseHash, savedAt: new Date().toISOString() };
    const body = JSON.stringify(draft);
    const file = this.fileOf(path);
    const others = this.files().filter((f) => f.file !== file);
    if (others.length >= this.limits.maxDrafts)
      throw new SkillError(
        'InvalidArgs',
        `${others.length} files already have unsaved drafts (at most ${this.limits.maxDrafts} are kept): save or revert some of them to keep a draft of this one.`,
      );
    const total = others.reduce((sum, f) => sum + f.size, 0) + Buffer.byteLength(body);
    if (total > this.limits.maxTotalBytes)
      throw new SkillError(
        'InvalidArgs',
        `Unsaved drafts would take ${mib(total)}, over the ${mib(this.limits.maxTotalBytes)} kept: save or revert some files to keep a draft of this one.`,
      );
    ensurePrivateDir(this.dir);
    writeFileAtomically(file, body, { mode: DATA_FILE_MODE });
    return draft;
  }

  discard(path: string): void {
    rmSync(this.fileOf(path), { force: true });
  }
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MiB`;
}
