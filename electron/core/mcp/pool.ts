// Owns MCP connections: started lazily, pooled and reused, reconnected after a crash, timeouts that reset on
// progress, every list and call bounded (MCP_LIMITS), cancellation forwarded, all closed on exit. Uses the official
// SDK.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
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
import { McpOAuthProvider } from './oauth.js';
import { LoggedTransport, ProtocolLog, type ProtocolLogEntry, type WireExchange } from './protocol-log.js';
import type * as Sdk from './sdk.js';

let sdkModule: typeof Sdk | undefined;
/** The SDK, imported on the first connection only (issue 14). */
async function loadSdk(): Promise<typeof Sdk> {
  return (sdkModule ??= await import('./sdk.js'));
}

const DEFAULT_MCP_TIMEOUT_SECS = 60;
const STDERR_TAIL = 4096;

type McpServerState = 'idle' | 'connecting' | 'connected' | 'failed';

interface Connection {
  client: Client;
  transport: LoggedTransport;
  /** The transport it connected with (a URL without `"type"` may have fallen back to SSE). */
  kind: McpTransportKind;
  tools?: Tool[];
  closed: boolean;
}

/** What a server said about itself when it connected. */
interface McpServerInfo {
  name: string;
  transport: McpTransportKind;
  version?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
}

/** The SDK's error for a refused request: the server sees the code and the message. */
const REFUSED = -1;

interface McpCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: { progress?: number; total?: number; message?: string }) => void;
  /** Told, once the call is over (answered, failed or cancelled), the messages it exchanged as they went on the wire. */
  onWire?: (wire: WireExchange) => void;
}

export class McpPool {
  private readonly connections = new Map<string, Promise<Connection>>();
  private readonly stderrTails = new Map<string, string>();
  private readonly states = new Map<string, { state: McpServerState; error?: string }>();
  private readonly toolCache = new Map<string, Tool[]>();
  /** Every transport opened and not closed yet, also while its server is still starting. */
  private readonly transports = new Set<Transport>();

  private readonly logs = new Map<string, ProtocolLog>();

