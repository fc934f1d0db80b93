// Owns wiring the contract to ipcMain: one handler per contract entry (a missing one is a type error and a test
// failure), every sender checked before the host service sees the payload.
import { CHANNELS, EVENTS, type EventName, type IpcResult } from '../../shared/ipc.js';
import type { Host } from '../host/host.js';
import { isTrustedSender, type SenderInfo } from './security.js';

interface IpcMainLike {
  handle(channel: string, listener: (event: unknown, request: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Reads the sender out of an IpcMainInvokeEvent without depending on its full type. */
function senderOf(event: unknown): SenderInfo {
  const e = event as { sender?: { id?: number }; senderFrame?: { url?: string; parent?: unknown } | null };
  return {
    senderId: e.sender?.id ?? -1,
    frameUrl: e.senderFrame?.url,
    isMainFrame: !!e.senderFrame && !e.senderFrame.parent,
  };
}

interface IpcRegistration {
  /** Removes every handler: a call after this gets Electron's "No handler registered". */
  unregister(): void;
  /** Settles when no call is being answered (a draft the renderer sent just before its window closed). */
  idle(): Promise<void>;
}

/** Sees each call main answers (progress, notifications, recent folders); it cannot change the answer. */
type CallObserver = (channel: string, request: unknown, answer: Promise<IpcResult<unknown>>) => void;

export function registerIpc(
  ipcMain: IpcMainLike,
  host: Host,
  ourWebContentsIds: () => ReadonlySet<number>,
  observe: CallObserver = () => undefined,
): IpcRegistration {
  const inFlight = new Set<Promise<unknown>>();
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, request): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(senderOf(event), ourWebContentsIds())) {
        return Promise.resolve({
          ok: false,
          error: { code: 'PermissionDenied', message: 'This frame may not call Skillbench.' },
        });
      }
      const answer = host.handle(channel, request);
      observe(channel, request, answer);
      inFlight.add(answer);
      void answer.finally(() => inFlight.delete(answer)).catch(() => undefined);
      return answer;
    });
  }
  return {
    unregister: () => CHANNELS.forEach((c) => ipcMain.removeHandler(c)),
    idle: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** Forwards host events to our windows. */
export function forwardEvents(host: Host, send: (event: EventName, payload: unknown) => void): () => void {
  const offs = (Object.keys(EVENTS) as EventName[]).map((event) =>
    host.on(event, (payload) => send(event, payload)),
  );
  return () => offs.forEach((off) => off());
}
