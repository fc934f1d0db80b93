// Owns MCP connections: started lazily, pooled and reused, reconnected after a crash, timeouts that reset on
// progress, cancellation forwarded, all closed on exit. Uses the official SDK.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../../shared/errors.js';
import type { JsonValue } from '../../../shared/types.js';
import type { McpServerConfig } from './config.js';

export const DEFAULT_MCP_TIMEOUT_SECS = 60;
const STDERR_TAIL = 4096;

export type McpServerState = 'idle' | 'connecting' | 'connected' | 'failed';

interface Connection {
  client: Client;
  transport: Transport;
  tools?: Tool[];
  closed: boolean;
}

export interface McpCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: { progress?: number; total?: number; message?: string }) => void;
}

export class McpPool {
  private readonly connections = new Map<string, Promise<Connection>>();
  private readonly stderrTails = new Map<string, string>();
  private readonly states = new Map<string, { state: McpServerState; error?: string }>();
  private readonly toolCache = new Map<string, Tool[]>();
  /** Every transport opened and not closed yet, also while its server is still starting. */
  private readonly transports = new Set<Transport>();

  constructor(readonly servers: Readonly<Record<string, McpServerConfig>>) {}

  has(server: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.servers, server);
  }

  status(): Array<{
    name: string;
    state: McpServerState;
    error?: string;
    transport: 'stdio' | 'http';
    source: string;
  }> {
    return Object.entries(this.servers).map(([name, config]) => ({
      name,
      transport: config.url ? 'http' : 'stdio',
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
      const tools: Tool[] = [];
      let cursor: string | undefined;
      do {
        const page = await conn.client.listTools(cursor ? { cursor } : undefined);
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor);
      conn.tools = tools;
      this.toolCache.set(server, tools);
    }
    return conn.tools;
  }

  async callTool(
    server: string,
    tool: string,
    args: Record<string, JsonValue>,
    opts: McpCallOptions = {},
  ): Promise<CallToolResult> {
    const conn = await this.connect(server);
    const timeout = opts.timeoutMs ?? (this.servers[server]?.timeoutSecs ?? DEFAULT_MCP_TIMEOUT_SECS) * 1000;
    try {
      const result = await conn.client.callTool({ name: tool, arguments: args }, undefined, {
        timeout,
        resetTimeoutOnProgress: true,
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
    let transport: Transport;
    if (config.url) {
      transport = new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers ?? {} },
      });
    } else {
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
      transport = stdio;
    }
    this.transports.add(transport);
    const onTransportClose = transport.onclose;
    transport.onclose = () => {
      this.transports.delete(transport);
      onTransportClose?.();
    };
    const client = new Client({ name: 'skillbench', version: '0.1.0' }, { capabilities: {} });
    const conn: Connection = { client, transport, closed: false };
    try {
      await client.connect(transport, { timeout: (config.timeoutSecs ?? DEFAULT_MCP_TIMEOUT_SECS) * 1000 });
    } catch (error) {
      const tail = this.stderrTails.get(server)?.trim();
      const message =
        `MCP server "${server}" could not be started: ${(error as Error).message}` +
        (tail ? `\nLast stderr of the server:\n${tail}` : '');
      this.states.set(server, { state: 'failed', error: message });
      await transport.close().catch(() => undefined);
      throw new SkillError('ToolExecution', message, { server, ...(tail ? { stderr: tail } : {}) });
    }
    client.onclose = () => {
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

  private closing = false;

  /** Stops a server's connection (if any) and starts it again. */
  async restart(server: string): Promise<void> {
    const existing = this.connections.get(server);
    this.connections.delete(server);
    if (existing) {
      this.closing = true;
      await (await existing.catch(() => undefined))?.client.close().catch(() => undefined);
      this.closing = false;
    }
    this.states.set(server, { state: 'idle' });
    this.toolCache.delete(server);
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
