// A fake `electron` module that behaves like Electron 45 where Skillbench's main process depends on it (issue 19), so
// main can be tested without Electron's binary. Each modelled behaviour cites the Electron document it follows:
// electron/electron `docs/api/*.md` and `docs/tutorial/*.md` (the same text ships as the comments of
// node_modules/electron/electron.d.ts). What is not modelled is left out on purpose, not stubbed to look real.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}
const fakeEvent = (): FakeEvent => ({
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
});

export interface FakeInvokeEvent {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}
export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FakeDisplay {
  id: number;
  bounds: Rectangle;
  workArea: Rectangle;
}
type Handler = (event: FakeInvokeEvent, request: unknown) => Promise<unknown>;
type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean },
) => void;
type PermissionCheckHandler = (
  webContents: unknown,
  permission: string,
  requestingOrigin: string,
  details: { requestingUrl?: string; isMainFrame: boolean },
) => boolean;
interface MenuItemLike {
  label?: string;
  role?: string;
  accelerator?: string;
  registerAccelerator?: boolean;
  click?: () => void;
  submenu?: MenuItemLike[];
}

export interface FakeElectronOptions {
  /** The OS the fake behaves as (names, paths, menus). Default: this machine's. */
  platform?: NodeJS.Platform;
  /** The folder holding the app's package.json (`electron .`, or app.asar when packaged). */
  appPath: string;
  /** The environment Electron reads its paths from (APPDATA, XDG_CONFIG_HOME). */
  env?: Record<string, string | undefined>;
  home?: string;
  isPackaged?: boolean;
  displays?: FakeDisplay[];
  /** Whether a loaded page paints (and so fires ready-to-show) by itself; tests of the first paint turn it off. */
  autoPaint?: boolean;
  /** What requestSingleInstanceLock() answers: false when another instance holds the lock. */
  singleInstanceLock?: boolean;
  /** What safeStorage.isEncryptionAvailable() answers (false: Linux without a keyring, before ready). Default true. */
  encryptionAvailable?: boolean;
  /** What safeStorage.getSelectedStorageBackend() answers on Linux. Default 'gnome_libsecret'. */
  storageBackend?: string;
}

export const DEFAULT_DISPLAY: FakeDisplay = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 25, width: 1920, height: 1055 },
};

