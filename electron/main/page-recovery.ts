// Owns bringing a window's page back: a renderer that crashed (Reload / Close), hung (Keep waiting / Reload) or whose
// page failed to load (an error page with Retry). Unsaved text is already safe: the host keeps drafts as the user
// types, and the reloaded page offers them again.
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import { APP_URL } from './security.js';

interface RecoveryDeps {
  dialog: Pick<Dialog, 'showMessageBox'>;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/** Loads the app's page in `win` again (not webContents.reload(), which would reload an error page). */
export function reloadPage(win: BrowserWindow): void {
  if (!win.isDestroyed()) win.loadURL(APP_URL).catch(() => undefined); // a failure arrives as did-fail-load
}

/** Chromium's net::ERR_ABORTED: a load replaced by another one, not a failure. */
const ERR_ABORTED = -3;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page without script (it has no CSP header of ours, so it allows none) saying what failed, with a Retry link to the
 * app's own page: the window's navigation guard lets exactly that URL through.
 */
function loadErrorPage(description: string, url: string): string {
  const html = `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Skillbench</title><style>body{font:15px system-ui,sans-serif;margin:3em;color:#222;background:#fff}
@media (prefers-color-scheme:dark){body{color:#ddd;background:#1e1f22}a{color:#8ab4f8}}</style></head>
<body><h1>The window could not be shown</h1><p>Loading ${escapeHtml(url)} failed: ${escapeHtml(description)}.</p>
<p><a href="${APP_URL}">Retry</a> (or View → Reload). If it keeps failing, Help → Show Logs.</p></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

export function recoverPages(win: BrowserWindow, deps: RecoveryDeps): void {
  const contents = win.webContents;
  /** A renderer we ended ourselves (Reload on a hung page) is not a crash to report. */
  let endedByUs = false;
  let asking = false;
  const ask = async (options: MessageBoxOptions): Promise<number | undefined> => {
    if (asking || win.isDestroyed()) return undefined;
    asking = true;
    win.show(); // a page that never painted leaves its window hidden: the user must see what the dialog is about
    try {
      return (await deps.dialog.showMessageBox(win, options)).response;
    } finally {
      asking = false;
    }
  };

  contents.on('render-process-gone', (_event, details) => {
    if (endedByUs || details.reason === 'clean-exit') {
      endedByUs = false;
      return;
    }
    deps.log('error', `The page stopped: ${details.reason} (exit code ${details.exitCode}).`);
    void ask({
      type: 'error',
      buttons: ['Reload', 'Close'],
      defaultId: 0,
      cancelId: 1,
      message: 'This window stopped working.',
      detail: `Its page ended (${details.reason}). Unsaved text is kept as drafts and offered again after Reload.`,
    }).then((choice) => {
      if (choice === 0) reloadPage(win);
      else if (choice === 1 && !win.isDestroyed()) win.destroy(); // no page left to ask about unsaved files
    });
  });

  win.on('unresponsive', () => {
    deps.log('warn', 'The page is not responding.');
    void ask({
      type: 'warning',
      buttons: ['Keep waiting', 'Reload'],
      defaultId: 0,
      cancelId: 0,
      message: 'This window is not responding.',
      detail: 'A long task may still finish. Reload ends the page; unsaved text is kept as drafts.',
    }).then((choice) => {
      if (choice !== 1 || win.isDestroyed()) return;
      endedByUs = true;
      contents.forcefullyCrashRenderer();
      reloadPage(win);
    });
  });

  contents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    // The error page itself failing must not load another error page, forever.
    if (!isMainFrame || code === ERR_ABORTED || url.startsWith('data:')) return;
    deps.log('error', `Loading ${url} failed: ${description} (${code}).`);
    win.loadURL(loadErrorPage(description, url)).catch(() => undefined);
    win.show();
  });
}
