// A small OAuth 2.1 authorization server and a protected MCP server on loopback, speaking the real wire formats:
// RFC 9728 protected-resource metadata, RFC 8414 authorization-server metadata, RFC 7591 dynamic registration, the
// authorization-code grant with PKCE (S256 checked), refresh tokens (rotated), and `WWW-Authenticate: Bearer` 401s
// on the MCP endpoints: `/mcp` (the SDK's streamable HTTP server, stateless) and `/sse` with its `/messages` (the SDK's
// older HTTP+SSE server), both behind the same tokens. Tests expire or revoke tokens through it.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface Client {
  client_id: string;
  redirect_uris: string[];
}

export interface OAuthTestServer {
  url: string;
  /** The MCP endpoint (protected). */
  mcpUrl: string;
  /** The same server over the HTTP+SSE transport: its event stream (protected, like the messages it posts to). */
  sseUrl: string;
  counts: { registrations: number; authorizations: number; codeGrants: number; refreshGrants: number };
  /** Every code_challenge_method the authorization endpoint was given. */
  challengeMethods: string[];
  /** The next authorization is refused by the user (`error=access_denied`). */
  denyNext(): void;
  /** Access tokens stop working (refresh tokens still do): an expiry. */
  expireAccessTokens(): void;
  /** Every token stops working, refresh tokens too: a revocation. */
  revokeAll(): void;
  close(): Promise<void>;
}

/** What the user's browser does on the sign-in page: the server approves at once and redirects back to the app. */
export async function signIn(url: string | URL): Promise<void> {
  const page = await fetch(url, { redirect: 'manual' });
  const back = page.headers.get('location');
  if (back) await fetch(back);
}

const b64url = (buf: Buffer) => buf.toString('base64url');
const token = () => b64url(randomBytes(24));

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

export async function startOAuthServer(): Promise<OAuthTestServer> {
  const clients = new Map<string, Client>();
  const codes = new Map<string, { client: string; challenge: string; redirect: string }>();
  const access = new Map<string, string>(); // token -> client
  const refresh = new Map<string, string>();
  const counts = { registrations: 0, authorizations: 0, codeGrants: 0, refreshGrants: 0 };
  const challengeMethods: string[] = [];
  let deny = false;
  let base = '';

  const issue = (client: string) => {
    const a = token();
    const r = token();
    access.set(a, client);
    refresh.set(r, client);
    return { access_token: a, token_type: 'Bearer', expires_in: 3600, refresh_token: r };
  };

  const protectedServer = (client: string) => {
    const server = new McpServer({ name: 'oauth-protected', version: '1.0.0' });
    server.registerTool('whoami', { description: 'The OAuth client that called' }, () => ({
      content: [{ type: 'text', text: `client ${client}` }],
    }));
    return server;
  };
  /** Open SSE sessions by id; each message posted to one must carry a token that still works. */
  const sseSessions = new Map<string, SSEServerTransport>();

  async function sse(res: ServerResponse, client: string) {
    const transport = new SSEServerTransport('/messages', res);
    sseSessions.set(transport.sessionId, transport);
    res.on('close', () => sseSessions.delete(transport.sessionId));
    await protectedServer(client).connect(transport);
  }

  async function mcp(req: IncomingMessage, res: ServerResponse, client: string) {
    const server = protectedServer(client);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await server.connect(transport);
    const text = req.method === 'POST' ? await body(req) : '';
    await transport.handleRequest(req, res, text ? (JSON.parse(text) as unknown) : undefined);
  }

  const http: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      if (path.startsWith('/.well-known/oauth-protected-resource')) {
        // RFC 9728: the metadata of the resource at the path after the well-known prefix.
        const resource = path.slice('/.well-known/oauth-protected-resource'.length) || '/mcp';
        json(res, 200, { resource: `${base}${resource}`, authorization_servers: [base] });
      } else if (path === '/.well-known/oauth-authorization-server') {
        json(res, 200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
        });
      } else if (path === '/register' && req.method === 'POST') {
        const meta = JSON.parse(await body(req)) as { redirect_uris?: string[] };
        counts.registrations++;
        const client = {
          ...meta,
          client_id: `client-${counts.registrations}`,
          redirect_uris: meta.redirect_uris ?? [],
        };
        clients.set(client.client_id, client);
        json(res, 201, client);
      } else if (path === '/authorize') {
        const q = url.searchParams;
        const client = clients.get(q.get('client_id') ?? '');
        const redirect = q.get('redirect_uri') ?? '';
        if (!client || !client.redirect_uris.includes(redirect)) {
          json(res, 400, { error: 'invalid_request', error_description: 'unknown client or redirect_uri' });
          return;
        }
        challengeMethods.push(q.get('code_challenge_method') ?? '');
        const back = new URL(redirect);
        back.searchParams.set('state', q.get('state') ?? '');
        if (deny) {
          deny = false;
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user said no');
        } else {
          counts.authorizations++;
          const code = token();
          codes.set(code, { client: client.client_id, challenge: q.get('code_challenge') ?? '', redirect });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.href });
        res.end();
      } else if (path === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        const grant = form.get('grant_type');
        if (grant === 'authorization_code') {
          const entry = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = b64url(createHash('sha256').update(verifier).digest());
          if (!entry || entry.client !== form.get('client_id') || entry.challenge !== challenge) {
            json(res, 400, { error: 'invalid_grant', error_description: 'bad code or PKCE verifier' });
            return;
          }
          counts.codeGrants++;
          json(res, 200, issue(entry.client));
        } else if (grant === 'refresh_token') {
          const client = refresh.get(form.get('refresh_token') ?? '');
          if (!client) {
            json(res, 400, { error: 'invalid_grant', error_description: 'refresh token revoked' });
            return;
          }
          refresh.delete(form.get('refresh_token') ?? '');
          counts.refreshGrants++;
          json(res, 200, issue(client));
        } else json(res, 400, { error: 'unsupported_grant_type' });
      } else if (path === '/mcp' || path === '/sse' || path === '/messages') {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const client = bearer ? access.get(bearer) : undefined;
        if (!client) {
          const resource = path === '/mcp' ? '/mcp' : '/sse';
          json(
            res,
            401,
            { error: 'invalid_token' },
            {
              'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource${resource}"`,
            },
          );
          return;
        }
        if (path === '/mcp') await mcp(req, res, client);
        else if (path === '/sse') await sse(res, client);
        else {
          const session = sseSessions.get(url.searchParams.get('sessionId') ?? '');
          if (!session) json(res, 404, { error: 'unknown_session' });
          else await session.handlePostMessage(req, res, JSON.parse(await body(req)) as unknown);
        }
      } else json(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: String(error) });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  return {
    url: base,
    mcpUrl: `${base}/mcp`,
    sseUrl: `${base}/sse`,
    counts,
    challengeMethods,
    denyNext: () => {
      deny = true;
    },
    expireAccessTokens: () => access.clear(),
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
