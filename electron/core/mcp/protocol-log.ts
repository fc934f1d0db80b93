// Owns the protocol log of an MCP connection: every JSON-RPC message both ways, with its time, as it went on the
// wire (issue 16). A transport wrapper records them; the log keeps the newest messages of each server.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

export interface ProtocolLogEntry {
  /** Milliseconds since the epoch. */
  at: number;
  /** `out`: from Skillbench to the server; `in`: from the server. */
  direction: 'out' | 'in';
  message: JSONRPCMessage;
}

/** How many messages a server's log keeps (older ones are dropped first). */
export const PROTOCOL_LOG_LIMIT = 2000;

export class ProtocolLog {
  private entries: ProtocolLogEntry[] = [];
  dropped = 0;

  constructor(private readonly limit = PROTOCOL_LOG_LIMIT) {}

  add(direction: ProtocolLogEntry['direction'], message: JSONRPCMessage): ProtocolLogEntry {
    const entry: ProtocolLogEntry = { at: Date.now(), direction, message };
    this.entries.push(entry);
    if (this.entries.length > this.limit) {
      const excess = this.entries.length - this.limit;
      this.entries.splice(0, excess);
      this.dropped += excess;
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
      const entry = this.log.add('in', message);
      const id = idOf(message);
      if (id !== undefined && !('method' in message))
        for (const tap of this.taps)
          if (tap.exchange.request && !tap.exchange.response && idOf(tap.exchange.request.message) === id)
            tap.exchange.response = entry;
      this.onmessage?.(message, extra);
    };
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
