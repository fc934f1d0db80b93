// Owns browser mode: the built renderer and the IPC contract over HTTP and WebSocket, on 127.0.0.1 only, behind
// a per-launch token, refusing foreign Host and Origin headers (DNS rebinding) and sending no CORS headers.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENTS, type EventName } from '../../shared/ipc.js';
import type { Host } from '../host/host.js';

export const TOKEN_COOKIE = 'skillbench_token';
const MAX_BODY = 16 * 1024 * 1024;
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export interface BrowserServerOptions {
  host: Host;
  /** Folder of the built renderer (dist/renderer). */
  rendererDir: string;
  port?: number;
  /** Fixed token (tests); a random one per launch otherwise. */
  token?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...headers,
  });
  res.end(body);
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = 0;
  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = () => allowedHosts().map((h) => `http://${h}`);

  /** Host and Origin checks (DNS rebinding), then the token from the query (first visit), cookie or header. */
  const gate = (req: IncomingMessage, url: URL): 'ok' | 403 | 401 => {
    if (!allowedHosts().includes(req.headers.host ?? '')) return 403;
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin)) return 403;
    const auth = req.headers.authorization?.replace(/^Bearer /, '');
    return sameToken(url.searchParams.get('token') ?? undefined, token) ||
      sameToken(cookieToken(req), token) ||
      sameToken(auth, token)
      ? 'ok'
      : 401;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const verdict = gate(req, url);
    if (verdict === 403)
      return send(res, 403, 'Forbidden: requests must come from this machine’s Skillbench page.');
    if (verdict === 401)
      return send(
        res,
        401,
        'Unauthorized: open the URL printed by `skillbench serve` (it carries the token).',
      );
    if (url.searchParams.has('token')) {
      // Trade the token in the URL for a cookie, then drop it from the address bar.
      return send(res, 303, '', 'text/plain', {
        'Set-Cookie': `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`,
        Location: url.pathname,
      });
    }
    if (url.pathname.startsWith('/api/')) return void handleApi(req, res, url.pathname.slice(5));
    return serveStatic(res, url.pathname);
  });

  const handleApi = async (req: IncomingMessage, res: ServerResponse, channel: string) => {
    if (req.method !== 'POST') return send(res, 405, 'Use POST.', 'text/plain', { Allow: 'POST' });
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) return send(res, 413, 'Request too large.');
      chunks.push(chunk);
    }
    let request: unknown = {};
    try {
      const text = Buffer.concat(chunks).toString('utf8');
      request = text ? JSON.parse(text) : {};
    } catch {
      return send(
        res,
        200,
        JSON.stringify({
          ok: false,
          error: { code: 'InvalidArgs', message: 'The request body is not JSON.' },
        }),
        'application/json',
      );
    }
    const result = await options.host.handle(decodeURIComponent(channel), request);
    send(res, 200, JSON.stringify(result), 'application/json');
  };

  const root = resolve(options.rendererDir);
  const serveStatic = (res: ServerResponse, pathname: string) => {
    let rel: string;
    try {
      rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    } catch {
      return send(res, 400, 'Bad path.');
    }
    let file = resolve(root, rel || 'index.html');
    if (file !== root && !file.startsWith(root + sep)) return send(res, 404, 'Not found.');
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html'); // single-page app
    if (!existsSync(file)) return send(res, 503, 'The renderer is not built: run `npm run build` first.');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-cache',
    });
    createReadStream(file).pipe(res);
  };

  // WebSocket: events pushed to the page, and requests ({ id, channel, request } -> { id, result }).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const verdict = url.pathname === '/ws' ? gate(req, url) : 404;
    if (verdict !== 'ok') {
      socket.end(
        `HTTP/1.1 ${verdict === 401 ? '401 Unauthorized' : verdict === 403 ? '403 Forbidden' : '404 Not Found'}\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  wss.on('connection', (ws: WebSocket) => {
    const offs = (Object.keys(EVENTS) as EventName[]).map((event) =>
      options.host.on(event, (payload) => ws.send(JSON.stringify({ event, payload }))),
    );
    ws.on('close', () => offs.forEach((off) => off()));
    ws.on('message', (data: Buffer) => {
      void (async () => {
        let message: { id?: unknown; channel?: unknown; request?: unknown };
        try {
          message = JSON.parse(data.toString('utf8')) as typeof message;
        } catch {
          return;
        }
        if (typeof message.channel !== 'string') return;
        const result = await options.host.handle(message.channel, message.request);
        ws.send(JSON.stringify({ id: message.id, result }));
      })();
    });
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
