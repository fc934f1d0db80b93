// Owns the run history: one JSON line per run in the user data folder, bounded by count and size, shared by the app,
// `serve` and the CLI. Appends and rewrites (pin, clear, compaction) happen under one cross-process lock; a file
// with a line that does not parse is moved aside before anything rewrites it (issue 12: never lose runs).
import type * as Crypto from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type {
  DataNotice,
  HistoryEntryView,
  RunWireView,
  WireMessageView,
} from '../../../shared/host-types.js';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { historyFile } from '../app-data.js';
import { DATA_FILE_MODE, ensurePrivateDir, makePrivate, moveAside, withFileLock } from '../fs/data-files.js';
import { removeStaleTemps, writeFileAtomically } from '../fs/atomic-write.js';
import type { ProtocolLogEntry } from '../mcp/protocol-log.js';
import type { RunRecord } from '../tools/executor.js';
import { maskSecrets, maskSecretsInText } from './mask.js';
import { loadLater } from '../load-later.js';
import { readJson } from '../../../shared/json-read.js';

const nodeCrypto = loadLater<typeof Crypto>('node:crypto');

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
export class HistoryStore {
  limits: HistoryLimits;
  /** History files that could not be read whole and were moved aside, since this store was opened. */
  readonly notices: DataNotice[] = [];
  /** Appends since the last compaction check; the first append of a process checks (and repairs) the file. */
  private appendsSinceCheck = Infinity;
  /** The file's size and line count as this store last wrote them; undefined when another writer may have changed it. */
  private known: { size: number; lines: number } | undefined;

  /** A check (stale temps, compaction) is due and scheduled for after the current task (`maintainLater`). */
  private checkScheduled = false;

  /**
   * `maintainLater`: a long-running host (the app, `serve`) runs the periodic check, and the compaction it may do,
   * after the task that recorded the run, so a tool call's answer never waits for a rewrite of the history (issue 14:
   * a compaction every ~250 runs took 10-13 ms, the p99 of `tools:run`). The append itself is never deferred. A
   * one-shot CLI process checks at once: it may exit before a deferred check would run.
   */
  constructor(
    readonly file: string = historyFile(),
    limits: Partial<HistoryLimits> = {},
    private readonly maintainLater = false,
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
    // Outputs are masked like arguments: a tool that prints a token or a DSN must not leave it in the history file.
    const text = maskSecretsInText(run.output ? run.output.output : (run.error?.message ?? ''));
    const entry: HistoryEntry = {
      id: nodeCrypto().randomUUID(),
      at: run.startedAt,
      skillId: run.skillId,
      skillName: run.skillName,
      tool: run.tool,
      args: maskSecrets(run.args, run.schema),
      // A run the author stopped did not fail: History says so instead of showing it as an error.
      status: run.error
        ? run.error.code === 'Cancelled'
          ? 'cancelled'
          : 'error'
        : run.output?.isError
          ? 'tool-error'
          : 'ok',
      output:
        text.length > this.limits.maxOutputChars
          ? `${text.slice(0, this.limits.maxOutputChars)}\n[truncated in history]`
          : text,
      durationMs: Math.round(run.durationMs * 1000) / 1000,
    };
    if (run.error) entry.errorCode = run.error.code;
    if (run.wire) entry.wire = this.wireOf(run.wire, run.schema);
    ensurePrivateDir(dirname(this.file));
    const due = withFileLock(this.file, () => {
      const { before, after, lines } = appendLine(this.file, JSON.stringify(entry));
      this.known = this.known?.size === before ? { size: after, lines: this.known.lines + lines } : undefined;
      const checkDue = ++this.appendsSinceCheck >= CHECK_EVERY || after > this.limits.maxBytes;
      if (checkDue && !this.maintainLater) this.check();
      return checkDue;
    });
    if (due && this.maintainLater) this.scheduleCheck();
    return entry;
  }

