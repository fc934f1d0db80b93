// Owns OAuth 2.1 for remote MCP servers (issue 16): the SDK's `OAuthClientProvider` with a loopback redirect
// (RFC 8252), dynamic client registration and PKCE done by the SDK's `auth()`, and where the credentials live.
// The app keeps them encrypted by the OS keychain (Electron's safeStorage gives the cipher); browser mode and the
// CLI, which have no keychain, keep them in a private file (mode 0600) in the user data folder, as `gh` does
// without a keyring.
// Tested by: test/integration/mcp-oauth.test.ts
import type * as Crypto from 'node:crypto';
import type * as Http from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { SkillError } from '../../../shared/errors.js';
import { escapeXml } from '../../../shared/catalog.js';
import { isSafeExternalUrl } from '../../../shared/urls.js';
import { FileCredentialStore, type CredentialCipher } from '../fs/credential-file.js';
import { loadLater } from '../load-later.js';

const nodeCrypto = loadLater<typeof Crypto>('node:crypto');
const http = loadLater<typeof Http>('node:http');

/** What is kept per server URL, exactly as the SDK handed it over (it stamps tokens with their issuer). */
interface McpCredentials {
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  discovery?: OAuthDiscoveryState;
  /** The loopback port registered as the redirect URI (reused so the registration stays valid). */
  redirectPort?: number;
}

export interface McpCredentialStore {
  load(key: string): McpCredentials | undefined;
  /** `undefined` forgets the server's credentials. */
  save(key: string, value: McpCredentials | undefined): void;
}

export class MemoryCredentialStore implements McpCredentialStore {
  private readonly entries = new Map<string, McpCredentials>();
  load(key: string): McpCredentials | undefined {
    const v = this.entries.get(key);
    return v ? structuredClone(v) : undefined;
  }
  save(key: string, value: McpCredentials | undefined): void {
    if (value) this.entries.set(key, structuredClone(value));
    else this.entries.delete(key);
  }
}

/** MCP sign-ins kept in a private file, keyed by server URL. */
export class McpCredentialFile extends FileCredentialStore<McpCredentials> implements McpCredentialStore {
  constructor(file: string, cipher?: CredentialCipher) {
    super(file, cipher, 'MCP sign-ins');
  }
}

/** How the user is sent to the authorization page: the app opens the browser, a test follows the redirects. */
export type OpenAuthorization = (server: string, url: URL) => void | Promise<void>;

interface McpOAuthOptions {
  server: string;
  serverUrl: string;
  store: McpCredentialStore;
  open: OpenAuthorization;
  /** A client registered beforehand (`"oauth": { "clientId": ... }`); else dynamic registration. */
  clientId?: string;
  scope?: string;
  /** How long to wait for the browser to come back (default 5 minutes). */
  waitMs?: number;
}

const CALLBACK_PATH = '/callback';
const DEFAULT_WAIT_MS = 5 * 60_000;

