// Builds the one object the preload exposes as `window.skillbench`: one method per contract entry plus typed event
// subscriptions returning an unsubscribe function. Never ipcRenderer itself.
import { CHANNELS, EVENTS, methodName, type EventName } from '../../shared/ipc.js';

export interface IpcRendererLike {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

export function buildBridge(ipc: IpcRendererLike): Readonly<Record<string, unknown>> {
  const bridge: Record<string, unknown> = {};
  for (const channel of CHANNELS)
    bridge[methodName(channel)] = (request: unknown) => ipc.invoke(channel, request ?? {});
  bridge.on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!Object.prototype.hasOwnProperty.call(EVENTS, event))
      throw new Error(`Unknown event "${String(event)}".`);
    if (typeof listener !== 'function') throw new Error('on() needs a listener function.');
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipc.on(event, wrapped);
    return () => {
      ipc.removeListener(event, wrapped);
    };
  };
  return Object.freeze(bridge);
}
