// Owns the run history: one JSON line per run in the user data folder, bounded by count and size, shared by the app,
// `serve` and the CLI. Appends and rewrites (pin, clear, compaction) happen under one cross-process lock; a file
// with a line that does not parse is moved aside before anything rewrites it (issue 12: never lose runs).
import { randomUUID } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type {
  DataNotice,
  HistoryEntryView,
  RunWireView,
  WireMessageView,
} from '../../../shared/host-types.js';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { DATA_FILE_MODE, ensurePrivateDir, makePrivate, moveAside, withFileLock } from '../data-files.js';
import { removeStaleTemps, writeFileAtomically } from '../editor/save-file.js';
import type { ProtocolLogEntry } from '../mcp/protocol-log.js';
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
  limits: HistoryLimits;
  /** History files that could not be read whole and were moved aside, since this store was opened. */
  readonly notices: DataNotice[] = [];
  /** Appends since the last compaction check; the first append of a process checks (and repairs) the file. */
  private appendsSinceCheck = Infinity;

  constructor(
    readonly file: string = defaultHistoryFile(),
    limits: Partial<HistoryLimits> = {},
  ) {
    this.limits = { ...DEFAULT_HISTORY_LIMITS, ...limits };
  }

  /** New limits take effect at once (issue 12: they used to wait for a restart). */
  setLimits(limits: Partial<HistoryLimits>): void {
    this.limits = { ...this.limits, ...limits };
    this.enforceLimits();
  }

  /** Appends one run as one write of one line, under the lock that compaction by another process also takes. */
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
    if (run.wire) entry.wire = this.wireOf(run.wire, run.schema);
    ensurePrivateDir(dirname(this.file));
    withFileLock(this.file, () => {
      // If a previous write was torn (crash), start on a fresh line so the torn bytes stay one line of their own.
      const prefix = existsSync(this.file) && !endsWithNewline(this.file) ? '\n' : '';
      appendFileSync(this.file, `${prefix}${JSON.stringify(entry)}\n`, { mode: DATA_FILE_MODE });
      makePrivate(this.file);
      if (++this.appendsSinceCheck >= 20 || statSync(this.file).size > this.limits.maxBytes) this.compact();
      removeStaleTemps(dirname(this.file));
    });
    return entry;
  }

  /**
   * The messages of an MCP run as kept: the request's arguments masked like the run's args (only them: the rest of
   * the request, such as its progress token, is kept as sent), each message cut to the output limit.
   */
  private wireOf(wire: NonNullable<RunRecord['wire']>, schema: JsonSchema | undefined): RunWireView {
    const keep = (entry: ProtocolLogEntry, mask = false): WireMessageView => {
      let message = entry.message as unknown as { [key: string]: JsonValue };
      const params = message.params as { [key: string]: JsonValue } | undefined;
      if (mask && params?.arguments !== undefined)
        message = { ...message, params: { ...params, arguments: maskSecrets(params.arguments, schema) } };
      const text = JSON.stringify(message);
      return text.length > this.limits.maxOutputChars
        ? { at: entry.at, cut: text.slice(0, this.limits.maxOutputChars), bytes: Buffer.byteLength(text) }
        : { at: entry.at, message };
    };
    return {
      server: wire.server,
      ...(wire.request ? { request: keep(wire.request, true) } : {}),
      ...(wire.response ? { response: keep(wire.response) } : {}),
      ...(wire.cancelled ? { cancelled: keep(wire.cancelled) } : {}),
    };
  }

  /** Newest first. A line that does not parse has the file moved aside first (see `repair`). */
  list(options: { query?: string; limit?: number } = {}): HistoryEntry[] {
    const read = this.read();
    const entries = read.broken ? withFileLock(this.file, () => this.repair()).entries : read.entries;
    let out = latestFirst(entries);
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
    return withFileLock(this.file, () => {
      const entries = latestFirst(this.repair().entries);
      const entry = entries.find((e) => e.id === id);
      if (!entry) return undefined;
      this.rewrite(entries.map((e) => (e.id === id ? { ...e, pinned } : e)).reverse());
      return { ...entry, pinned };
    });
  }

  /** Removes every entry, or every unpinned one. */
  clear(keepPinned = true): void {
    withFileLock(this.file, () => {
      const kept = keepPinned ? latestFirst(this.repair().entries).filter((e) => e.pinned) : [];
      this.rewrite(kept.reverse());
    });
  }

  /** Keeps the newest entries (and every pinned one) within the count and size limits. */
  enforceLimits(): void {
    if (!existsSync(this.file)) return;
    withFileLock(this.file, () => this.compact());
  }

  /** Compaction, under the lock: the file as it is now, so runs appended by another process are not lost. */
  private compact(): void {
    this.appendsSinceCheck = 0;
    if (!existsSync(this.file)) return;
    const newestFirst = latestFirst(this.repair().entries);
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

  /** Every line of the file, parsed; `broken` when a line does not parse. */
  private read(): { entries: HistoryEntry[]; broken: string | undefined } {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return { entries: [], broken: undefined };
    }
    const entries: HistoryEntry[] = [];
    let broken: string | undefined;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const e = JSON.parse(line) as HistoryEntry;
        if (e && typeof e === 'object' && typeof e.id === 'string') entries.push(e);
        else broken ??= `line ${i + 1} is not a run`;
      } catch {
        broken ??= i === lines.length - 1 ? `line ${i + 1} is cut short` : `line ${i + 1} is not JSON`;
      }
    });
    return { entries, broken };
  }

  /**
   * Under the lock: the file's entries; when a line does not parse (a torn write, an edit by hand), the whole file
   * is first moved aside to a timestamped backup and the readable entries written back, so no rewrite ever drops
   * bytes that were not understood.
   */
  private repair(): { entries: HistoryEntry[] } {
    const { entries, broken } = this.read();
    if (broken) {
      this.notices.push(moveAside(this.file, broken, `the ${entries.length} readable runs were kept`));
      this.rewrite(entries);
    }
    return { entries };
  }

  /** Replaces the file atomically (under the lock). */
  private rewrite(oldestFirst: HistoryEntry[]): void {
    ensurePrivateDir(dirname(this.file));
    writeFileAtomically(this.file, oldestFirst.map((e) => `${JSON.stringify(e)}\n`).join(''), {
      mode: DATA_FILE_MODE,
    });
  }
}

/** Newest first; a later line for the same id (a pin, before compaction) replaces the earlier one. */
function latestFirst(entries: HistoryEntry[]): HistoryEntry[] {
  const latest = new Map<string, HistoryEntry>();
  for (const e of entries) latest.set(e.id, e);
  return [...latest.values()].reverse();
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
