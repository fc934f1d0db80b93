// Owns making an install atomic: each item staged beside its agent folder (same filesystem, never inside a folder an
// agent scans), renamed into place, what it replaced kept aside until the end; and the cleanup after a killed install.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { moveToTrash } from '../fs/trash.js';
import { isWithin } from '../fs/confine.js';
import { agentFolders } from '../agents/folders.js';
import { processAlive } from '../pid.js';
import type { ManageBase } from './base.js';
import { parseJsonText } from '../../../shared/json-read.js';

/** Fault injection for the interrupted-install tests: see FAULT_AFTER_STAGING in install.ts. */
const FAULT_BETWEEN_RENAMES = 'install-between-renames';

const STAGING_PREFIX = '.skillbench-staging-';
/** What a staged item's replaced skill is called while the install runs (`N-name.previous`). */
const BACKUP_SUFFIX = '.previous';
/** In a staging folder: the folders its install created, to remove after a kill (JSON array of paths). */
const CREATED_FOLDERS_FILE = 'created-folders.json';

export function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Staged items renamed into place, with what they replaced kept aside until the end. */
export class Transaction {
  private staging = new Map<string, string>();
  private staged = new Map<string, string>();
  private committed: Array<{ path: string; backup?: string; trash: boolean }> = [];
  private createdFolders: string[] = [];

  /** A path in the staging folder of `folder` (created with its parents) for the item `name`. */
  stage(folder: string, name: string): string {
    const created = this.ensureFolder(folder);
    const parent = dirname(folder);
    let dir = this.staging.get(parent);
    if (!dir) {
      dir = join(parent, `${STAGING_PREFIX}${process.pid}-${Math.random().toString(16).slice(2, 10)}`);
      mkdirSync(dir);
      this.staging.set(parent, dir);
    }
    // Said in the staging folder too, so the cleanup after a killed install removes the folders it made (empty).
    if (created.length) {
      const file = join(dir, CREATED_FOLDERS_FILE);
      const before = existsSync(file) ? (parseJsonText(readFileSync(file, 'utf8'), file) as string[]) : [];
      writeFileSync(file, JSON.stringify([...before, ...created]));
    }
    const at = join(dir, `${this.staged.size}-${name}`);
    this.staged.set(join(folder, name), at);
    return at;
  }

  commit(path: string, trash: boolean): void {
    const staged = this.staged.get(path);
    if (!staged) throw new Error(`nothing staged for ${path}`);
    let backup: string | undefined;
    if (exists(path)) {
      backup = `${staged}${BACKUP_SUFFIX}`;
      renameSync(path, backup);
      if (process.env.SKILLBENCH_FAULT === FAULT_BETWEEN_RENAMES) process.kill(process.pid, 'SIGKILL');
    }
    try {
      renameSync(staged, path);
    } catch (error) {
      if (backup) renameSync(backup, path);
      throw error;
    }
    this.committed.push({ path, ...(backup ? { backup } : {}), trash });
  }

  rollback(): void {
    for (const c of [...this.committed].reverse()) {
      try {
        rmSync(c.path, { recursive: true, force: true });
        if (c.backup) renameSync(c.backup, c.path);
      } catch {
        /* best effort: the staging folder keeps the backup, and says so by its name */
      }
    }
    this.committed = [];
    this.dropStaging();
    for (const folder of this.createdFolders.reverse()) {
      try {
        rmdirSync(folder); // only when still empty
      } catch {
        /* not empty, or gone */
      }
    }
  }

  /** Sends replaced different skills to the trash, drops the rest of the staging; returns what was trashed. */
  finish(): Array<{ from: string; to: string | undefined }> {
    const trashed: Array<{ from: string; to: string | undefined }> = [];
    for (const c of this.committed) {
      if (!c.backup) continue;
      const isLink = lstatSync(c.backup).isSymbolicLink();
      if (c.trash && !isLink) {
        // A different skill (or a locally changed copy) that --force replaced: kept in the trash, never deleted.
        trashed.push({ from: c.path, to: moveToTrash(c.backup, c.path) });
      }
    }
    this.dropStaging();
    return trashed;
  }

  /** Creates `folder` with its parents; returns the folders it created, outermost first. */
  private ensureFolder(folder: string): string[] {
    const missing: string[] = [];
    for (let f = folder; !existsSync(f); f = dirname(f)) {
      missing.unshift(f);
      if (dirname(f) === f) break;
    }
    mkdirSync(folder, { recursive: true });
    const created = missing.filter((f) => !this.createdFolders.includes(f));
    this.createdFolders.push(...created);
    return created;
  }

  private dropStaging(): void {
    for (const dir of this.staging.values()) rmSync(dir, { recursive: true, force: true });
    this.staging.clear();
  }
}

/**
 * Clears the staging folders an install killed mid-way left behind (their process is gone). A skill it had moved
 * aside (`N-name.previous`) is never deleted: put back where it was when nothing took its place (killed between
 * the two renames), else sent to the trash (the install had replaced it); `base.note` hears what it did.
 */
export function cleanStaleStaging(base: ManageBase): void {
  const folders = agentFolders(base.project, base.ctx).map((f) => f.path);
  for (const parent of new Set(folders.map((f) => dirname(f)))) {
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.startsWith(STAGING_PREFIX)) continue;
      const pid = Number(name.slice(STAGING_PREFIX.length).split('-')[0]);
      if (pid === process.pid || (Number.isInteger(pid) && processAlive(pid))) continue;
      const dir = join(parent, name);
      for (const item of readdirSync(dir)) {
        const skill = item.endsWith(BACKUP_SUFFIX)
          ? /^\d+-(.+)$/.exec(item.slice(0, -BACKUP_SUFFIX.length))?.[1]
          : undefined;
        if (!skill) continue;
        const backup = join(dir, item);
        const places = folders.filter((f) => dirname(f) === parent).map((f) => join(f, skill));
        const empty = places.find((at) => !exists(at));
        if (empty) {
          renameSync(backup, empty);
          base.note?.(`An interrupted install had moved ${empty} aside; it is back in its place.`);
        } else {
          const to = moveToTrash(backup, places[0] ?? join(parent, skill));
          base.note?.(
            `An interrupted install had replaced ${skill}; the previous copy is in the trash${to ? ` (${to})` : ''}.`,
          );
        }
      }
      let created: string[] = [];
      try {
        const list = join(dir, CREATED_FOLDERS_FILE);
        created = parseJsonText(readFileSync(list, 'utf8'), list) as string[];
      } catch {
        /* it created none */
      }
      rmSync(dir, { recursive: true, force: true });
      // The agent folders the killed install made, innermost first, when nothing was put in them since. Only an
      // agent folder or a folder holding one (a cloned project could carry a staging folder naming anything).
      const tops = [resolve(base.project), resolve(base.ctx.home)];
      const mine = (f: string) =>
        typeof f === 'string' &&
        !tops.includes(resolve(f)) &&
        folders.some((a) => resolve(a) === resolve(f) || isWithin(resolve(f), resolve(a)));
      for (const folder of [...created].reverse().filter(mine)) {
        try {
          rmdirSync(folder);
        } catch {
          /* not empty (something was installed since), or gone */
        }
      }
    }
  }
}
