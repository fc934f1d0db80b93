// HostApi over `skillbench serve`: requests as POST /api/<channel>, events over the /ws WebSocket.
// The credential stays on this page's origin (issue 12): the link's one-time `#code=` is traded for a session token,
// the code is wiped from the address bar and history, and the token lives in this origin's localStorage (which no
// other port or site can read, unlike a cookie; a new tab or a reopened link finds it there, and it dies with the
// serve process that issued it) and travels as `Authorization: Bearer` and as a WebSocket subprotocol.
// Tested by: test/integration/serve.test.ts
import type {
  Channel,
  EventName,
  EventOf,
  HostApi,
  IpcResult,
  RequestOf,
  ResponseOf,
} from '../../../shared/ipc.js';
import { SESSION_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../../shared/serve-protocol.js';

type Listener = (payload: unknown) => void;

/** Where this origin keeps its session token. */
const SESSION_KEY = 'skillbench.session';

/** The page's session: trades a `#code=` in the address for a token once, else the token this origin already has. */
async function pageSession(base: string): Promise<string | undefined> {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (code) {
    // Out of the address bar and this history entry before anything else can read or record it.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    try {
      const r = await fetch(`${base}${SESSION_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
        credentials: 'omit',
      });
      if (r.ok) {
        const { token } = (await r.json()) as { token: string };
        window.localStorage.setItem(SESSION_KEY, token);
        return token;
      }
    } catch {
      /* the server is gone: the stored session (if any) will say so on the first call */
    }
  }
  return window.localStorage.getItem(SESSION_KEY) ?? undefined;
}

/**
 * `token`: the session token to use (tests); by default the page's own session. Without one, every call answers
 * PermissionDenied with the server's explanation.
 */
export function createBrowserHost(
  base: string = window.location.origin,
  token: string | Promise<string | undefined> = pageSession(base),
): HostApi {
  const session = Promise.resolve(token);
  const listeners = new Map<EventName, Set<Listener>>();
  let socket: WebSocket | undefined;
  const connect = async () => {
    if (socket) return;
    const t = await session;
    if (socket || !t) return;
    socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${t}`]);
    socket.addEventListener('message', (message: MessageEvent<string>) => {
      const data = JSON.parse(message.data) as { event?: EventName; payload?: unknown };
      if (data.event) for (const l of listeners.get(data.event) ?? []) l(data.payload);
    });
    socket.addEventListener('close', () => {
      socket = undefined;
      // Reconnect while someone listens (the server restarted, the laptop slept).
      if ([...listeners.values()].some((s) => s.size > 0)) setTimeout(() => void connect(), 1000);
    });
  };
  return {
    async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
      try {
        const t = await session;
        const response = await fetch(`${base}/api/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(t ? { Authorization: `Bearer ${t}` } : {}) },
          body: JSON.stringify(request),
          credentials: 'omit',
        });
        if (!response.ok) {
          return {
            ok: false,
            error: {
              code: response.status === 401 || response.status === 403 ? 'PermissionDenied' : 'Io',
              message: await response.text(),
            },
          };
        }
        return (await response.json()) as IpcResult<ResponseOf<C>>;
      } catch (error) {
        return {
          ok: false,
          error: {
            code: 'Io',
            message: `Skillbench's server cannot be reached (${(error as Error).message}). Is \`skillbench serve\` still running?`,
          },
        };
      }
    },
    on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      void connect();
      return () => set.delete(listener as Listener);
    },
  };
}
