// Owns wiring the contract to ipcMain: one handler per contract entry (a missing one is a type error and a test
// failure), every sender checked before the host service sees the payload.
import { CHANNELS, EVENTS, type EventName, type IpcResult } from '../../shared/ipc.js';
import type { Host } from '../host/host.js';
import { isTrustedSender, type SenderInfo } from './security.js';

export interface IpcMainLike {
  handle(channel: string, listener: (event: unknown, request: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Reads the sender out of an IpcMainInvokeEvent without depending on its full type. */
export function senderOf(event: unknown): SenderInfo {
  const e = event as { sender?: { id?: number }; senderFrame?: { url?: string; parent?: unknown } | null };
  return {
    senderId: e.sender?.id ?? -1,
    frameUrl: e.senderFrame?.url,
    isMainFrame: !!e.senderFrame && !e.senderFrame.parent,
  };
}

export function registerIpc(
  ipcMain: IpcMainLike,
  host: Host,
  ourWebContentsIds: () => ReadonlySet<number>,
): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, request): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(senderOf(event), ourWebContentsIds())) {
        return {
          ok: false,
          error: { code: 'PermissionDenied', message: 'This frame may not call Skillbench.' },
        };
      }
      return host.handle(channel, request);
    });
  }
  return () => CHANNELS.forEach((c) => ipcMain.removeHandler(c));
}

/** Forwards host events to our windows. */
export function forwardEvents(host: Host, send: (event: EventName, payload: unknown) => void): () => void {
  const offs = (Object.keys(EVENTS) as EventName[]).map((event) =>
    host.on(event, (payload) => send(event, payload)),
  );
  return () => offs.forEach((off) => off());
}
