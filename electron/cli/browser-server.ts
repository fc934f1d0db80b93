// Owns browser mode: the built renderer and the IPC contract over HTTP and WebSocket, on 127.0.0.1 only, refusing
// foreign Host and Origin headers (DNS rebinding) and sending no CORS headers. Issue 12 shaped three things here:
// - the credential never leaves the page's origin: a one-time launch code (in the printed link's #fragment) is
//   traded once for a session token that the page keeps in its origin's localStorage and sends as
//   `Authorization: Bearer` and as a WebSocket subprotocol; no cookie, which every port of 127.0.0.1 would receive;
// - nothing a client sends can stop the server: every parse of untrusted input is guarded, refusals are 4xx, and
//   each kind of refusal is logged once;
// - a client that stops reading cannot grow the server's memory: progress events are dropped for it past
//   PROGRESS_BUFFER_LIMIT (with a "progress truncated" note) and it is disconnected past CLIENT_BUFFER_LIMIT;
// - nor can clients that send: bodies are capped and budgeted (request-body.ts), connections are counted and timed,
//   and every answer is serialised under a guard, so an answer that cannot be written is an error value.
// Tested by: test/integration/serve.test.ts
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { EVENTS, type EventName, type IpcError, type IpcResult } from '../../shared/ipc.js';
import { describeJsonProblem, readJson } from '../../shared/json-read.js';
import { SESSION_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../shared/serve-protocol.js';
import { rendererFile } from '../core/fs/renderer-files.js';
import type { Host } from '../host/host.js';
import { BodyBudget, MAX_API_BODY, MAX_SESSION_BODY, readBody, type BodyRead } from './request-body.js';

/** Connections open at once (a page uses a handful); past it new ones are closed at once. */
export const MAX_CONNECTIONS = 256;
/** A request's headers must arrive within this, and the whole request within REQUEST_TIMEOUT_MS. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;
/** A client with more than this queued gets no more progress events (the result still comes). */
export const PROGRESS_BUFFER_LIMIT = 1024 * 1024;
/** A client with more than this queued is disconnected (the page reconnects and fetches what it needs). */
export const CLIENT_BUFFER_LIMIT = 16 * 1024 * 1024;
export interface BrowserServerOptions {
  host: Host;
  /** Folder of the built renderer (dist/renderer). */
  rendererDir: string;
  port?: number;
  /** Fixed session token (tests, benchmarks); a random one per launch otherwise. */
  token?: string;
  /** Where refusals are reported, one line per kind of refusal (default: nowhere). */
  log?: (line: string) => void;
  /** Called once the launch code was traded (serve removes the --open launcher file then). */
  onLaunchCodeUsed?: () => void;
}

export interface RunningServer {
  /** The link to open: the origin plus `#code=<launch code>`, good for one page. */
  url: string;
  origin: string;
  port: number;
  /** The session token (what the page holds after the trade; tests and benchmarks send it as a Bearer token). */
  token: string;
  close(): Promise<void>;
}

const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url');

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request target as a URL, or undefined when it is not an origin-form path (`GET //[`, `GET http://x`). */
function parseTarget(raw: string | undefined): URL | undefined {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return undefined;
  try {
    return new URL(`http://127.0.0.1${raw}`);
  } catch {
    return undefined;
  }
}

function decodePath(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

function subprotocols(req: IncomingMessage): string[] {
  const header = req.headers['sec-websocket-protocol'];
  return typeof header === 'string' ? header.split(',').map((p) => p.trim()) : [];
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...headers,
  });
  res.end(body);
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
};

/** `value` as JSON text, or an error value saying why it cannot be sent (nesting too deep for the serialiser). */
export function serialised(value: unknown, onFailure: (message: string) => unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    return JSON.stringify(onFailure((error as Error).message));
  }
}

const unsendable = (message: string): { ok: false; error: IpcError } => ({
  ok: false,
  error: {
    code: 'InvalidFormat',
    message: `The answer could not be sent to this window (${message}): it holds data nested too deeply. Nothing else failed.`,
  },
});

