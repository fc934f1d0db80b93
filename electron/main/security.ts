// Owns the main process's trust decisions: which senders may call the contract, which URLs may open outside,
// and the page's Content Security Policy (no unsafe-eval, ever).
export { isSafeExternalUrl } from '../../shared/urls.js';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://skillbench`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What an IPC event tells about its sender (the parts of Electron's IpcMainInvokeEvent that matter). */
export interface SenderInfo {
  senderId: number;
  frameUrl: string | undefined;
  isMainFrame: boolean;
}

/** Only the main frame of one of our windows, showing our own origin, may call the contract. */
export function isTrustedSender(sender: SenderInfo, ourWebContentsIds: ReadonlySet<number>): boolean {
  if (!ourWebContentsIds.has(sender.senderId) || !sender.isMainFrame || !sender.frameUrl) return false;
  try {
    return new URL(sender.frameUrl).origin === APP_ORIGIN || sender.frameUrl.startsWith(`${APP_ORIGIN}/`);
  } catch {
    return false;
  }
}

/** Navigation inside the window is allowed only within the app's own origin. */
export function isInternalNavigation(url: string): boolean {
  return url === APP_URL || url.startsWith(`${APP_ORIGIN}/`);
}
