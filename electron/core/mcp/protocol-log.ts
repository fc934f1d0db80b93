// Owns the protocol log of an MCP connection: every JSON-RPC message both ways, with its time, as it went on the
// wire (issue 16). A transport wrapper records them; the log keeps the newest messages of each server.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../../../shared/json-read.js';

export interface ProtocolLogEntry {
  /** Milliseconds since the epoch. */
  at: number;
  /** `out`: from Skillbench to the server; `in`: from the server. */
  direction: 'out' | 'in';
  /** The message; for one kept cut, only its `jsonrpc`, `id`, `method` and error code and text. */
  message: JSONRPCMessage;
  /** A message over PROTOCOL_LOG_MESSAGE_BYTES: the start of its JSON, and its whole size in bytes. */
  cut?: string;
  bytes?: number;
}

/** How many messages a server's log keeps (older ones are dropped first). */
export const PROTOCOL_LOG_LIMIT = 2000;
/** How many bytes of messages a server's log keeps in all (older ones are dropped first). */
export const PROTOCOL_LOG_BYTES = 8 * 1024 * 1024;
/** A message bigger than this is kept as the start of its JSON (PROTOCOL_LOG_CUT_CHARS) and its size. */
export const PROTOCOL_LOG_MESSAGE_BYTES = 256 * 1024;
export const PROTOCOL_LOG_CUT_CHARS = 4096;
/**
 * How deep a message from a server may nest: the one cap of everything read. A deeper one would overflow the stack
 * of every JSON.stringify that meets it (the call's result, the log, its export), so it is refused where it comes
 * in (LoggedTransport).
 */
export const MESSAGE_DEPTH_LIMIT = JSON_MAX_DEPTH;

/** What the log keeps of a message too big (or too deep) to keep whole: what names it, and its error's words. */
function outline(message: JSONRPCMessage): JSONRPCMessage {
  const m = message as { id?: unknown; method?: unknown; error?: { code?: unknown; message?: unknown } };
  const error = m.error;
  return {
    jsonrpc: '2.0',
    ...(m.id !== undefined ? { id: m.id } : {}),
    ...(typeof m.method === 'string' ? { method: m.method } : {}),
    ...(error && typeof error === 'object'
      ? {
          error: {
            code: typeof error.code === 'number' ? error.code : 0,
            message: typeof error.message === 'string' ? error.message.slice(0, PROTOCOL_LOG_CUT_CHARS) : '',
          },
        }
      : {}),
  } as JSONRPCMessage;
}

export class ProtocolLog {
  private entries: ProtocolLogEntry[] = [];
  /** What each entry counts against the budget, in the same order. */
  private sizes: number[] = [];
  private bytes = 0;
  dropped = 0;

  constructor(
    private readonly limit = PROTOCOL_LOG_LIMIT,
    private readonly budget = PROTOCOL_LOG_BYTES,
  ) {}

  /**
   * Logs a message and returns its entry, whole (a call's wire record keeps it for the history, which cuts it to
   * its own limit). The log keeps a message over PROTOCOL_LOG_MESSAGE_BYTES cut, and drops its oldest entries past
   * PROTOCOL_LOG_LIMIT messages or PROTOCOL_LOG_BYTES in all, so a server that floods cannot grow it without end.
   */
  add(direction: ProtocolLogEntry['direction'], message: JSONRPCMessage, refused?: string): ProtocolLogEntry {
    const entry: ProtocolLogEntry = { at: Date.now(), direction, message };
    let kept: ProtocolLogEntry = entry;
    let size = 0;
    if (refused) kept = { ...entry, message: outline(message), cut: refused };
    else {
      const text = JSON.stringify(message);
      size = Buffer.byteLength(text);
      if (size > PROTOCOL_LOG_MESSAGE_BYTES)
        kept = {
          ...entry,
          message: outline(message),
          cut: text.slice(0, PROTOCOL_LOG_CUT_CHARS),
          bytes: size,
        };
    }
    // What the entry holds: a message kept whole, or what is kept of one cut.
    const cost = kept.cut !== undefined ? kept.cut.length + JSON.stringify(kept.message).length : size;
    this.entries.push(kept);
    this.sizes.push(cost);
    this.bytes += cost;
    while (this.entries.length > this.limit || (this.bytes > this.budget && this.entries.length > 1)) {
      this.entries.shift();
      this.bytes -= this.sizes.shift()!;
      this.dropped++;
    }
    return entry;
  }

  list(): readonly ProtocolLogEntry[] {
    return this.entries;
  }
}

/** One request and what answered it, as they went on the wire (issue 16: the history keeps it with the run). */
export interface WireExchange {
  request?: ProtocolLogEntry;
  /** The server's response (result or error) to that request's id. */
  response?: ProtocolLogEntry;
  /** The cancellation Skillbench sent for it (a timeout or the user's cancel). */
  cancelled?: ProtocolLogEntry;
}

interface Tap {
  match: (message: JSONRPCMessage) => boolean;
  exchange: WireExchange;
}

const idOf = (m: JSONRPCMessage): string | number | undefined =>
  'id' in m && (typeof m.id === 'string' || typeof m.id === 'number') ? m.id : undefined;

/** A transport that records what it sends and receives in a log, and otherwise is the transport it wraps. */
export class LoggedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly taps = new Set<Tap>();

  constructor(
    readonly inner: Transport,
    private readonly log: ProtocolLog,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      if (nestsDeeperThan(message, MESSAGE_DEPTH_LIMIT)) return this.refuseDeep(message, extra);
      const entry = this.log.add('in', message);
      const id = idOf(message);
      if (id !== undefined && !('method' in message))
        for (const tap of this.taps)
          if (tap.exchange.request && !tap.exchange.response && idOf(tap.exchange.request.message) === id)
            tap.exchange.response = entry;
      this.onmessage?.(message, extra);
    };
  }

  /**
   * A message nesting deeper than MESSAGE_DEPTH_LIMIT: the log keeps its outline; a response becomes an error for
   * the request it answers, a request from the server is answered with an error, a notification is dropped.
   */
  private refuseDeep(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const why = `The message nests deeper than ${MESSAGE_DEPTH_LIMIT} levels, so Skillbench refused it`;
    this.log.add('in', message, why);
    const id = idOf(message);
    if (id === undefined) return;
    const error = { jsonrpc: '2.0' as const, id, error: { code: -32600, message: why } };
    if ('method' in message) void this.send(error).catch(() => {});
    else this.onmessage?.(error, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const entry = this.log.add('out', message);
    for (const tap of this.taps) {
      const sent = tap.exchange.request;
      if (!sent && 'method' in message && idOf(message) !== undefined && tap.match(message))
        tap.exchange.request = entry;
      else if (
        sent &&
        'method' in message &&
        message.method === 'notifications/cancelled' &&
        (message.params as { requestId?: unknown } | undefined)?.requestId === idOf(sent.message)
      )
        tap.exchange.cancelled = entry;
    }
    await this.inner.send(message, options);
  }

  /**
   * Keeps the first request sent that `match` picks, with the response to its id and its cancellation, until
   * `stop` (the messages themselves, as sent and received, not what the caller passed).
   */
  tap(match: (message: JSONRPCMessage) => boolean): { exchange: WireExchange; stop(): void } {
    const tap: Tap = { match, exchange: {} };
    this.taps.add(tap);
    return { exchange: tap.exchange, stop: () => this.taps.delete(tap) };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