/** The page the browser shows after the redirect; its text may quote the server, so it is escaped. */
const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${escapeXml(title)}</title><body style="font:15px system-ui;margin:3em">` +
  `<h1 style="font-size:18px">${escapeXml(title)}</h1><p>${escapeXml(text)}</p></body>`;

/** What an authorization server says went wrong, fit to show: no control characters (terminal escapes), capped. */
function serverWords(text: string): string {
  const plain = text.replace(/\p{Cc}+/gu, ' ').trim();
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

/**
 * The SDK's OAuth client provider for one server: credentials from the store, a loopback listener for the redirect
 * (opened by `listen()` before connecting, closed by `close()`), and the authorization code handed back by
 * `waitForCode()` once the user has signed in.
 */
export class McpOAuthProvider implements OAuthClientProvider {
  private server?: Server;
  private port?: number;
  private expectedState?: string;
  private verifier?: string;
  /** The sign-in in progress: settled once, by the redirect coming back, a refusal, or close(). */
  private code?: {
    resolve: (code: string) => void;
    reject: (e: Error) => void;
    promise: Promise<string>;
    settled: boolean;
  };
  /** The authorization URL last opened (a redirect happened during this connection). */
  authorizationUrl?: URL;

  constructor(private readonly options: McpOAuthOptions) {}

  private get key(): string {
    return this.options.serverUrl;
  }

  private load(): McpCredentials {
    return this.options.store.load(this.key) ?? {};
  }

  private update(change: (c: McpCredentials) => McpCredentials): void {
    this.options.store.save(this.key, change(this.load()));
  }

  /** Starts the loopback listener on the registered port when it is free, else on a new one (re-registering). */
  async listen(): Promise<void> {
    if (this.server) return;
    const saved = this.load().redirectPort;
    const server = http().createServer((req, res) => this.onRequest(req.url ?? '/', res));
    const bind = (port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve((server.address() as { port: number }).port);
        });
      });
    let port: number;
    try {
      port = await bind(saved ?? 0);
    } catch {
      port = await bind(0);
    }
    this.server = server;
    this.port = port;
    if (port !== saved) {
      // A registration names its redirect URI: a new port needs a new registration (a pre-registered client keeps its id).
      this.update((c) => ({
        ...c,
        redirectPort: port,
        ...(this.options.clientId ? {} : { client: undefined }),
      }));
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (this.code && !this.code.settled) {
      this.code.settled = true;
      this.code.reject(
        new SkillError('Cancelled', `Signing in to MCP server "${this.options.server}" was stopped.`),
      );
    }
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get redirectUrl(): string {
    if (this.port === undefined) throw new Error('McpOAuthProvider.listen() must run before connecting');
    return `http://127.0.0.1:${this.port}${CALLBACK_PATH}`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Skillbench',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    };
  }

  state(): string {
    this.expectedState = nodeCrypto().randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.load().client ?? (this.options.clientId ? { client_id: this.options.clientId } : undefined);
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.update((c) => ({ ...c, client }));
  }

  tokens(): OAuthTokens | undefined {
    return this.load().tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.update((c) => ({ ...c, tokens }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.load().discovery;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.update((c) => ({ ...c, discovery }));
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier; // only for this sign-in: never written down
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No sign-in is in progress');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    this.update((c) => {
      if (scope === 'all') return { ...(c.redirectPort ? { redirectPort: c.redirectPort } : {}) };
      const next = { ...c };
      delete next[scope === 'client' ? 'client' : scope === 'tokens' ? 'tokens' : 'discovery'];
      return next;
    });
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.server)
      // Mid-session (the tokens were revoked and could not be refreshed): nothing listens for the redirect now.
      throw new SkillError(
        'PermissionDenied',
        `MCP server "${this.options.server}" asks you to sign in again. Restart the server (or call again) to sign in.`,
      );
    if (!isSafeExternalUrl(url.href))
      throw new SkillError(
        'PermissionDenied',
        `MCP server "${this.options.server}" sent a sign-in page that is not an http(s) address (${url.protocol}); it was not opened.`,
      );
    this.authorizationUrl = url;
    let resolve!: (code: string) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // observed by waitForCode
    this.code = { resolve, reject, promise, settled: false };
    await this.options.open(this.options.server, url);
  }

  /** The authorization code the browser brought back to the loopback listener. */
  waitForCode(): Promise<string> {
    const pending = this.code;
    if (!pending) return Promise.reject(new Error('No sign-in is in progress'));
    const waitMs = this.options.waitMs ?? DEFAULT_WAIT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SkillError(
              'Timeout',
              `MCP server "${this.options.server}" needs you to sign in, and the browser did not come back within ${Math.round(waitMs / 1000)} s. Connect again to retry.`,
            ),
          ),
        waitMs,
      );
    });
    return Promise.race([pending.promise, timeout]).finally(() => clearTimeout(timer));
  }

  private onRequest(path: string, res: ServerResponse): void {
    const url = new URL(path, 'http://127.0.0.1');
    const reply = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(PAGE(title, text));
    };
    const pending = this.code;
    if (url.pathname !== CALLBACK_PATH || !pending || pending.settled) {
      reply(404, 'Nothing to see here', 'Skillbench is not waiting for a sign-in at this address.');
      return;
    }
    const error = url.searchParams.get('error');
    const state = url.searchParams.get('state');
    const code = url.searchParams.get('code');
    if (state !== this.expectedState) {
      // Someone else's redirect (or a forged one): ignored, the real one may still come.
      reply(400, 'Sign-in refused', 'This sign-in response does not belong to the request Skillbench made.');
      return;
    }
    if (error || !code) {
      const why = serverWords(url.searchParams.get('error_description') ?? error ?? 'no authorization code');
      pending.settled = true;
      pending.reject(
        new SkillError(
          'PermissionDenied',
          `Signing in to MCP server "${this.options.server}" failed: ${why}.`,
        ),
      );
      reply(400, 'Sign-in failed', `The server said: ${why}. You can close this tab.`);
      return;
    }
    pending.settled = true;
    pending.resolve(code);
    reply(200, 'Signed in', 'Skillbench is connected. You can close this tab.');
  }
}
