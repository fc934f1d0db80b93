// Builds the one object the preload exposes as `window.skillbench`: one method per contract entry plus typed event
// subscriptions returning an unsubscribe function. Never ipcRenderer itself. It uses the contract's names only
// (shared/ipc-names.ts): the schemas stay in main.
// Tested by: test/unit/electron/preload.test.ts
import {
  CHANNEL_NAMES,
  EVENT_NAMES,
  methodName,
  type EventNameOnly as EventName,
} from '../../shared/ipc-names.js';

/** Electron's webUtils (docs/api/web-utils.md): the path on disk of a File the page got from a drop. */
interface WebUtilsLike {
  getPathForFile(file: object): string;
}

interface IpcRendererLike {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

const isEventName = (event: unknown): event is EventName =>
  (EVENT_NAMES as readonly unknown[]).includes(event);

export function buildBridge(
  ipc: IpcRendererLike,
  webUtils?: WebUtilsLike,
): Readonly<Record<string, unknown>> {
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
  // Files dropped on the window: the page learns where they are on disk only through this (Chromium hides it).
  bridge.pathForFile = (file: object): string => {
    try {
      return webUtils?.getPathForFile(file) ?? '';
    } catch {
      return ''; // not a File of this page
    }
  };
  return Object.freeze(bridge);
}
