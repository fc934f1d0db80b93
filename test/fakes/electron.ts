// A fake `electron` module: just enough of app, BrowserWindow, ipcMain, protocol, session, shell, dialog and Menu
// to drive electron/main without an Electron binary, recording what main does.
import { EventEmitter } from 'node:events';

export interface FakeInvokeEvent {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

export function createFakeElectron(userData: string) {
  const handlers = new Map<string, (event: FakeInvokeEvent, request: unknown) => Promise<unknown>>();
  const windows: FakeWindow[] = [];
  let nextId = 1;
  const opened: string[] = [];
  const appEvents = new EventEmitter();

  class FakeWebContents extends EventEmitter {
    id = nextId++;
    sent: Array<[string, unknown]> = [];
    windowOpenHandler?: (details: { url: string }) => { action: string };
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    }
    setWindowOpenHandler(fn: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = fn;
    }
  }

  class FakeWindow extends EventEmitter {
    webContents = new FakeWebContents();
    loadedUrl?: string;
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      return Promise.resolve();
    }
    show() {}
    maximize() {}
    isMaximized() {
      return false;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    getNormalBounds() {
      return { x: 10, y: 20, width: 900, height: 700 };
    }
  }

  const electron = {
    app: {
      requestSingleInstanceLock: () => true,
      whenReady: () => Promise.resolve(),
      getPath: (name: string) => (name === 'userData' ? userData : '/tmp'),
      on: (event: string, fn: (...args: unknown[]) => void) => appEvents.on(event, fn),
      quit: () => appEvents.emit('quit'),
      getVersion: () => '0.1.0',
    },
    BrowserWindow: FakeWindow,
    ipcMain: {
      handle: (channel: string, fn: (event: FakeInvokeEvent, request: unknown) => Promise<unknown>) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, fn);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    protocol: {
      schemes: [] as unknown[],
      handler: undefined as undefined | ((request: { url: string }) => Response),
      registerSchemesAsPrivileged(schemes: unknown[]) {
        this.schemes.push(...schemes);
      },
      handle(_scheme: string, fn: (request: { url: string }) => Response) {
        this.handler = fn;
      },
    },
    session: {
      defaultSession: {
        permissionRequest: undefined as
          undefined | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
        permissionCheck: undefined as undefined | (() => boolean),
        setPermissionRequestHandler(
          fn: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void,
        ) {
          this.permissionRequest = fn;
        },
        setPermissionCheckHandler(fn: () => boolean) {
          this.permissionCheck = fn;
        },
      },
    },
    shell: { openExternal: (url: string) => (opened.push(url), Promise.resolve()) },
    dialog: {
      showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
      /** The button index the next message box "returns"; each box shown is recorded. */
      nextMessageBoxChoice: 1,
      messageBoxes: [] as unknown[],
      showMessageBoxSync(_win: unknown, options: unknown) {
        this.messageBoxes.push(options);
        return this.nextMessageBoxChoice;
      },
    },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: () => undefined },
  };
  return { electron, handlers, windows, opened, appEvents };
}
