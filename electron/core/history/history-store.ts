// Owns the run history: one JSON line per run in the user data folder, bounded by count and size, never corrupted
// by a crash mid-write (a torn last line is skipped; compaction writes a temp file and renames it).
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { HistoryEntryView } from '../../../shared/host-types.js';
import type { RunRecord } from '../tools/executor.js';
import { maskSecrets } from './mask.js';

/** One recorded run; the same shape crosses the IPC boundary. */
export type HistoryEntry = HistoryEntryView;

export interface HistoryLimits {
  maxEntries: number;
  maxBytes: number;
  /** Output text kept per entry. */
  maxOutputChars: number;
}

export const DEFAULT_HISTORY_LIMITS: HistoryLimits = {
  maxEntries: 1000,
  maxBytes: 10 * 1024 * 1024,
  maxOutputChars: 64 * 1024,
};

/**
 * The per-user data folder where settings and history live: the same folder Electron uses for the app's
 * userData, so the CLI and the desktop app share them.
 */
export function userDataDir(): string {
  if (process.env.SKILLBENCH_DATA_DIR) return process.env.SKILLBENCH_DATA_DIR;
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Skillbench');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Skillbench');
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Skillbench');
}

export function defaultHistoryFile(): string {
  return join(userDataDir(), 'history.jsonl');
}

export class HistoryStore {
  readonly limits: HistoryLimits;
  private appendsSinceCheck = 0;

  constructor(
    readonly file: string = defaultHistoryFile(),
    limits: Partial<HistoryLimits> = {},
  ) {
    this.limits = { ...DEFAULT_HISTORY_LIMITS, ...limits };
  }

  /** Appends one run as one write of one line. */
  record(run: RunRecord): HistoryEntry {
    const text = run.output ? run.output.output : (run.error?.message ?? '');
    const entry: HistoryEntry = {
      id: randomUUID(),
      at: run.startedAt,
      skillId: run.skillId,
      skillName: run.skillName,
      tool: run.tool,
      args: maskSecrets(run.args, run.schema),
      status: run.error ? 'error' : run.output?.isError ? 'tool-error' : 'ok',
      output:
        text.length > this.limits.maxOutputChars
          ? `${text.slice(0, this.limits.maxOutputChars)}\n[truncated in history]`
          : text,
      durationMs: Math.round(run.durationMs * 1000) / 1000,
    };
    if (run.error) entry.errorCode = run.error.code;
    mkdirSync(dirname(this.file), { recursive: true });
    // If a previous write was torn (crash), start on a fresh line so the torn bytes stay one skippable line.
    const prefix = existsSync(this.file) && !endsWithNewline(this.file) ? '\n' : '';
    appendFileSync(this.file, `${prefix}${JSON.stringify(entry)}\n`);
    if (++this.appendsSinceCheck >= 20 || statSync(this.file).size > this.limits.maxBytes)
      this.enforceLimits();
    return entry;
  }

  /** Newest first; lines that do not parse (a torn write) are skipped. */
  list(options: { query?: string; limit?: number } = {}): HistoryEntry[] {
    if (!existsSync(this.file)) return [];
    const entries: HistoryEntry[] = [];
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const e = JSON.parse(line) as HistoryEntry;
        if (e && typeof e.id === 'string') entries.push(e);
      } catch {
        /* torn line */
      }
    }
    const latest = new Map<string, HistoryEntry>();
    for (const e of entries) latest.set(e.id, e); // a later line for the same id (pin) replaces it
    let out = [...latest.values()].reverse();
    const q = options.query?.toLowerCase();
    if (q)
      out = out.filter((e) =>
        `${e.skillName} ${e.tool} ${JSON.stringify(e.args)} ${e.output}`.toLowerCase().includes(q),
      );
    return options.limit ? out.slice(0, options.limit) : out;
  }

  get(id: string): HistoryEntry | undefined {
    return this.list().find((e) => e.id === id);
  }

  pin(id: string, pinned: boolean): HistoryEntry | undefined {
    const entry = this.get(id);
    if (!entry) return undefined;
    this.rewrite(
      this.list()
        .map((e) => (e.id === id ? { ...e, pinned } : e))
        .reverse(),
    );
    return { ...entry, pinned };
  }

  /** Removes every entry, or every unpinned one. */
  clear(keepPinned = true): void {
    this.rewrite(
      keepPinned
        ? this.list()
            .filter((e) => e.pinned)
            .reverse()
        : [],
    );
  }

  /** Keeps the newest entries (and every pinned one) within the count and size limits. */
  enforceLimits(): void {
    this.appendsSinceCheck = 0;
    if (!existsSync(this.file)) return;
    const newestFirst = this.list();
    const size = statSync(this.file).size;
    if (newestFirst.length <= this.limits.maxEntries && size <= this.limits.maxBytes) return;
    const kept: HistoryEntry[] = [];
    let bytes = 0;
    for (const e of newestFirst) {
      const len = Buffer.byteLength(JSON.stringify(e)) + 1;
      const fits = kept.length < this.limits.maxEntries && bytes + len <= this.limits.maxBytes;
      if (fits || e.pinned) {
        kept.push(e);
        bytes += len;
      }
    }
    this.rewrite(kept.reverse());
  }

  /** Replaces the file atomically: temp file in the same folder, fsync, rename. */
  private rewrite(oldestFirst: HistoryEntry[]): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, oldestFirst.map((e) => `${JSON.stringify(e)}\n`).join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }
}

function endsWithNewline(file: string): boolean {
  const size = statSync(file).size;
  if (size === 0) return true;
  const fd = openSync(file, 'r');
  try {
    const b = Buffer.alloc(1);
    return readSync(fd, b, 0, 1, size - 1) === 1 && b[0] === 10;
  } finally {
    closeSync(fd);
  }
}
