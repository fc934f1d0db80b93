// HostApi over the preload's `window.skillbench` (desktop): one method per contract entry, events by subscription.
import type {
  Channel,
  EventName,
  EventOf,
  HostApi,
  IpcResult,
  RequestOf,
  ResponseOf,
} from '../../../shared/ipc.js';
import { methodName } from '../../../shared/ipc-names.js';

export interface PreloadBridge {
  [method: string]: unknown;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
  /** The path on disk of a file dropped on the window (empty when it has none). */
  pathForFile?(file: File): string;
}

export function createElectronHost(bridge: PreloadBridge): HostApi {
  return {
    invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
      const method = bridge[methodName(channel)] as
        ((r: unknown) => Promise<IpcResult<ResponseOf<C>>>) | undefined;
      if (typeof method !== 'function')
        return Promise.resolve({
          ok: false,
          error: { code: 'NotFound', message: `The desktop bridge has no ${channel}.` },
        });
      return method(request);
    },
    on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
      return bridge.on(event, listener as (payload: unknown) => void);
    },
  };
}
