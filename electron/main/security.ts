// Owns the main process's trust decisions: which senders may call the contract, which URLs may open outside,
// and the page's Content Security Policy (no unsafe-eval, ever).
// Tested by: test/unit/electron/main.test.ts
export { isSafeExternalUrl } from '../../shared/urls.js';

export const APP_SCHEME = 'app';
const APP_ORIGIN = `${APP_SCHEME}://skillbench`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

export { CONTENT_SECURITY_POLICY } from '../../shared/csp.js';

/** What an IPC event tells about its sender (the parts of Electron's IpcMainInvokeEvent that matter). */
export interface SenderInfo {
  senderId: number;
  frameUrl: string | undefined;
  isMainFrame: boolean;
}

/**
 * Whether a URL (or an origin as Chromium reports it, `app://skillbench/`) is the app's own. Compared as text: a
 * custom scheme has an opaque origin in WHATWG URL, so `new URL(url).origin` cannot tell.
 */
export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/** Only the main frame of one of our windows, showing our own origin, may call the contract. */
export function isTrustedSender(sender: SenderInfo, ourWebContentsIds: ReadonlySet<number>): boolean {
  if (!ourWebContentsIds.has(sender.senderId) || !sender.isMainFrame || !sender.frameUrl) return false;
  return isAppUrl(sender.frameUrl);
}

/** Navigation inside the window is allowed only within the app's own origin. */
export function isInternalNavigation(url: string): boolean {
  return url === APP_URL || url.startsWith(`${APP_ORIGIN}/`);
}