  private scheduleCheck(): void {
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      try {
        withFileLock(this.file, () => this.check());
      } catch {
        // The next run that finds a check due tries again; the appends themselves have landed.
        this.appendsSinceCheck = CHECK_EVERY;
      }
    });
  }

  /**
   * The messages of an MCP run as kept: the request's arguments masked like the run's args (only them: the rest of
   * the request, such as its progress token, is kept as sent), the answers masked whole like outputs, each message
   * cut to the output limit.
   */
  private wireOf(wire: NonNullable<RunRecord['wire']>, schema: JsonSchema | undefined): RunWireView {
    const keep = (entry: ProtocolLogEntry, request = false): WireMessageView => {
      let message = entry.message as unknown as { [key: string]: JsonValue };
      const params = message.params as { [key: string]: JsonValue } | undefined;
      if (!request) message = maskSecrets(message) as { [key: string]: JsonValue };
      else if (params?.arguments !== undefined)
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
    // The file may hold up to COUNT_SLACK more than the limit between compactions; what is shown keeps to it.
    let out = withinLimits(latestFirst(entries), { ...this.limits, maxBytes: Infinity });
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

  /**
   * Under the lock, every CHECK_EVERY appends (and the first of a process): stale temps removed, and compaction only
   * when the file is past its limits by the slack. The lines are counted by this store as it writes them, and by
   * newlines (no line parsed) when another process wrote in between. A run costs an append, not a read and rewrite
   * of the whole history (issue 14: that was the p99 of `tools:run`).
   */
  private check(): void {
    this.appendsSinceCheck = 0;
    removeStaleTemps(dirname(this.file));
    if (!this.known) {
      if (!existsSync(this.file)) return;
      // The first check of a process, or one after another writer: a line that does not parse (a torn write, a
      // hand edit) has the file moved aside now, with a notice, rather than be carried on (issue 12).
      if (this.read().broken) this.repair();
      let bytes: Buffer;
      try {
        bytes = readFileSync(this.file);
      } catch {
        return;
      }
      this.known = { size: bytes.length, lines: countLines(bytes) };
    }
    const { maxEntries, maxBytes } = this.limits;
    if (this.known.lines > maxEntries + countSlack(maxEntries) || this.known.size > maxBytes) this.compact();
  }

  /**
   * Compaction, under the lock: the file as it is now, so runs appended by another process are not lost. It keeps
   * the newest entries (and every pinned one) within the count, and within BYTES_TARGET of the size limit, so the
   * appends after it do not each trigger another rewrite.
   */
  private compact(): void {
    this.appendsSinceCheck = 0;
    if (!existsSync(this.file)) return;
    const newestFirst = latestFirst(this.repair().entries);
    const size = statSync(this.file).size;
    if (newestFirst.length <= this.limits.maxEntries && size <= this.limits.maxBytes) return;
    const target = size > this.limits.maxBytes ? Math.floor(this.limits.maxBytes * BYTES_TARGET) : size;
    this.rewrite(withinLimits(newestFirst, { ...this.limits, maxBytes: target }).reverse());
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
      const read = readJson(line);
      const e = (read.ok ? read.value : null) as HistoryEntry | null;
      if (!read.ok)
        broken ??= i === lines.length - 1 ? `line ${i + 1} is cut short` : `line ${i + 1} is not JSON`;
      else if (e && typeof e === 'object' && typeof e.id === 'string') entries.push(e);
      else broken ??= `line ${i + 1} is not a run`;
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
    const text = oldestFirst.map((e) => `${JSON.stringify(e)}\n`).join('');
    writeFileAtomically(this.file, text, { mode: DATA_FILE_MODE });
    this.known = { size: Buffer.byteLength(text), lines: oldestFirst.length };
  }
}

/** Appends between two checks of the file against the limits. */
const CHECK_EVERY = 20;
/** Entries the file may hold past `maxEntries` before a compaction rewrites it (what is listed keeps to the limit). */
const countSlack = (maxEntries: number) => Math.max(CHECK_EVERY, Math.ceil(maxEntries / 4));
/** A compaction forced by size keeps the file within this share of `maxBytes`. */
const BYTES_TARGET = 0.9;

/** The newest entries within the count and byte limits, and every pinned one (newest first in, newest first out). */
function withinLimits(
  newestFirst: HistoryEntry[],
  limits: { maxEntries: number; maxBytes: number },
): HistoryEntry[] {
  const kept: HistoryEntry[] = [];
  let bytes = 0;
  for (const e of newestFirst) {
    const len = limits.maxBytes === Infinity ? 0 : Buffer.byteLength(JSON.stringify(e)) + 1;
    if ((kept.length < limits.maxEntries && bytes + len <= limits.maxBytes) || e.pinned) {
      kept.push(e);
      bytes += len;
    }
  }
  return kept;
}

/**
 * Appends one line in one write through one descriptor, which also tightens the file's mode and tells whether the
 * last write was torn (then the line starts on a fresh line, so the torn bytes stay one line of their own).
 * Returns the file's size before and after the write, and the lines it added.
 */
function appendLine(file: string, line: string): { before: number; after: number; lines: number } {
  const fd = openSync(file, 'a+', DATA_FILE_MODE);
  try {
    makePrivate(fd);
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const torn = size > 0 && (readSync(fd, last, 0, 1, size - 1) !== 1 || last[0] !== 10);
    const bytes = Buffer.from(`${torn ? '\n' : ''}${line}\n`);
    writeSync(fd, bytes);
    return { before: size, after: size + bytes.length, lines: torn ? 2 : 1 };
  } finally {
    closeSync(fd);
  }
}

function countLines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/** Newest first; a later line for the same id (a pin, before compaction) replaces the earlier one. */
function latestFirst(entries: HistoryEntry[]): HistoryEntry[] {
  const latest = new Map<string, HistoryEntry>();
  for (const e of entries) latest.set(e.id, e);
  return [...latest.values()].reverse();
}