export async function startBrowserServer(options: BrowserServerOptions): Promise<RunningServer> {
  const token = options.token ?? randomToken(32);
  let launchCode: string | undefined = randomToken(24);
  const launchLink = launchCode;
  let port = 0;
  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = () => allowedHosts().map((h) => `http://${h}`);

  // Each kind of refusal is logged once: a page on another port can send thousands, and the log must stay readable.
  const logged = new Set<string>();
  const note = (kind: string, detail: string) => {
    if (logged.has(kind) || !options.log) return;
    logged.add(kind);
    options.log(`skillbench serve: ${detail} (further ones of this kind are not logged)`);
  };
  const refuse = (res: ServerResponse, status: number, kind: string, message: string) => {
    note(kind, `refused a request: ${message}`);
    send(res, status, message);
  };

  /** Host and Origin checks (DNS rebinding, other local sites): every request, the page's files included. */
  const sameSite = (req: IncomingMessage): boolean => {
    if (!allowedHosts().includes(req.headers.host ?? '')) return false;
    const origin = req.headers.origin;
    return origin === undefined || allowedOrigins().includes(origin);
  };
  const UNAUTHORIZED =
    'Unauthorized: this page has no Skillbench session. Open the link `skillbench serve` printed (each link works once; restart serve for a new one).';

  const budget = new BodyBudget();
  const server: Server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      clearTimeout(firstRequest.get(req.socket));
      res.on('error', () => undefined);
      req.on('error', () => undefined);
      try {
        route(req, res);
      } catch (error) {
        note('internal', `failed to answer a request: ${(error as Error).message}`);
        send(res, 500, 'Internal error.');
      }
    },
  );
  server.maxConnections = MAX_CONNECTIONS;
  // Node times out requests that have started, not connections that never send one: those are closed here.
  const firstRequest = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), HEADERS_TIMEOUT_MS).unref();
    firstRequest.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  // Malformed request lines and headers never reach `route`: Node's parser refuses them here.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    note(`client:${error.code ?? 'error'}`, `refused a malformed request (${error.code ?? error.message})`);
    if (socket.writable && !socket.destroyed)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  const route = (req: IncomingMessage, res: ServerResponse) => {
    const url = parseTarget(req.url);
    if (!url) return refuse(res, 400, 'url', 'Bad request: the request target is not a path.');
    if (!sameSite(req))
      return refuse(res, 403, 'site', 'Forbidden: requests must come from this machine’s Skillbench page.');
    if (url.pathname === SESSION_PATH) return void guard(res, trade(req, res));
    if (url.pathname.startsWith('/api/')) {
      if (!sameToken(bearer(req), token)) return refuse(res, 401, 'token', UNAUTHORIZED);
      const channel = decodePath(url.pathname.slice(5));
      if (channel === undefined)
        return refuse(res, 400, 'path', 'Bad request: the channel name is not valid UTF-8.');
      return void guard(res, handleApi(req, res, channel));
    }
    return void guard(res, serveStatic(res, url.pathname));
  };

  const guard = (res: ServerResponse, work: Promise<void>) =>
    work.catch((error: unknown) => {
      note('internal', `failed to answer a request: ${(error as Error).message}`);
      send(res, 500, 'Internal error.');
    });

  /** A body that was refused: the status and what it says. */
  const refuseBody = (res: ServerResponse, status: Exclude<BodyRead, { text: string }>) => {
    if (status === 413) return refuse(res, 413, 'size', 'Request too large.');
    if (status === 503)
      return refuse(res, 503, 'busy', 'Busy: too many large requests at once; try again in a moment.');
    if (status === 408) return refuse(res, 408, 'slow', 'Request timeout: the body did not arrive in time.');
    return refuse(res, 400, 'body', 'Bad request: unreadable body.');
  };

  /** The one-time launch code for the session token: once, from this origin, and never again. */
  const trade = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return send(res, 405, 'Use POST.', 'text/plain', { Allow: 'POST' });
    const used = () =>
      refuse(
        res,
        401,
        'code',
        'Unauthorized: this link was already used or is not the one `skillbench serve` printed. Restart serve for a new link.',
      );
    // Once the code is used nothing here can succeed: answered before a byte of the body is read.
    if (launchCode === undefined) {
      res.setHeader('Connection', 'close');
      return used();
    }
    const body = await readBody(req, { maxBytes: MAX_SESSION_BODY, budget });
    if (typeof body !== 'object') return refuseBody(res, body);
    body.release();
    const read = readJson(body.text);
    const code = read.ok ? (read.value as { code?: unknown } | null)?.code : undefined;
    if (typeof code !== 'string' || launchCode === undefined || !sameToken(code, launchCode)) return used();
    launchCode = undefined;
    options.onLaunchCodeUsed?.();
    send(res, 200, JSON.stringify({ token }), 'application/json');
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, channel: string) => {
    if (req.method !== 'POST') return send(res, 405, 'Use POST.', 'text/plain', { Allow: 'POST' });
    const body = await readBody(req, { maxBytes: MAX_API_BODY, budget });
    if (typeof body !== 'object') return refuseBody(res, body);
    try {
      const read = body.text ? readJson(body.text) : { ok: true as const, value: {} };
      if (!read.ok)
        return send(
          res,
          200,
          JSON.stringify(invalid(`The request body is not JSON (${describeJsonProblem(read.problem)}).`)),
          'application/json',
        );
      const result = await options.host.handle(channel, read.value);
      send(res, 200, serialised(result, unsendable), 'application/json');
    } finally {
      body.release();
    }
  };

  // The page's files are the public renderer bundle: they need no token (a navigation cannot send one), only the
  // Host and Origin checks. Everything that reads or changes data is under /api and /ws.
  const serveStatic = async (res: ServerResponse, pathname: string) => {
    const found = await rendererFile(options.rendererDir, pathname, { singlePage: true });
    if ('problem' in found) {
      if (found.problem === 'bad-path')
        return refuse(res, 400, 'path', 'Bad request: the path is not valid.');
      if (found.problem === 'not-found') return send(res, 404, 'Not found.');
      return send(res, 503, 'The renderer is not built: run `npm run build` first.');
    }
    res.writeHead(200, { ...found.headers, 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-cache' });
    createReadStream(found.file)
      .on('error', () => res.destroy())
      .pipe(res);
  };

  // WebSocket: events pushed to the page, and requests ({ id, channel, request } -> { id, result }).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_API_BODY,
    // The browser requires the server to pick one of the offered protocols; never echo the token.
    handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  wss.on('wsClientError', (error, socket) => {
    note('ws-handshake', `refused a WebSocket handshake: ${error.message}`);
    socket.destroy();
  });
  // Sockets handed over by an upgrade request are no longer the HTTP server's: closing it must close them too.
  const upgrading = new Set<Socket>();
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    clearTimeout(firstRequest.get(socket));
    socket.on('error', () => undefined);
    upgrading.add(socket);
    socket.on('close', () => upgrading.delete(socket));
    const reject = (status: number, kind: string, message: string) => {
      note(kind, `refused a WebSocket upgrade: ${message}`);
      // Read (and drop) what the client still sends so its close is seen; a client that never stops is cut off.
      socket.resume();
      socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      setTimeout(() => socket.destroy(), 2000).unref();
    };
    try {
      const url = parseTarget(req.url);
      if (!url) return reject(400, 'url', 'the request target is not a path');
      if (url.pathname !== '/ws')
        return reject(404, 'ws-path', `no WebSocket at ${url.pathname.slice(0, 80)}`);
      if (!sameSite(req)) return reject(403, 'site', 'foreign Host or Origin');
      const offered = subprotocols(req).find((p) => p.startsWith(WS_TOKEN_PREFIX));
      const given = offered?.slice(WS_TOKEN_PREFIX.length) ?? bearer(req);
      if (!sameToken(given, token)) return reject(401, 'token', 'no valid session token');
      wss.handleUpgrade(req, socket, head, (ws) => connected(ws));
    } catch (error) {
      reject(400, 'ws-internal', (error as Error).message);
    }
  });

  const connected = (ws: WebSocket) => {
    ws.on('error', (error) =>
      note(`ws:${(error as { code?: string }).code ?? 'error'}`, `closed a WebSocket: ${error.message}`),
    );
    // Runs whose progress this client missed because it fell behind: it gets one note each, then nothing more.
    const behind = new Set<string>();
    const push = (text: string) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > CLIENT_BUFFER_LIMIT) {
        note(
          'ws-slow',
          `disconnected a WebSocket client that stopped reading (over ${CLIENT_BUFFER_LIMIT / 1024 / 1024} MiB queued)`,
        );
        ws.terminate();
        return;
      }
      ws.send(text, () => undefined);
    };
    const deliver = (event: EventName, payload: unknown) => {
      if (event === 'runs:progress') {
        const runId = (payload as { runId: string }).runId;
        if (behind.has(runId)) return;
        if (ws.bufferedAmount > PROGRESS_BUFFER_LIMIT) {
          behind.add(runId);
          const message = '\n[progress truncated: this window fell behind; the result holds the output]\n';
          return push(JSON.stringify({ event, payload: { runId, message, truncated: true } }));
        }
      }
      if (event === 'runs:finished') behind.delete((payload as { runId: string }).runId);
      // An event that cannot be written still ends its run for the page, as an error; others are dropped.
      let text: string;
      try {
        text = JSON.stringify({ event, payload });
      } catch (error) {
        const message = (error as Error).message;
        note('ws-event', `could not send a ${event} event: ${message}`);
        const runId = (payload as { runId?: unknown } | null)?.runId;
        if (event !== 'runs:finished' || typeof runId !== 'string') return;
        text = JSON.stringify({ event, payload: { runId, error: unsendable(message).error } });
      }
      push(text);
    };
    const offs = (Object.keys(EVENTS) as EventName[]).map((event) =>
      options.host.on(event, (payload) => deliver(event, payload)),
    );
    ws.on('close', () => offs.forEach((off) => off()));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      void answer(data, isBinary)
        .then((reply) =>
          push(serialised(reply, (message) => ({ id: reply.id, result: unsendable(message) }))),
        )
        .catch((error: unknown) =>
          note('ws-internal', `failed to answer a WebSocket message: ${(error as Error).message}`),
        );
    });
  };

  /** One WebSocket message: a JSON object `{ id, channel, request }`; anything else gets an error value. */
  const answer = async (
    data: RawData,
    isBinary: boolean,
  ): Promise<{ id: unknown; result: IpcResult<unknown> }> => {
    let message: unknown;
    try {
      if (isBinary) throw new Error('binary');
      const bytes = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      const read = readJson(bytes.toString('utf8'));
      message = read.ok ? read.value : undefined;
    } catch {
      message = undefined;
    }
    const m = (typeof message === 'object' && message !== null && !Array.isArray(message) ? message : {}) as {
      id?: unknown;
      channel?: unknown;
      request?: unknown;
    };
    const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
    if (typeof m.channel !== 'string') {
      note('ws-message', 'refused a WebSocket message that is not a JSON object with a channel');
      return {
        id,
        result: invalid('A WebSocket message must be a JSON text object { id, channel, request }.'),
      };
    }
    return { id, result: await options.host.handle(m.channel, m.request) };
  };

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  server.on('error', (error) => note('server', `server error: ${error.message}`));
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/#code=${launchLink}`,
    origin,
    port,
    token,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      for (const socket of upgrading) socket.destroy();
      wss.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

function invalid(message: string): IpcResult<never> {
  return { ok: false, error: { code: 'InvalidArgs', message } };
}
