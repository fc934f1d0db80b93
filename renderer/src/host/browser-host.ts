// HostApi over `skillbench serve`: requests as POST /api/<channel>, events over the /ws WebSocket.
// The page's origin carries the token cookie, so neither needs it spelled out.
import type {
  Channel,
  EventName,
  EventOf,
  HostApi,
  IpcResult,
  RequestOf,
  ResponseOf,
} from '../../../shared/ipc.js';

type Listener = (payload: unknown) => void;

export function createBrowserHost(
  base: string = window.location.origin,
  headers: Record<string, string> = {},
): HostApi {
  const listeners = new Map<EventName, Set<Listener>>();
  let socket: WebSocket | undefined;
  const connect = () => {
    if (socket) return;
    socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
    socket.addEventListener('message', (message: MessageEvent<string>) => {
      const data = JSON.parse(message.data) as { event?: EventName; payload?: unknown };
      if (data.event) for (const l of listeners.get(data.event) ?? []) l(data.payload);
    });
    socket.addEventListener('close', () => {
      socket = undefined;
      // Reconnect while someone listens (the server restarted, the laptop slept).
      if ([...listeners.values()].some((s) => s.size > 0)) setTimeout(connect, 1000);
    });
  };
  return {
    async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
      try {
        const response = await fetch(`${base}/api/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(request),
          credentials: 'same-origin',
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
      connect();
      return () => set.delete(listener as Listener);
    },
  };
}
