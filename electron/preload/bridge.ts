// Builds the one object the preload exposes as `window.skillbench`: one method per contract entry plus typed event
// subscriptions returning an unsubscribe function. Never ipcRenderer itself. It uses the contract's names only
// (shared/ipc-names.ts, re-exported by the contract): the schemas stay in main (issue 19).
import { CHANNEL_NAMES, EVENT_NAMES, methodName, type EventName } from '../../shared/ipc.js';

export interface IpcRendererLike {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

const isEventName = (event: unknown): event is EventName =>
  (EVENT_NAMES as readonly unknown[]).includes(event);

export function buildBridge(ipc: IpcRendererLike): Readonly<Record<string, unknown>> {
  const bridge: Record<string, unknown> = {};
  for (const channel of CHANNEL_NAMES)
    bridge[methodName(channel)] = (request: unknown) => ipc.invoke(channel, request ?? {});
  bridge.on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new Error(`Unknown event "${String(event)}".`);
    if (typeof listener !== 'function') throw new Error('on() needs a listener function.');
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipc.on(event, wrapped);
    return () => {
      ipc.removeListener(event, wrapped);
    };
  };
  return Object.freeze(bridge);
}
