// Owns which web permissions pages get: exactly what the UI uses, for the main frame of our own window at our own
// origin, and nothing else (DESIGN.md "Security": permissions denied by default; issue 19).
import type { Session, WebContents } from 'electron';
import { isAppUrl } from './security.js';

/**
 * Copy output calls navigator.clipboard.writeText, which asks for `clipboard-sanitized-write`; Monaco's paste reads
 * with navigator.clipboard.readText (`clipboard-read`). Chromium checks a permission first and requests it when the
 * check is denied, so both handlers answer alike.
 */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'clipboard-read']);

function isPermissionGranted(
  permission: string,
  requestingUrl: string | undefined,
  isMainFrame: boolean,
  fromOurWindow: boolean,
): boolean {
  return (
    fromOurWindow &&
    isMainFrame &&
    GRANTED_PERMISSIONS.has(permission) &&
    !!requestingUrl &&
    isAppUrl(requestingUrl)
  );
}

export function installPermissionHandlers(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  isOurs: (contents: WebContents) => boolean,
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, details.isMainFrame, isOurs(contents))),
  );
  // A null webContents is a cross-origin sub-frame (or a check with no page): never ours to grant.
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    isPermissionGranted(
      permission,
      details.requestingUrl ?? requestingOrigin,
      details.isMainFrame,
      !!contents && isOurs(contents),
    ),
  );
}
