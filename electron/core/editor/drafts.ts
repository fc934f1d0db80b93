// Owns unsaved buffers kept outside the files they belong to, so they survive a crash or a quit: one JSON file per
// edited path in the user data folder, written on change and removed on save, revert or discard.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DraftView } from '../../../shared/host-types.js';

export class DraftStore {
  constructor(private readonly dir: string) {}

  private fileOf(path: string): string {
    return join(this.dir, `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`);
  }

  list(): DraftView[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const drafts: DraftView[] = [];
    for (const name of names) {
      try {
        const d = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as Partial<DraftView>;
        if (typeof d.path === 'string' && typeof d.text === 'string' && typeof d.savedAt === 'string')
          drafts.push({ path: d.path, text: d.text, baseHash: d.baseHash ?? null, savedAt: d.savedAt });
      } catch {
        // A draft torn by a crash mid-write is unreadable; the temp-file rename makes that rare. Skip it.
      }
    }
    return drafts.sort((a, b) => a.path.localeCompare(b.path));
  }

  put(path: string, text: string, baseHash: string | null): DraftView {
    mkdirSync(this.dir, { recursive: true });
    const draft: DraftView = { path, text, baseHash, savedAt: new Date().toISOString() };
    const file = this.fileOf(path);
    writeFileSync(`${file}.tmp`, JSON.stringify(draft));
    renameSync(`${file}.tmp`, file);
    return draft;
  }

  discard(path: string): void {
    rmSync(this.fileOf(path), { force: true });
  }
}
