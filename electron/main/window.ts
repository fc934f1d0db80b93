// The one window factory: every window Skillbench opens is made here, with the whole Electron security checklist.
import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions, Shell } from 'electron';
import { isInternalNavigation, isSafeExternalUrl } from './security.js';
import type { WindowState } from './window-state.js';

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  spellcheck: false,
} as const;

/** The page's own background per theme (renderer/src/app.css `--bg`), shown before it paints. */
export const WINDOW_BACKGROUND = { dark: '#1e1f22', light: '#ffffff' } as const;

export function windowOptions(
  preload: string,
  state: WindowState,
  dark = true,
): BrowserWindowConstructorOptions {
  return {
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Skillbench',
    backgroundColor: dark ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload },
  };
}

/** Navigation and new windows denied; http(s) links handed to the OS browser after URL parsing. */
export function lockDown(window: BrowserWindowType, shell: Pick<Shell, 'openExternal'>): void {
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!isInternalNavigation(url)) {
      event.preventDefault();
      if (isSafeExternalUrl(url)) void shell.openExternal(url);
    }
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
