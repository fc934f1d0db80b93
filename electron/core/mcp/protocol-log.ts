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

  add(direction: ProtocolLogEntry['direction'], message: JSONRPCMessage): void {
    this.entries.push({ at: Date.now(), direction, message });
    if (this.entries.length > this.limit) {
      const excess = this.entries.length - this.limit;
      this.entries.splice(0, excess);
      this.dropped += excess;
    }
  }

  list(): readonly ProtocolLogEntry[] {
    return this.entries;
  }
}

/** A transport that records what it sends and receives in a log, and otherwise is the transport it wraps. */
export class LoggedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    readonly inner: Transport,
    private readonly log: ProtocolLog,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.log.add('in', message);
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
    this.log.add('out', message);
    await this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
