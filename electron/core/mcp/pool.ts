// Owns the pool of MCP connections: started lazily, reused, reconnected after a crash, timeouts that reset on
// progress, every list and call bounded (MCP_LIMITS), cancellation forwarded, all closed on exit. Opening one
// connection (transport, OAuth, client side) is connect.ts's.
// Tested by: test/integration/mcp.test.ts
import type {
  CallToolResult,
  CompleteRequest,
  GetPromptResult,
  Implementation,
  LoggingLevel,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../../shared/errors.js';
import type { JsonValue } from '../../../shared/types.js';
import type { McpClientSide } from './client-side.js';
import { transportOf, type McpServerConfig, type McpTransportKind } from './config.js';
import { MCP_LIMITS, readAllPages, type McpLimits } from './limits.js';
import { DEFAULT_MCP_TIMEOUT_SECS, loadSdk, McpConnector, type Connection } from './connect.js';
import type { ProtocolLogEntry, WireExchange } from './protocol-log.js';
import { remedy, type Audience, type Remedy } from '../../../shared/remedy.js';

/** Where else a server can be configured: the CLI's flag, the app's settings. */
const ANOTHER_CONFIG: Remedy = { cli: 'pass --mcp-config FILE', app: 'add it in Settings → MCP servers' };

type McpServerState = 'idle' | 'connecting' | 'connected' | 'failed';

/** What a server said about itself when it connected. */
interface McpServerInfo {
  name: string;
  transport: McpTransportKind;
  version?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
}

interface McpCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: { progress?: number; total?: number; message?: string }) => void;
  /** Told, once the call is over (answered, failed or cancelled), the messages it exchanged as they went on the wire. */
  onWire?: (wire: WireExchange) => void;
}

export class McpPool {
  private readonly connections = new Map<string, Promise<Connection>>();
  private readonly states = new Map<string, { state: McpServerState; error?: string }>();
  private readonly toolCache = new Map<string, Tool[]>();
  private readonly connector: McpConnector;
  private readonly stderrTails: ReadonlyMap<string, string>;

  private readonly audience: Audience;
  constructor(
    readonly servers: Readonly<Record<string, McpServerConfig>>,
    clientSide: McpClientSide = {},
    private readonly limits: McpLimits = MCP_LIMITS,
  ) {
    this.audience = clientSide.audience ?? 'cli';
    this.connector = new McpConnector(clientSide, (server) => {
      const conn = this.connections.get(server);
      void conn?.then((c) => delete c.tools).catch(() => undefined);
    });
    this.stderrTails = this.connector.stderrTails;
  }