  constructor(
    readonly servers: Readonly<Record<string, McpServerConfig>>,
    private readonly clientSide: McpClientSide = {},
    private readonly limits: McpLimits = MCP_LIMITS,
  ) {}

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
   * One page of a server's list as the server paginates it (issue 16: the Servers view asks page by page; the
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
    return this.logs.get(server)?.list() ?? [];
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
          `No MCP server named "${server}" is configured. Add it to .skillbench/mcp.json in a root, or pass --mcp-config FILE.`,
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
      conn = await this.connectWith(server, config, kind);
    } catch (error) {
      // A URL without "type" is tried as streamable HTTP first; a server that answers that POST with 4xx speaks the
      // older HTTP+SSE transport (the spec's backwards-compatibility rule).
      const status = error instanceof (await loadSdk()).StreamableHTTPError ? error.code : undefined;
      if (kind !== 'http' || config.typeGiven || !status || status < 400 || status >= 500)
        throw this.startFailure(server, error);
      try {
        conn = await this.connectWith(server, config, 'sse');
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

  private transportFor(
    sdk: typeof Sdk,
    server: string,
    config: McpServerConfig,
    kind: McpTransportKind,
    authProvider?: McpOAuthProvider,
  ): Transport {
    const { SSEClientTransport, StdioClientTransport, StreamableHTTPClientTransport, getDefaultEnvironment } =
      sdk;
    const headers = {
      requestInit: { headers: config.headers ?? {} },
      ...(authProvider ? { authProvider } : {}),
    };
    if (kind === 'http') return new StreamableHTTPClientTransport(new URL(config.url ?? ''), headers);
    // The SDK sends `requestInit`'s headers and the OAuth token with the event stream's GET as with each POST (a
    // fetch of our own there used to drop them: its headers are a Headers object, which spreads to nothing).
    if (kind === 'sse') return new SSEClientTransport(new URL(config.url ?? ''), headers);
    const stdio = new StdioClientTransport({
      command: config.command ?? '',
      args: config.args ?? [],
      env: { ...getDefaultEnvironment(), ...(config.env ?? {}) },
      ...(config.cwd ? { cwd: config.cwd } : {}),
      stderr: 'pipe',
    });
    this.stderrTails.set(server, '');
    stdio.stderr?.on('data', (chunk: Buffer) => {
      const tail = (this.stderrTails.get(server) ?? '') + chunk.toString('utf8');
      this.stderrTails.set(server, tail.slice(-STDERR_TAIL));
    });
    return stdio;
  }

  /**
   * Connects over one transport. A URL server that answers 401 is signed in to with OAuth when the client side keeps
   * credentials: the SDK discovers the authorization server, registers, and sends the user to sign in (PKCE); the
   * code comes back to a loopback listener, is exchanged for tokens, and the connection is made again.
   */
  private async connectWith(
    server: string,
    config: McpServerConfig,
    kind: McpTransportKind,
  ): Promise<Connection> {
    const oauth = kind === 'stdio' ? undefined : this.oauthFor(server, config);
    if (!oauth) return this.connectOnce(server, config, kind);
    await oauth.listen();
    try {
      try {
        return await this.connectOnce(server, config, kind, oauth);
      } catch (error) {
        const { auth, UnauthorizedError } = await loadSdk();
        if (!(error instanceof UnauthorizedError) || !oauth.authorizationUrl) throw error;
        try {
          const code = await oauth.waitForCode();
          await auth(oauth, { serverUrl: config.url ?? '', authorizationCode: code });
          const conn = await this.connectOnce(server, config, kind, oauth);
          this.clientSide.signedIn?.(server);
          return conn;
        } catch (failed) {
          this.clientSide.signedIn?.(server, (failed as Error).message);
          throw failed;
        }
      }
    } finally {
      await oauth.close();
    }
  }

  /** The server's OAuth provider (one per server, kept), or none: OAuth off, static Authorization, or no store. */
  private oauthFor(server: string, config: McpServerConfig): McpOAuthProvider | undefined {
    const { credentials, authorize } = this.clientSide;
    const staticAuth = Object.keys(config.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
    if (!credentials || !authorize || config.oauth === false || staticAuth || !config.url) return undefined;
    let provider = this.oauthProviders.get(server);
    if (!provider) {
      provider = new McpOAuthProvider({
        server,
        serverUrl: config.url,
        store: credentials,
        open: authorize,
        ...(config.oauth?.clientId ? { clientId: config.oauth.clientId } : {}),
        ...(config.oauth?.scope ? { scope: config.oauth.scope } : {}),
        ...(this.clientSide.signInWaitMs ? { waitMs: this.clientSide.signInWaitMs } : {}),
      });
      this.oauthProviders.set(server, provider);
    }
    provider.authorizationUrl = undefined;
    return provider;
  }

  private readonly oauthProviders = new Map<string, McpOAuthProvider>();

  private async connectOnce(
    server: string,
    config: McpServerConfig,
    kind: McpTransportKind,
    oauth?: McpOAuthProvider,
  ): Promise<Connection> {
    let log = this.logs.get(server);
    if (!log) this.logs.set(server, (log = new ProtocolLog()));
    const sdk = await loadSdk();
    const transport = new LoggedTransport(this.transportFor(sdk, server, config, kind, oauth), log);
    this.transports.add(transport);
    const onTransportClose = transport.onclose;
    transport.onclose = () => {
      this.transports.delete(transport);
      onTransportClose?.();
    };
    const client = this.client(sdk, server, config);
    try {
      await client.connect(transport, { timeout: (config.timeoutSecs ?? DEFAULT_MCP_TIMEOUT_SECS) * 1000 });
    } catch (error) {
      this.transports.delete(transport);
      await transport.close().catch(() => undefined);
      throw error;
    }
    return { client, transport, kind, closed: false };
  }

  /** A client declaring the capabilities Skillbench answers: sampling, elicitation (form and URL), roots if opted in. */
  private client(sdk: typeof Sdk, server: string, config: McpServerConfig): Client {
    const { Client, CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, McpError } = sdk;
    const side = this.clientSide;
    const client = new Client(
      { name: 'skillbench', version: '0.1.0' },
      {
        capabilities: {
          sampling: {},
          elicitation: { form: {}, url: {} },
          ...(config.roots ? { roots: { listChanged: false } } : {}),
        },
      },
    );
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
      if (!side.sample)
        throw new McpError(REFUSED, 'Skillbench has no way to answer sampling requests here.');
      try {
        return await side.sample(server, request.params, extra.signal);
      } catch (error) {
        throw new McpError(REFUSED, (error as Error).message);
      }
    });
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      if (!side.elicit) return { action: 'decline' };
      try {
        return await side.elicit(server, request.params, extra.signal);
      } catch (error) {
        throw new McpError(REFUSED, (error as Error).message);
      }
    });
    if (config.roots)
      client.setRequestHandler(ListRootsRequestSchema, () =>
        Promise.resolve({ roots: side.roots?.(server) ?? [] }),
      );
    // Logging, progress, resource updates, list changes: to the client side, as they come.
    client.fallbackNotificationHandler = (n) => {
      if (n.method.endsWith('/list_changed') && n.method.startsWith('notifications/tools')) {
        const conn = this.connections.get(server);
        void conn?.then((c) => delete c.tools).catch(() => undefined);
      }
      side.notify?.({ server, method: n.method, ...(n.params ? { params: n.params } : {}) });
      return Promise.resolve();
    };
    return client;
  }

  private closing = false;

  /** Stops a server's connection (if any) and starts it again. */
  async restart(server: string): Promise<void> {
    await this.disconnect(server);
    await this.listTools(server);
  }

  /**
   * Closes every connection and stops stdio servers, without waiting for servers still starting: their
   * transports are closed at once (issue 19: quitting must not wait a minute on a server that never answers).
   */
  async close(): Promise<void> {
    this.closing = true;
    const all = [...this.connections.values()];
    this.connections.clear();
    const transports = [...this.transports];
    this.transports.clear();
    await Promise.all(transports.map((t) => t.close().catch(() => undefined)));
    await Promise.all(
      all.map(async (p) => (await p.catch(() => undefined))?.client.close().catch(() => undefined)),
    );
    this.closing = false;
    for (const name of Object.keys(this.servers)) this.states.set(name, { state: 'idle' });
  }
}
