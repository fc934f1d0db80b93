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

/** Whether the OS folder dialog is there (the desktop app): a browser page types the path instead. */
export function hasFolderDialog(): boolean {
  return !!window.skillbench;
}

/** Where a dropped file is on disk: the desktop bridge knows, a browser page never does. */
export function pathForFile(file: File): string | undefined {
  return window.skillbench?.pathForFile?.(file) || undefined;
}
