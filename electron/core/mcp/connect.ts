// Owns opening one MCP connection: the transport a server's config names (stdio with its stderr tail, streamable
// HTTP, SSE), the OAuth sign-in when a URL server answers 401, and the client that answers Skillbench's client side.
// Tested by: test/integration/mcp.test.ts
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpClientSide } from './client-side.js';
import type { McpServerConfig, McpTransportKind } from './config.js';
import { McpOAuthProvider } from './oauth.js';
import { LoggedTransport, ProtocolLog } from './protocol-log.js';
import type * as Sdk from './sdk.js';

let sdkModule: typeof Sdk | undefined;
/** The SDK, imported on the first connection only (it is large, and most starts connect to no server). */
export async function loadSdk(): Promise<typeof Sdk> {
  return (sdkModule ??= await import('./sdk.js'));
}

export const DEFAULT_MCP_TIMEOUT_SECS = 60;
const STDERR_TAIL = 4096;

/** The SDK's error for a refused request: the server sees the code and the message. */
const REFUSED = -1;

export interface Connection {
  client: Client;
  transport: LoggedTransport;
  /** The transport it connected with (a URL without `"type"` may have fallen back to SSE). */
  kind: McpTransportKind;
  tools?: Tool[];
  closed: boolean;
}

export class McpConnector {
  /** The last bytes each stdio server wrote to stderr, for the errors that name it. */
  readonly stderrTails = new Map<string, string>();
  /** Every transport opened and not closed yet, also while its server is still starting. */
  readonly transports = new Set<Transport>();
  /** Each server's protocol log, kept across reconnections. */
  readonly logs = new Map<string, ProtocolLog>();
  private readonly oauthProviders = new Map<string, McpOAuthProvider>();

  /** `toolsChanged` is told when a server says its tool list changed. */
  constructor(
    private readonly clientSide: McpClientSide,
    private readonly toolsChanged: (server: string) => void,
  ) {}

  /**
   * Connects over one transport. A URL server that answers 401 is signed in to with OAuth when the client side keeps
   * credentials: the SDK discovers the authorization server, registers, and sends the user to sign in (PKCE); the
   * code comes back to a loopback listener, is exchanged for tokens, and the connection is made again.
   */
  async connectWith(server: string, config: McpServerConfig, kind: McpTransportKind): Promise<Connection> {
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
        this.toolsChanged(server);
      }
      side.notify?.({ server, method: n.method, ...(n.params ? { params: n.params } : {}) });
      return Promise.resolve();
    };
    return client;
  }
}