  has(server: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.servers, server);
  }

  status(): Array<{
    name: string;
    state: McpServerState;
    error?: string;
    transport: McpTransportKind;
    source: string;
  }> {
    return Object.entries(this.servers).map(([name, config]) => ({
      name,
      transport: transportOf(config),
      source: config.source,
      ...(this.states.get(name) ?? { state: 'idle' as const }),
    }));
  }

  /** Tools of a server as last listed (undefined until the server was reached once). */
  cachedTools(server: string): Tool[] | undefined {
    return this.toolCache.get(server);
  }

  async listTools(server: string): Promise<Tool[]> {
    const conn = await this.connect(server);
    if (!conn.tools) {
      const tools = await readAllPages(this.limits, server, 'tools', (cursor, signal) =>
        conn.client
          .listTools(cursor ? { cursor } : undefined, { signal })
          .then((p) => [p.tools, p.nextCursor]),
      );
      conn.tools = tools;
      this.toolCache.set(server, tools);
    }
    return conn.tools;
  }

  /** Name, version, capabilities and instructions the server sent when it connected. */
  async info(server: string): Promise<McpServerInfo> {
    const conn = await this.connect(server);
    const version = conn.client.getServerVersion();
    const capabilities = conn.client.getServerCapabilities();
    const instructions = conn.client.getInstructions();
    return {
      name: server,
      transport: conn.kind,
      ...(version ? { version } : {}),
      ...(capabilities ? { capabilities } : {}),
      ...(instructions ? { instructions } : {}),
    };
  }

  /** Every resource of a server, all pages. */
  async listResources(server: string): Promise<Resource[]> {
    const conn = await this.connect(server);
    return readAllPages(this.limits, server, 'resources', (cursor, signal) =>
      conn.client
        .listResources(cursor ? { cursor } : undefined, { signal })
        .then((p) => [p.resources, p.nextCursor]),
    );
  }

  /**
   * One page of a server's list as the server paginates it (the Servers view asks page by page; the
   * other methods read every page).
   */
  async listPage(
    server: string,
    what: 'tools' | 'resources' | 'resourceTemplates' | 'prompts',
    cursor?: string,
  ): Promise<{ items: Array<Tool | Resource | ResourceTemplate | Prompt>; nextCursor?: string }> {
    const conn = await this.connect(server);
    const params = cursor ? { cursor } : undefined;
    const c = conn.client;
    const page = await this.guard(server, `list ${what}`, async () => {
      if (what === 'tools') {
        const p = await c.listTools(params);
        return { items: p.tools, next: p.nextCursor };
      }
      if (what === 'resources') {
        const p = await c.listResources(params);
        return { items: p.resources, next: p.nextCursor };
      }
      if (what === 'resourceTemplates') {
        const p = await c.listResourceTemplates(params);
        return { items: p.resourceTemplates, next: p.nextCursor };
      }
      const p = await c.listPrompts(params);
      return { items: p.prompts, next: p.nextCursor };
    });
    return { items: page.items, ...(page.next ? { nextCursor: page.next } : {}) };
  }

  /** The last few KiB a stdio server wrote on stderr ('' for HTTP servers and servers not started). */
  stderr(server: string): string {
    return this.stderrTails.get(server) ?? '';
  }

  /** Closes a server's connection (stopping a stdio server); the next request starts it again. */
  async disconnect(server: string): Promise<void> {
    const existing = this.connections.get(server);
    this.connections.delete(server);
    if (existing) {
      this.closing = true;
      await (await existing.catch(() => undefined))?.client.close().catch(() => undefined);
      this.closing = false;
    }
    this.states.set(server, { state: 'idle' });
    this.toolCache.delete(server);
  }

  async listResourceTemplates(server: string): Promise<ResourceTemplate[]> {
    const conn = await this.connect(server);
    return readAllPages(this.limits, server, 'resource templates', (cursor, signal) =>
      conn.client
        .listResourceTemplates(cursor ? { cursor } : undefined, { signal })
        .then((p) => [p.resourceTemplates, p.nextCursor]),
    );
  }

  async readResource(server: string, uri: string): Promise<ReadResourceResult> {
    const conn = await this.connect(server);
    return this.guard(server, `read ${uri}`, () => conn.client.readResource({ uri }));
  }

  /** Asks for `notifications/resources/updated` of a resource (they reach the client side's `notify`). */
  async subscribe(server: string, uri: string, subscribed = true): Promise<void> {
    const conn = await this.connect(server);
    await this.guard(server, `subscribe to ${uri}`, () =>
      subscribed ? conn.client.subscribeResource({ uri }) : conn.client.unsubscribeResource({ uri }),
    );
  }

  async listPrompts(server: string): Promise<Prompt[]> {
    const conn = await this.connect(server);
    return readAllPages(this.limits, server, 'prompts', (cursor, signal) =>
      conn.client
        .listPrompts(cursor ? { cursor } : undefined, { signal })
        .then((p) => [p.prompts, p.nextCursor]),
    );
  }

  async getPrompt(server: string, name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    const conn = await this.connect(server);
    return this.guard(server, `prompt ${name}`, () => conn.client.getPrompt({ name, arguments: args }));
  }

  /** Completions for a prompt's or a resource template's argument, where the server offers them. */
  async complete(server: string, params: CompleteRequest['params']): Promise<string[]> {
    const conn = await this.connect(server);
    const r = await this.guard(server, 'completion', () => conn.client.complete(params));
    return r.completion.values;
  }

  async setLoggingLevel(server: string, level: LoggingLevel): Promise<void> {
    const conn = await this.connect(server);
    await this.guard(server, 'logging/setLevel', () => conn.client.setLoggingLevel(level));
  }

  /** Round-trip time of a ping, in milliseconds. */
  async ping(server: string): Promise<number> {
    const conn = await this.connect(server);
    const started = performance.now();
    await this.guard(server, 'ping', () => conn.client.ping());
    return performance.now() - started;
  }

  /** Every JSON-RPC message exchanged with a server (the newest PROTOCOL_LOG_LIMIT), as it went on the wire. */
  protocolLog(server: string): readonly ProtocolLogEntry[] {
    return this.connector.logs.get(server)?.list() ?? [];
  }

  /** A request's failure as a SkillError naming the server and what was asked (the server's own words kept). */
  private async guard<T>(server: string, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw this.translate(server, what, error, undefined, 0);
    }
  }

  async callTool(
    server: string,
    tool: string,
    args: Record<string, JsonValue>,
    opts: McpCallOptions = {},
  ): Promise<CallToolResult> {
    const conn = await this.connect(server);
    const timeout = opts.timeoutMs ?? (this.servers[server]?.timeoutSecs ?? DEFAULT_MCP_TIMEOUT_SECS) * 1000;
    const total = Math.max(timeout, this.limits.callTotalMs);
    // The SDK sends these arguments as they are (it copies the params around them), so this call's request is the
    // one carrying this very object, however many calls run at once.
    const sent = { ...args };
    const tap = conn.transport.tap(
      (m) => 'method' in m && m.method === 'tools/call' && m.params?.arguments === sent,
    );
    try {
      const result = await conn.client.callTool({ name: tool, arguments: sent }, undefined, {
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: total,
        signal: opts.signal,
        // Always ask for progress: without a progress token the server sends none, and progress is what
        // resets the timeout of a long call.
        onprogress: (p) => opts.onProgress?.({ progress: p.progress, total: p.total, message: p.message }),
      });
      return result as CallToolResult;
    } catch (error) {
      // The SDK checks structured content against the tool's output schema itself: that is the tool's error, not
      // the transport's, so it becomes an error output the caller can read.
      const message = (error as Error).message ?? '';
      if (/does not match the tool's output schema/i.test(message)) {
        return {
          isError: true,
          content: [{ type: 'text', text: message.replace(/^MCP error -?\d+: /, '') }],
        };
      }
      throw this.translate(server, tool, error, opts.signal, timeout);
    } finally {
      tap.stop();
      opts.onWire?.(tap.exchange);
    }
  }

  private translate(
    server: string,
    tool: string,
    error: unknown,
    signal: AbortSignal | undefined,
    timeout: number,
  ): SkillError {
    const message = (error as Error).message ?? String(error);
    const code = (error as { code?: number }).code;
    if (signal?.aborted)
      return new SkillError(
        'Cancelled',
        `The call to ${server}__${tool} was cancelled; the server was told.`,
      );
    if (code === -32001 && /maximum total timeout/i.test(message))
      return new SkillError(
        'Timeout',
        `MCP server "${server}" was still working on ${tool} after ${Math.round(Math.max(timeout, this.limits.callTotalMs) / 1000)} s, the most a call may take even with progress; it was stopped.`,
      );
    if (code === -32001 || /timed out/i.test(message)) {
      return new SkillError(
        'Timeout',
        `MCP server "${server}" did not answer ${tool} within ${timeout / 1000} s (progress resets the clock).`,
      );
    }
    const tail = this.stderrTails.get(server)?.trim();
    const crashed = /closed|EPIPE|ECONNRESET|terminated/i.test(message);
    return new SkillError(
      'ToolExecution',
      // A crash already dropped the connection (onclose), so the next call starts the server again.
      `MCP server "${server}" failed during ${tool}: ${message}.` +
        (crashed ? ' It will be restarted on the next call.' : '') +
        (tail ? `\nLast stderr of the server:\n${tail}` : ''),
      { server, tool, ...(tail ? { stderr: tail } : {}) },
    );
  }

  private connect(server: string): Promise<Connection> {
    const config = this.servers[server];
    if (!config) {
      return Promise.reject(
        new SkillError(
          'NotFound',
          `No MCP server named "${server}" is configured. Add it to .skillbench/mcp.json in a root, or ${remedy(ANOTHER_CONFIG, this.audience)}.`,
        ),
      );
    }
    const existing = this.connections.get(server);
    if (existing) return existing;
    const pending = this.open(server, config);
    this.connections.set(server, pending);
    pending.catch(() => this.connections.delete(server));
    return pending;
  }

  private async open(server: string, config: McpServerConfig): Promise<Connection> {
    this.states.set(server, { state: 'connecting' });
    const kind = transportOf(config);
    let conn: Connection;
    try {
      conn = await this.connector.connectWith(server, config, kind);
    } catch (error) {
      // A URL without "type" is tried as streamable HTTP first; a server that answers that POST with 4xx speaks the
      // older HTTP+SSE transport (the spec's backwards-compatibility rule).
      const status = error instanceof (await loadSdk()).StreamableHTTPError ? error.code : undefined;
      if (kind !== 'http' || config.typeGiven || !status || status < 400 || status >= 500)
        throw this.startFailure(server, error);
      try {
        conn = await this.connector.connectWith(server, config, 'sse');
      } catch (fallback) {
        throw this.startFailure(server, fallback);
      }
    }
    conn.client.onclose = () => {
      conn.closed = true;
      // Drop the dead connection: the next call starts the server again.
      if (this.connections.get(server) && !this.closing) {
        this.connections.delete(server);
        this.states.set(server, {
          state: 'failed',
          error: `The server exited.${this.stderrTails.get(server) ? ` Last stderr: ${this.stderrTails.get(server)?.trim()}` : ''}`,
        });
      }
    };
    this.states.set(server, { state: 'connected' });
    return conn;
  }

  private startFailure(server: string, error: unknown): SkillError {
    const tail = this.stderrTails.get(server)?.trim();
    const message =
      `MCP server "${server}" could not be started: ${(error as Error).message}` +
      (tail ? `\nLast stderr of the server:\n${tail}` : '');
    this.states.set(server, { state: 'failed', error: message });
    return new SkillError('ToolExecution', message, { server, ...(tail ? { stderr: tail } : {}) });
  }

  private closing = false;

  /** Stops a server's connection (if any) and starts it again. */
  async restart(server: string): Promise<void> {
    await this.disconnect(server);
    await this.listTools(server);
  }

  /**
   * Closes every connection and stops stdio servers, without waiting for servers still starting: their
   * transports are closed at once (quitting must not wait a minute on a server that never answers).
   */
  async close(): Promise<void> {
    this.closing = true;
    const all = [...this.connections.values()];
    this.connections.clear();
    const transports = [...this.connector.transports];
    this.connector.transports.clear();
    await Promise.all(transports.map((t) => t.close().catch(() => undefined)));
    await Promise.all(
      all.map(async (p) => (await p.catch(() => undefined))?.client.close().catch(() => undefined)),
    );
    this.closing = false;
    for (const name of Object.keys(this.servers)) this.states.set(name, { state: 'idle' });
  }
}
