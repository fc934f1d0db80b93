// Owns the Electron app's lifecycle: single instance, the app:// protocol, the window, IPC, menus and a clean quit.
// It takes the electron module as a parameter so tests drive it with a fake one.
import type * as ElectronModule from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { EVENTS } from '../../shared/ipc.js';
import { Host } from '../host/host.js';
import { bundledSkillsDir, packageRoot } from '../core/paths.js';
import { forwardEvents, registerIpc } from './ipc.js';
import { menuTemplate } from './menu.js';
import { APP_SCHEME, APP_URL, CONTENT_SECURITY_POLICY } from './security.js';
import { lockDown, windowOptions } from './window.js';
import { loadWindowState, saveWindowState } from './window-state.js';

type Electron = typeof ElectronModule;

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

export interface MainPaths {
  renderer: string;
  preload: string;
  bundledSkills: string;
}

export function defaultPaths(resourcesPath?: string): MainPaths {
  const root = packageRoot();
  // Packaged: the skills ship as extra resources next to app.asar.
  const packagedSkills = resourcesPath ? join(resourcesPath, 'skills') : undefined;
  return {
    renderer: join(root, 'dist', 'renderer'),
    preload: join(root, 'dist', 'preload', 'index.cjs'),
    bundledSkills: packagedSkills && existsSync(packagedSkills) ? packagedSkills : bundledSkillsDir(),
  };
}

/** Serves the built renderer under app://skillbench/, with the CSP on every response; nothing outside it. */
export function rendererResponse(rendererDir: string, requestUrl: string): Response {
  const url = new URL(requestUrl);
  const root = resolve(rendererDir);
  const file = resolve(
    root,
    normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '') || 'index.html',
  );
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };
  if (url.host !== 'skillbench' || (file !== root && !file.startsWith(root + sep)) || !existsSync(file)) {
    return new Response('Not found', { status: 404, headers });
  }
  return new Response(readFileSync(file), {
    status: 200,
    headers: { ...headers, 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' },
  });
}

export interface MainHandle {
  host: Host;
  quit(): Promise<void>;
}

export async function startMain(
  electron: Electron,
  paths: MainPaths = defaultPaths(process.resourcesPath),
): Promise<MainHandle | undefined> {
  const { app, BrowserWindow, ipcMain, protocol, session, shell, dialog, Menu } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
  await app.whenReady();

  const userData = app.getPath('userData');
  const host = new Host({
    bundledSkills: paths.bundledSkills,
    userDataDir: userData,
    platform: {
      pickFolder: async (title) => {
        const result = await dialog.showOpenDialog({ title, properties: ['openDirectory'] });
        return result.canceled ? undefined : result.filePaths[0];
      },
      openExternal: (url) => shell.openExternal(url),
    },
  });
  protocol.handle(APP_SCHEME, (request) => rendererResponse(paths.renderer, request.url));
  // Permissions (camera, notifications, …) are never granted.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  const windows = new Set<ElectronModule.BrowserWindow>();
  const ourIds = () => new Set([...windows].map((w) => w.webContents.id));
  const unregister = registerIpc(ipcMain, host, ourIds);
  const stopEvents = forwardEvents(host, (event, payload) => {
    if (!(event in EVENTS)) return;
    for (const w of windows) w.webContents.send(event, payload);
  });

  const createWindow = () => {
    const state = loadWindowState(userData);
    const win = new BrowserWindow(windowOptions(paths.preload, state));
    windows.add(win);
    lockDown(win, shell);
    if (state.maximized) win.maximize();
    win.once('ready-to-show', () => win.show());
    win.on('close', () =>
      saveWindowState(userData, { ...win.getNormalBounds(), maximized: win.isMaximized() }),
    );
    win.on('closed', () => windows.delete(win));
    // The renderer holds the window while files are unsaved (beforeunload); ask the user instead of refusing.
    win.webContents.on('will-prevent-unload', (event) => {
      const choice = dialog.showMessageBoxSync(win, {
        type: 'question',
        buttons: ['Close anyway', 'Keep editing'],
        defaultId: 1,
        cancelId: 1,
        message: 'Some files have unsaved changes.',
        detail: 'Their text is kept as a draft and offered again the next time you open them.',
      });
      if (choice === 0) event.preventDefault(); // overrides the renderer's beforeunload: the window closes
    });
    void win.loadURL(APP_URL);
    return win;
  };

  const addRoot = async () => {
    const result = await dialog.showOpenDialog({
      title: 'Add a skill folder',
      properties: ['openDirectory'],
    });
    const path = result.filePaths[0];
    if (!result.canceled && path) await host.handle('roots:add', { path });
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        {
          addRoot: () => void addRoot(),
          reload: () => host.reload(),
          command: (command) => {
            for (const w of windows) if (w.isFocused()) w.webContents.send('app:command', { command });
          },
        },
        process.platform === 'darwin',
      ),
    ),
  );

  app.on('second-instance', () => {
    const [win] = windows;
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('activate', () => {
    if (windows.size === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let quitting = false;
  const quit = async () => {
    if (quitting) return;
    quitting = true;
    stopEvents();
    unregister();
    await host.close(); // stops running tools and MCP servers
  };
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    void quit().then(() => app.quit());
  });

  createWindow();
  return { host, quit };
}