export function createFakeElectron(options: FakeElectronOptions) {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? {};
  const home = options.home ?? '/home/user';
  const handlers = new Map<string, Handler>();
  const windows: FakeBrowserWindow[] = [];
  const opened: string[] = [];
  /** What happened, in order: the quit sequence's events, window closes, dialogs. */
  const log: string[] = [];
  /**
   * Exceptions thrown by main's listeners. Electron's default uncaughtException handler shows them in a "A
   * JavaScript error occurred in the main process" dialog (electron lib/browser/init.ts): a test expects none.
   */
  const mainProcessErrors: unknown[] = [];
  let nextId = 1;
  let ready = false;

  /** Electron calls main's listeners from native code: a throw there becomes the error dialog, not a crash here. */
  const emit = (emitter: EventEmitter, event: string, ...args: unknown[]) => {
    for (const listener of emitter.listeners(event)) {
      try {
        (listener as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        mainProcessErrors.push(error);
      }
    }
  };

  // docs/api/app.md app.getName(): "the name in the application's package.json file ... You should usually also
  // specify a productName field ... which will be preferred over name by Electron" (lib/browser/init.ts:
  // `app.name = packageJson.productName ?? packageJson.name`).
  const manifest = JSON.parse(readFileSync(join(options.appPath, 'package.json'), 'utf8')) as {
    name: string;
    productName?: string;
    version: string;
  };
  const appName = (manifest.productName ?? manifest.name).trim();

  // docs/api/app.md app.getPath('appData'): "%APPDATA% on Windows, $XDG_CONFIG_HOME or ~/.config on Linux,
  // ~/Library/Application Support on macOS"; 'userData': "the appData directory appended with your app's name".
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
  const paths = new Map<string, string>([
    ['home', home],
    ['appData', appData],
    ['userData', join(appData, appName)],
    ['temp', '/tmp'],
  ]);

  class FakeApp extends EventEmitter {
    readonly name = appName;
    readonly isPackaged = options.isPackaged ?? false;
    /** Set when the process would end: by quit() completing or by exit(). */
    exitCode: number | undefined;
    relaunches: Array<{ args?: string[] }> = [];
    /** True between a quit's before-quit and its end: docs/api/app.md window-all-closed is not emitted then. */
    quitting = false;

    getName() {
      return this.name;
    }
    getVersion() {
      return manifest.version;
    }
    getPath(name: string): string {
      const path = paths.get(name);
      if (!path) throw new Error(`Failed to get '${name}' path`);
      return path;
    }
    /** docs/api/app.md app.setPath: "If the path specifies a directory that does not exist, an Error is thrown." */
    setPath(name: string, path: string) {
      if (!existsSync(path)) throw new Error(`Failed to set path: ${path} does not exist`);
      paths.set(name, path);
    }
    requestSingleInstanceLock() {
      return options.singleInstanceLock ?? true;
    }
    /** docs/api/app.md whenReady(): fulfilled once Electron is initialised, after the main script's first tick. */
    whenReady() {
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          ready = true;
          resolve();
        }),
      );
    }
    isReady() {
      return ready;
    }
    /**
     * docs/api/app.md app.quit(): "Try to close all windows. The before-quit event will be emitted first. If all
     * windows are successfully closed, the will-quit event will be emitted and by default the application will
     * terminate. ... a window [may cancel] the quitting by returning false in the beforeunload event handler."
     * Each event's preventDefault() stops the default behaviour (events before-quit, will-quit).
     */
    quit() {
      if (this.exitCode !== undefined) return;
      const beforeQuit = fakeEvent();
      log.push('before-quit');
      emit(this, 'before-quit', beforeQuit);
      if (beforeQuit.defaultPrevented) return;
      this.quitting = true;
      for (const win of [...windows]) win.close();
      if (windows.length > 0) {
        this.quitting = false; // a window kept itself open: the quit is cancelled
        return;
      }
      const willQuit = fakeEvent();
      log.push('will-quit');
      emit(this, 'will-quit', willQuit);
      if (willQuit.defaultPrevented) {
        this.quitting = false;
        return;
      }
      log.push('quit');
      emit(this, 'quit', fakeEvent(), 0);
      this.exitCode = 0;
    }
    /**
     * docs/api/app.md app.exit(): "Exits immediately ... All windows will be closed immediately without asking the
     * user, and the before-quit and will-quit events will not be emitted."
     */
    exit(code = 0) {
      for (const win of [...windows]) win.destroy();
      log.push(`exit:${code}`);
      this.exitCode = code;
    }
    /** docs/api/app.md app.relaunch(): "Relaunches the app when the current instance exits." */
    relaunch(opts: { args?: string[] } = {}) {
      this.relaunches.push(opts);
    }
    /**
     * docs/api/app.md 'second-instance': emitted in the primary instance when a second one calls
     * requestSingleInstanceLock(); "guaranteed to be emitted after the ready event".
     */
    secondInstance(argv: string[] = [], workingDirectory = '/') {
      if (!ready) throw new Error('second-instance is only emitted after ready');
      emit(this, 'second-instance', fakeEvent(), argv, workingDirectory, {});
    }
    /**
     * docs/api/app.md 'open-file' (macOS): "Emitted when the user wants to open a file with the application ... also
     * emitted when a file is dropped onto the dock and the application is not yet running. Make sure to listen for
     * the open-file event very early in your application startup to handle this case (even before the ready event
     * is emitted). You should call event.preventDefault() if you want to handle this event." Returns whether main
     * handled it; with no listener yet, the OS's request is lost.
     */
    openFile(path: string): boolean {
      const event = fakeEvent();
      emit(this, 'open-file', event, path);
      return event.defaultPrevented;
    }
    /**
     * docs/api/app.md 'open-url' (macOS): "Emitted when the user wants to open a URL with the application ... You
     * should call event.preventDefault() if you want to handle this event." Like open-file, it can come before ready
     * (a link that launched the app). On Windows and Linux the URL arrives in argv instead.
     */
    openUrl(url: string): boolean {
      const event = fakeEvent();
      emit(this, 'open-url', event, url);
      return event.defaultPrevented;
    }
    /** docs/api/app.md app.setAppUserModelId(id) (Windows): "Changes the Application User Model ID to id." */
    appUserModelId: string | undefined;
    setAppUserModelId(id: string) {
      this.appUserModelId = id;
    }
    /** docs/api/app.md app.addRecentDocument(path) (macOS, Windows): "Adds path to the recent documents list." */
    recentDocuments: string[] = [];
    addRecentDocument(path: string) {
      this.recentDocuments = [path, ...this.recentDocuments.filter((p) => p !== path)];
    }
    clearRecentDocuments() {
      this.recentDocuments = [];
    }
    /** docs/api/app.md app.setJumpList(categories) (Windows): the categories given, or null to remove it. */
    jumpList: unknown[] | null = null;
    setJumpList(categories: unknown[] | null) {
      if (platform !== 'win32') throw new Error('setJumpList is Windows only');
      this.jumpList = categories;
      return 'ok';
    }
    /** docs/api/app.md app.setAsDefaultProtocolClient(protocol): registers the app for `protocol://` links. */
    protocolClients: string[] = [];
    setAsDefaultProtocolClient(protocol: string) {
      this.protocolClients.push(protocol);
      return true;
    }
    /** docs/api/app.md app.showAboutPanel(): "Show the app's about panel options." */
    aboutShown = 0;
    showAboutPanel() {
      this.aboutShown++;
    }
    setAboutPanelOptions(_options: Record<string, unknown>) {}
    /** docs/api/dock.md: `app.dock` exists on macOS only; setMenu "Sets the application's dock menu". */
    readonly dock =
      platform === 'darwin'
        ? {
            menu: undefined as FakeMenu | undefined,
            setMenu(menu: FakeMenu) {
              this.menu = menu;
            },
          }
        : undefined;
    /** docs/api/app.md 'activate' (macOS): e.g. a click on the Dock icon. */
    activate() {
      emit(
        this,
        'activate',
        fakeEvent(),
        windows.some((w) => w.isVisible()),
      );
    }
  }
  const app = new FakeApp();

  /**
   * docs/api/app.md 'window-all-closed': "If you do not subscribe to this event and all windows are closed, the
   * default behavior is to quit the app ... [during app.quit()] the window-all-closed event would not be emitted."
   */
  const lastWindowClosed = () => {
    if (windows.length > 0 || app.quitting || app.exitCode !== undefined) return;
    if (app.listenerCount('window-all-closed') === 0) return app.quit();
    log.push('window-all-closed');
    emit(app, 'window-all-closed', fakeEvent());
  };

  class FakeWebContents extends EventEmitter {
    readonly id = nextId++;
    url = '';
    destroyed = false;
    sent: Array<[string, unknown]> = [];
    windowOpenHandler?: (details: { url: string }) => { action: string };
    /**
     * What the page's beforeunload handler does: true when it cancels the unload (Skillbench's renderer does
     * while files are unsaved).
     */
    beforeUnloadCancels = false;

    getURL() {
      return this.url;
    }
    /** Every URL loaded into this page, in order (the app's page, an error page, a reload). */
    loads: string[] = [];
    /** What the next load does: fail it with did-fail-load (failLoad()). */
    private failNext: { code: number; description: string } | undefined;
    /** Whether the page's renderer is alive (false after crash() until the next load). */
    alive = true;
    /**
     * docs/api/web-contents.md contents.loadURL: "Returns Promise<void> - the promise will resolve when the page has
     * finished loading (see did-finish-load), and rejects if the page fails to load (see did-fail-load)". Event
     * 'did-fail-load' (event, errorCode, errorDescription, validatedURL, isMainFrame).
     */
    load(url: string, paint: () => void): Promise<void> {
      this.url = url;
      this.loads.push(url);
      this.alive = true;
      const failure = this.failNext;
      this.failNext = undefined;
      if (failure) {
        emit(this, 'did-fail-load', fakeEvent(), failure.code, failure.description, url, true);
        return Promise.reject(new Error(`${failure.description} (${failure.code}) loading '${url}'`));
      }
      // Loading takes a turn of the event loop: did-finish-load, then (when the page paints by itself) ready-to-show.
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          if (this.destroyed) return resolve();
          emit(this, 'did-finish-load');
          if (options.autoPaint !== false) paint();
          resolve();
        }),
      );
    }
    /** Makes the next load fail as a page that cannot be reached does (net::ERR_FAILED, -2, by default). */
    failLoad(code = -2, description = 'ERR_FAILED') {
      this.failNext = { code, description };
    }
    /**
     * The page's renderer dies. docs/api/web-contents.md 'render-process-gone' (event, details): details.reason is
     * one of clean-exit, abnormal-exit, killed, crashed, oom, launch-failed, integrity-failure.
     */
    crash(reason = 'crashed') {
      this.alive = false;
      emit(this, 'render-process-gone', fakeEvent(), { reason, exitCode: reason === 'clean-exit' ? 0 : 139 });
    }
    /** docs/api/web-contents.md contents.forcefullyCrashRenderer(): "Forcefully terminates the renderer process ...
     *  useful for a hung renderer" (then reload). It is gone with reason `killed`. */
    forcefullyCrashRenderer() {
      this.crash('killed');
    }
    /** docs/api/web-contents.md 'context-menu' (event, params): a right-click in the page. */
    contextMenu(params: Record<string, unknown>) {
      emit(this, 'context-menu', fakeEvent(), params);
    }
    send(channel: string, payload: unknown) {
      if (this.destroyed) throw new Error('Object has been destroyed');
      this.sent.push([channel, payload]);
    }
    setWindowOpenHandler(fn: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = fn;
    }
    isDestroyed() {
      return this.destroyed;
    }
    /**
     * Runs the page's beforeunload. docs/api/web-contents.md 'will-prevent-unload': "Emitted when a beforeunload
     * event handler is attempting to cancel a page unload. Calling event.preventDefault() will ignore the
     * beforeunload event handler and allow the page to be unloaded." Returns whether the page may unload.
     */
    runBeforeUnload(): boolean {
      if (!this.beforeUnloadCancels) return true;
      const event = fakeEvent();
      log.push(`will-prevent-unload:${this.id}`);
      emit(this, 'will-prevent-unload', event);
      return event.defaultPrevented;
    }
  }

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    private visible: boolean;
    private maximized = false;
    private destroyed = false;
    private painted = false;
    focused = false;

    constructor(readonly options: Record<string, unknown>) {
      super();
      if (!ready) throw new Error('Cannot create BrowserWindow before app is ready');
      // docs/api/structures/base-window-options.md `show`: "Whether window should be shown when created. Default true."
      this.visible = options.show !== false;
      if (typeof options.backgroundColor === 'string') this.backgroundColor = options.backgroundColor;
      windows.push(this);
    }
    static getAllWindows() {
      return [...windows];
    }
    static getFocusedWindow() {
      return windows.find((w) => w.focused) ?? null;
    }
    loadURL(url: string) {
      return this.webContents.load(url, () => this.paint());
    }
    /** The page hangs. docs/api/browser-window.md event 'unresponsive': "Emitted when the web page becomes
     *  unresponsive"; 'responsive' when it answers again. */
    hang() {
      emit(this, 'unresponsive');
    }
    /** docs/api/browser-window.md win.setProgressBar(progress): "Remove progress bar when progress < 0; Change to
     *  indeterminate mode when progress > 1." Every value set is recorded. */
    progress: number[] = [];
    setProgressBar(progress: number) {
      this.progress.push(progress);
    }
    /**
     * docs/api/browser-window.md event 'session-end' (Windows): "Emitted when window session is going to end due to
     * force shutdown or machine restart or session log off." The process ends right after, without will-quit.
     */
    sessionEnd() {
      emit(this, 'session-end', fakeEvent());
    }
    /** docs/api/browser-window.md win.setBackgroundColor(backgroundColor): the color shown where the page has not
     *  painted. Starts as the constructor's `backgroundColor` option. */
    backgroundColor = '#FFFFFF';
    setBackgroundColor(color: string) {
      this.backgroundColor = color;
    }
    /** docs/api/browser-window.md win.flashFrame(flag): draws the user's attention (taskbar, Dock bounce). */
    flashing = false;
    flashFrame(flag: boolean) {
      this.flashing = flag;
    }
    /**
     * The page's first paint. docs/api/browser-window.md 'ready-to-show': "Emitted when the web page has been
     * rendered (while not being shown) and window can be displayed without a visual flash."
     */
    paint() {
      if (this.painted || this.destroyed) return;
      this.painted = true;
      emit(this, 'ready-to-show');
    }
    /** Whether the window was ever on screen before its page painted (the flash issue 19 is about). */
    shownBeforePaint = false;
    show() {
      if (!this.painted) this.shownBeforePaint = true;
      this.visible = true;
    }
    /** docs/api/browser-window.md win.maximize(): "This will also show (but not focus) the window if it isn't being displayed already." */
    maximize() {
      this.maximized = true;
      this.show();
    }
    isVisible() {
      return this.visible;
    }
    isMaximized() {
      return this.maximized;
    }
    isMinimized() {
      return false;
    }
    isFocused() {
      return this.focused;
    }
    isDestroyed() {
      return this.destroyed;
    }
    restore() {}
    focus() {
      for (const w of windows) w.focused = false;
      this.focused = true;
    }
    /** The user switched to another app (the window stays open, in the background). */
    blur() {
      this.focused = false;
    }
    getNormalBounds(): Rectangle {
      const o = this.options as Partial<Rectangle>;
      return { x: o.x ?? 100, y: o.y ?? 100, width: o.width ?? 800, height: o.height ?? 600 };
    }
    /**
     * docs/api/browser-window.md win.close(): "Try to close the window. ... The web page may cancel the close
     * though." Event 'close': "emitted before the beforeunload and unload event of the DOM. Calling
     * event.preventDefault() will cancel the close." Event 'closed': "Emitted when the window is closed."
     */
    close() {
      if (this.destroyed) return;
      const event = fakeEvent();
      log.push(`close:${this.webContents.id}`);
      emit(this, 'close', event);
      if (event.defaultPrevented || !this.webContents.runBeforeUnload()) return;
      this.finish();
    }
    /** docs/api/browser-window.md win.destroy(): "Force closing the window, the unload and beforeunload event won't be emitted." */
    destroy() {
      if (!this.destroyed) this.finish();
    }
    private finish() {
      this.destroyed = true;
      this.webContents.destroyed = true;
      windows.splice(windows.indexOf(this), 1);
      log.push(`closed:${this.webContents.id}`);
      emit(this, 'closed');
      lastWindowClosed();
    }
  }

  class FakeMenu {
    constructor(readonly items: MenuItemLike[]) {}
    /** docs/api/menu.md menu.popup(options): pops the menu up as a context menu in `options.window`. */
    popups: unknown[] = [];
    popup(opts: unknown = {}) {
      this.popups.push(opts);
      contextMenus.push(this);
    }
  }
  const contextMenus: FakeMenu[] = [];

  /**
   * docs/api/notification.md: `new Notification(options)` then show(); "click" when the user clicks it.
   * Notification.isSupported(): "whether or not desktop notifications are supported on the current system".
   */
  const notifications: FakeNotification[] = [];
  class FakeNotification extends EventEmitter {
    static isSupported() {
      return true;
    }
    constructor(readonly options: { title: string; body?: string; silent?: boolean }) {
      super();
    }
    show() {
      notifications.push(this);
    }
    click() {
      emit(this, 'click');
    }
  }

  /**
   * docs/api/native-theme.md: themeSource 'system' | 'light' | 'dark' overrides Chromium's theme;
   * shouldUseDarkColors "whether the OS / Chromium currently has a dark mode enabled or is being instructed to show
   * a dark-style UI", i.e. themeSource unless it is 'system'.
   */
  class FakeNativeTheme extends EventEmitter {
    themeSource: 'system' | 'light' | 'dark' = 'system';
    /** What the OS itself is set to. */
    osDark = false;
    /** The user switches the OS's appearance: docs/api/native-theme.md event 'updated', "Emitted when something in
     *  the underlying NativeTheme has changed", e.g. shouldUseDarkColors. */
    setOsDark(dark: boolean) {
      this.osDark = dark;
      emit(this, 'updated');
    }
    get shouldUseDarkColors(): boolean {
      return this.themeSource === 'system' ? this.osDark : this.themeSource === 'dark';
    }
  }
  const nativeTheme = new FakeNativeTheme();
  let applicationMenu: FakeMenu | undefined;
  const menuItems = (items: MenuItemLike[]): MenuItemLike[] =>
    items.flatMap((i) => [i, ...(i.submenu ? menuItems(i.submenu) : [])]);

  const requestHandler: { fn: PermissionRequestHandler | null } = { fn: null };
  const checkHandler: { fn: PermissionCheckHandler | null } = { fn: null };
  /** The origin Chromium reports for a URL of a standard scheme (a GURL spec: scheme://host/). */
  const originOf = (url: string) => {
    const hostStart = url.indexOf('://') + 3;
    const pathStart = url.indexOf('/', hostStart);
    return `${pathStart === -1 ? url : url.slice(0, pathStart)}/`;
  };

  const privileged: Array<{ scheme: string; privileges?: Record<string, boolean> }> = [];
  let privilegedRegistered = false;
  const protocolHandlers = new Map<string, (request: { url: string }) => Response | Promise<Response>>();

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: {
      /** docs/api/ipc-main.md ipcMain.handle: a second handler for one channel is an error. */
      handle: (channel: string, fn: Handler) => {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, fn);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    protocol: {
      /**
       * docs/api/protocol.md registerSchemesAsPrivileged: "can only be used before the ready event of the app
       * module gets emitted and can be called only once." docs/api/structures/custom-scheme.md `codeCache`:
       * "Enable V8 code cache for the scheme, only works when standard is also set to true."
       */
      registerSchemesAsPrivileged(schemes: typeof privileged) {
        if (ready) throw new Error('registerSchemesAsPrivileged should be called before app is ready');
        if (privilegedRegistered) throw new Error('registerSchemesAsPrivileged can be called only once');
        privilegedRegistered = true;
        privileged.push(...schemes);
      },
      /** docs/api/protocol.md: "All methods unless specified can only be used after the ready event". */
      handle(scheme: string, fn: (request: { url: string }) => Response | Promise<Response>) {
        if (!ready) throw new Error('protocol.handle can only be used after app is ready');
        protocolHandlers.set(scheme, fn);
      },
    },
    session: {
      defaultSession: {
        /**
         * docs/api/session.md setPermissionRequestHandler: "Calling callback(true) will allow the permission and
         * callback(false) will reject it"; setPermissionCheckHandler: "Returning true will allow the permission
         * and false will reject it". docs/tutorial/security.md (5): "By default, Electron will automatically
         * approve all permission requests unless the developer has manually configured a custom handler."
         */
        setPermissionRequestHandler(fn: PermissionRequestHandler | null) {
          requestHandler.fn = fn;
        },
        setPermissionCheckHandler(fn: PermissionCheckHandler | null) {
          checkHandler.fn = fn;
        },
      },
    },
    screen: {
      /** docs/api/screen.md: "This module cannot be used until the ready event of the app module is emitted." */
      getAllDisplays(): FakeDisplay[] {
        if (!ready) throw new Error('screen cannot be used before app is ready');
        return options.displays ?? [DEFAULT_DISPLAY];
      },
      getPrimaryDisplay(): FakeDisplay {
        return this.getAllDisplays()[0]!;
      },
    },
    shell: {
      openExternal: (url: string) => (opened.push(url), Promise.resolve()),
      /** docs/api/shell.md shell.openPath(path): "Open the given file in the desktop's default manner"; resolves to
       *  an error message, or "" on success. */
      openPath: (path: string) => (opened.push(path), Promise.resolve('')),
      showItemInFolder: (path: string) => void opened.push(`folder:${path}`),
    },
    Notification: FakeNotification,
    nativeTheme,
    /**
     * docs/api/safe-storage.md: encryptString(plainText) "Returns Buffer - An array of bytes representing the
     * encrypted string"; decryptString(encrypted) "Returns string - the decrypted string"; both throw when
     * encryption is unavailable. The fake's "encryption" is a marked XOR, enough to tell ciphertext from clear text.
     */
    safeStorage: {
      isEncryptionAvailable: () => options.encryptionAvailable !== false,
      getSelectedStorageBackend: () => options.storageBackend ?? 'gnome_libsecret',
      encryptString(text: string): Buffer {
        if (options.encryptionAvailable === false) throw new Error('Encryption is not available.');
        return Buffer.concat([Buffer.from('v10'), Buffer.from(text).map((b) => b ^ 0x5a)]);
      },
      decryptString(encrypted: Buffer): string {
        if (options.encryptionAvailable === false) throw new Error('Decryption is not available.');
        if (encrypted.subarray(0, 3).toString() !== 'v10')
          throw new Error('Error while decrypting the ciphertext');
        return Buffer.from(encrypted.subarray(3).map((b) => b ^ 0x5a)).toString();
      },
    },
    dialog: {
      showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] as string[] }),
      /** The button index the next message box "returns"; each box shown is recorded. */
      nextMessageBoxChoice: 1,
      messageBoxes: [] as unknown[],
      showMessageBoxSync(_win: unknown, opts: unknown) {
        this.messageBoxes.push(opts);
        log.push('message-box');
        return this.nextMessageBoxChoice;
      },
      /** docs/api/dialog.md dialog.showMessageBox([window, ]options): "Resolves with { response }", the index of
       *  the button clicked. The fake answers nextMessageBoxChoice, or the next of queuedChoices. */
      queuedChoices: [] as number[],
      showMessageBox(winOrOptions: unknown, maybeOptions?: unknown) {
        this.messageBoxes.push(maybeOptions ?? winOrOptions);
        log.push('message-box');
        const response = this.queuedChoices.shift() ?? this.nextMessageBoxChoice;
        return Promise.resolve({ response, checkboxChecked: false });
      },
      /** docs/api/dialog.md showErrorBox: "This API can be called safely before the ready event". */
      errorBoxes: [] as Array<[string, string]>,
      showErrorBox(title: string, content: string) {
        log.push('error-box');
        this.errorBoxes.push([title, content]);
      },
    },
    Menu: {
      buildFromTemplate: (template: MenuItemLike[]) => new FakeMenu(template),
      setApplicationMenu: (menu: FakeMenu | null) => {
        applicationMenu = menu ?? undefined;
      },
      getApplicationMenu: () => applicationMenu ?? null,
    },
  };

  return {
    electron,
    app,
    handlers,
    windows,
    opened,
    log,
    mainProcessErrors,
    notifications,
    contextMenus,
    nativeTheme,
    /** The items of the application menu, flattened (submenus included). */
    menuItems: () => (applicationMenu ? menuItems(applicationMenu.items) : []),
    /** Clicks the application menu's item with this label, as the user would. */
    clickMenu(label: string) {
      const item = menuItems(applicationMenu?.items ?? []).find((i) => i.label === label);
      if (!item?.click) throw new Error(`No menu item "${label}"`);
      item.click();
    },
    /** A renderer's ipcRenderer.invoke. Electron answers a channel without a handler with this error. */
    invoke(channel: string, event: FakeInvokeEvent, request: unknown = {}): Promise<unknown> {
      const handler = handlers.get(channel);
      if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
      return handler(event, request);
    },
    /** A request the page makes to a custom scheme; a handler that throws is a failed load (net::ERR_FAILED). */
    async fetch(url: string): Promise<Response> {
      const handler = protocolHandlers.get(url.slice(0, url.indexOf(':')));
      if (!handler) throw new Error('net::ERR_UNKNOWN_URL_SCHEME');
      try {
        return await handler({ url });
      } catch {
        throw new Error('net::ERR_FAILED');
      }
    },
    privilegedSchemes: privileged,
    /**
     * A web API that needs a permission, as Chromium asks for it from a page: docs/api/session.md "Most web APIs do
     * a permission check and then make a permission request if the check is denied." navigator.clipboard.writeText
     * needs `clipboard-sanitized-write`, readText `clipboard-read` (the permission lists of docs/api/session.md).
     */
    async usePermission(
      webContents: FakeWebContents | null,
      permission: string,
      frame: { url: string; isMainFrame?: boolean },
    ): Promise<boolean> {
      const isMainFrame = frame.isMainFrame ?? true;
      const checked = checkHandler.fn
        ? checkHandler.fn(webContents, permission, originOf(frame.url), {
            requestingUrl: frame.url,
            isMainFrame,
          })
        : true;
      if (checked) return true;
      if (!webContents) return false;
      if (!requestHandler.fn) return true;
      const handler = requestHandler.fn;
      return new Promise<boolean>((resolve) =>
        handler(webContents, permission, resolve, { requestingUrl: frame.url, isMainFrame }),
      );
    },
    /**
     * A key press in a focused window: the menu item it triggers, if any. docs/api/menu-item.md
     * `registerAccelerator` is _Linux_ _Windows_ only ("If false, the accelerator won't be registered with the
     * system, but it will still be displayed"): on macOS every item's accelerator is a key equivalent the menu
     * takes before the page. Returns whether the menu took the key (and ran the item's click). Role items' own
     * default accelerators are not modelled.
     */
    pressKey(accelerator: string): boolean {
      if (!applicationMenu) return false;
      const item = menuItems(applicationMenu.items).find(
        (i) =>
          i.accelerator === accelerator &&
          !i.role &&
          (platform === 'darwin' || i.registerAccelerator !== false),
      );
      item?.click?.();
      return !!item;
    },
    /**
     * The labels of the macOS app menu's role items (About, Hide, Quit): Electron names them after app.name
     * (lib/browser/api/menu-item-roles.ts, e.g. `Quit ${app.name}`); docs/api/menu-item.md role `appMenu`.
     */
    appMenuLabels(): string[] {
      if (platform !== 'darwin' || !applicationMenu) return [];
      if (!applicationMenu.items.some((i) => i.role === 'appMenu')) return [];
      return [`About ${app.name}`, `Hide ${app.name}`, `Quit ${app.name}`];
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/**
 * An updater shaped like electron-updater's AppUpdater (the events and calls main uses): checkForUpdates() emits
 * checking-for-update, then update-available with `available` or update-not-available; downloadUpdate() emits
 * update-downloaded. Tests against a real update server use electron-updater itself
 * (test/integration/updates.test.ts).
 */
export function createFakeUpdater(currentVersion = '0.1.0') {
  const updater = Object.assign(new EventEmitter(), {
    autoDownload: true,
    autoInstallOnAppQuit: true,
    available: undefined as { version: string } | undefined,
    fail: undefined as Error | undefined,
    checks: 0,
    downloads: 0,
    installs: 0,
    async checkForUpdates() {
      await Promise.resolve();
      updater.checks++;
      updater.emit('checking-for-update');
      if (updater.fail) {
        updater.emit('error', updater.fail);
        throw updater.fail;
      }
      const info = updater.available ?? { version: currentVersion };
      updater.emit(updater.available ? 'update-available' : 'update-not-available', info);
      // AppUpdater.doCheckForUpdates: the download starts at once and its promise comes with the result.
      const downloadPromise = updater.available && updater.autoDownload ? updater.downloadUpdate() : null;
      return { updateInfo: info, isUpdateAvailable: !!updater.available, downloadPromise };
    },
    async downloadUpdate() {
      updater.downloads++;
      await Promise.resolve();
      updater.emit('update-downloaded', updater.available);
      return [];
    },
    quitAndInstall() {
      updater.installs++;
    },
  });
  return updater;
}
export type FakeUpdater = ReturnType<typeof createFakeUpdater>;
export type FakeWindow = FakeElectron['windows'][number];
