// Owns the app's windows: making each one (through window.ts's options and lock-down), showing one when asked
// (including a window that never painted), and sending to them without touching a destroyed one.
import type * as ElectronModule from 'electron';
import type { EventName, EventOf } from '../../shared/ipc.js';
import { contextMenuTemplate } from './context-menu.js';
import { recoverPages, reloadPage } from './page-recovery.js';
import { APP_URL } from './security.js';
import { lockDown, WINDOW_BACKGROUND, windowOptions } from './window.js';
import { fitToDisplays, loadWindowState, saveWindowState } from './window-state.js';

type Electron = typeof ElectronModule;
type Win = ElectronModule.BrowserWindow;

interface WindowDeps {
  electron: Pick<Electron, 'BrowserWindow' | 'shell' | 'dialog' | 'screen' | 'Menu' | 'nativeTheme'>;
  preload: string;
  userData: string;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
  /**
   * Windows is ending the session (log-off, shutdown): it ends the process right after, without will-quit, so tools
   * and servers must be stopped now.
   */
  sessionEnd(): void;
}

export class AppWindows {
  private readonly windows = new Set<Win>();

  constructor(private readonly deps: WindowDeps) {}

  get count(): number {
    return this.windows.size;
  }

  /** The webContents ids of our windows: the only senders IPC answers and permissions are granted to. */
  contentsIds(): Set<number> {
    return new Set([...this.live()].map((w) => w.webContents.id));
  }

  /** Windows not destroyed (a window is removed on 'closed'; its contents can die first). */
  live(): Win[] {
    return [...this.windows].filter((w) => !w.isDestroyed() && !w.webContents.isDestroyed());
  }

  /** The window a menu command is for: the focused one, else the first (macOS keeps menus with no focused window). */
  target(): Win | undefined {
    const live = this.live();
    return live.find((w) => w.isFocused()) ?? live[0];
  }

  /** Whether the user is looking at one of our windows (notifications are for when they are not). */
  anyFocused(): boolean {
    return this.live().some((w) => w.isFocused());
  }

  send<E extends EventName>(event: E, payload: EventOf<E>): void {
    for (const w of this.live()) w.webContents.send(event, payload);
  }

  create(): Win {
    const { electron, userData } = this.deps;
    const state = fitToDisplays(
      loadWindowState(userData),
      electron.screen.getAllDisplays().map((d) => d.workArea),
    );
    const win = new electron.BrowserWindow(
      windowOptions(this.deps.preload, state, electron.nativeTheme.shouldUseDarkColors),
    );
    this.windows.add(win);
    lockDown(win, electron.shell);
    recoverPages(win, { dialog: electron.dialog, log: this.deps.log });
    // Shown once its page painted: maximize() would show it at once, before the page (a flash of the background).
    win.once('ready-to-show', () => (state.maximized ? win.maximize() : win.show()));
    win.on('close', () =>
      saveWindowState(userData, { ...win.getNormalBounds(), maximized: win.isMaximized() }),
    );
    win.on('closed', () => this.windows.delete(win));
    win.on('session-end', () => this.deps.sessionEnd());
    // The renderer holds the window while files are unsaved (beforeunload); ask the user instead of refusing.
    win.webContents.on('will-prevent-unload', (event) => {
      const choice = electron.dialog.showMessageBoxSync(win, {
        type: 'question',
        buttons: ['Close anyway', 'Keep editing'],
        defaultId: 1,
        cancelId: 1,
        message: 'Some files have unsaved changes.',
        detail: 'Their text is kept as a draft and offered again the next time you open them.',
      });
      if (choice === 0) event.preventDefault(); // overrides the renderer's beforeunload: the window closes
    });
    win.webContents.on('context-menu', (_event, params) => {
      const template = contextMenuTemplate(params);
      if (template.length) electron.Menu.buildFromTemplate(template).popup({ window: win });
    });
    win.loadURL(APP_URL).catch(() => undefined); // a failed load is handled (did-fail-load shows an error page)
    return win;
  }

  /** Brings a window to the front, opening one when there is none; shows one still hidden (it never painted). */
  show(): Win {
    const win = this.target();
    if (!win) return this.create();
    if (win.isMinimized()) win.restore();
    if (!win.isVisible()) win.show();
    win.focus();
    return win;
  }

  /** View → Reload, and Reload after an error: the app's page again in `win`, or in every window. */
  reload(win?: Win): void {
    for (const w of win ? [win] : this.live()) reloadPage(w);
  }

  /** The background shown before a page paints (and while resizing) follows the theme in use. */
  matchTheme(): void {
    const { dark, light } = WINDOW_BACKGROUND;
    const color = this.deps.electron.nativeTheme.shouldUseDarkColors ? dark : light;
    for (const w of this.live()) w.setBackgroundColor(color);
  }

  setProgress(value: number): void {
    for (const w of this.live()) w.setProgressBar(value);
  }
}
