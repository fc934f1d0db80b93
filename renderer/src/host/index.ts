// Picks the transport by itself: the preload's bridge inside Electron, the browser-mode server otherwise.
import type { HostApi } from '../../../shared/ipc.js';
import { createBrowserHost } from './browser-host.js';
import { createElectronHost, type PreloadBridge } from './electron-host.js';

declare global {
  interface Window {
    skillbench?: PreloadBridge;
  }
}

export function pickHost(): HostApi {
  return window.skillbench ? createElectronHost(window.skillbench) : createBrowserHost();
}

/** Where a dropped file is on disk: the desktop bridge knows, a browser page never does. */
export function pathForFile(file: File): string | undefined {
  return window.skillbench?.pathForFile?.(file) || undefined;
}
