// Owns the Electron app's start: single instance, the app:// protocol, permissions, the window, IPC and menus; how it
// ends is lifecycle.ts. It takes the electron module as a parameter so tests drive it with a fake one.
import type * as ElectronModule from 'electron';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { EVENTS } from '../../shared/ipc.js';
import { Host } from '../host/host.js';
import { bundledSkillsDir, packageRoot } from '../core/paths.js';
import { forwardEvents, registerIpc } from './ipc.js';
import { manageLifecycle, settleWithin } from './lifecycle.js';
import { menuTemplate } from './menu.js';
import { installPermissionHandlers } from './permissions.js';
import { registerAppScheme, rendererResponse } from './protocol.js';
import { APP_SCHEME, APP_URL } from './security.js';
import { adoptLoginShellPath } from './shell-path.js';
import { keychainCipher } from './keychain.js';
import { lockDown, windowOptions } from './window.js';
import { fitToDisplays, loadWindowState, saveWindowState } from './window-state.js';

type Electron = typeof ElectronModule;

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

export interface MainOptions {
  platform: NodeJS.Platform;
  /** The environment main reads (SKILLBENCH_DATA_DIR) and gives tools (PATH). */
  env: NodeJS.ProcessEnv;
  /** How long quitting may wait for running tools and MCP servers to stop. */
  shutdownDeadlineMs: number;
}

export interface MainHandle {
  host: Host;
  /** The teardown quitting runs (bounded); for tests and embedders. */
  quit(): Promise<void>;
}

export async function startMain(
  electron: Electron,
  paths: MainPaths = defaultPaths(process.resourcesPath),
  options: Partial<MainOptions> = {},
): Promise<MainHandle | undefined> {
  const { platform = process.platform, env = process.env, shutdownDeadlineMs = 3000 } = options;
  const { app, BrowserWindow, ipcMain, protocol, session, shell, dialog, Menu, screen, safeStorage } =
    electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  registerAppScheme(protocol);
  // One data folder with the CLI: it follows SKILLBENCH_DATA_DIR too (Electron's own default, appData/productName,
  // is the CLI's default). setPath needs the folder to exist, and must come before ready.
  if (env.SKILLBENCH_DATA_DIR) {
    mkdirSync(env.SKILLBENCH_DATA_DIR, { recursive: true });
    app.setPath('userData', env.SKILLBENCH_DATA_DIR);
  }
  await Promise.all([app.whenReady(), adoptLoginShellPath(env, platform, app.isPackaged)]);

  const userData = app.getPath('userData');
  const cipher = keychainCipher(safeStorage, platform);
  const host = new Host({
    bundledSkills: paths.bundledSkills,
    userDataDir: userData,
    platform: {
      pickFolder: async (title) => {
        const result = await dialog.showOpenDialog({ title, properties: ['openDirectory'] });
        return result.canceled ? undefined : result.filePaths[0];
      },
      openExternal: (url) => shell.openExternal(url),
      // Sign-ins and provider keys encrypted by the OS keychain (Keychain, DPAPI, libsecret/kwallet).
      ...(cipher ? { credentialCipher: cipher } : {}),
    },
  });
  protocol.handle(APP_SCHEME, (request) => rendererResponse(paths.renderer, request.url));

  const windows = new Set<ElectronModule.BrowserWindow>();
  const ourIds = () => new Set([...windows].map((w) => w.webContents.id));
  installPermissionHandlers(session.defaultSession, (contents) => ourIds().has(contents.id));
  const ipc = registerIpc(ipcMain, host, ourIds);
  const stopEvents = forwardEvents(host, (event, payload) => {
    if (!(event in EVENTS)) return;
    for (const w of windows) w.webContents.send(event, payload);
  });

  const createWindow = () => {
    const state = fitToDisplays(
      loadWindowState(userData),
      screen.getAllDisplays().map((d) => d.workArea),
    );
    const win = new BrowserWindow(windowOptions(paths.preload, state));
    windows.add(win);
    lockDown(win, shell);
    // Shown once its page painted: maximize() would show it at once, before the page (a flash of the background).
    win.once('ready-to-show', () => (state.maximized ? win.maximize() : win.show()));
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
  const showWindow = () => {
    const [win] = windows;
    if (!win) return void createWindow();
    if (win.isMinimized()) win.restore();
    win.focus();
  };

  const lifecycle = manageLifecycle(app, {
    platform,
    deadlineMs: shutdownDeadlineMs,
    showWindow,
    windowCount: () => windows.size,
    // Runs once every window is closed: calls already sent (a last draft) finish, then the host stops.
    teardown: async () => {
      stopEvents();
      await settleWithin(ipc.idle(), 1000);
      ipc.unregister();
      await host.close(); // stops running tools, the watcher and MCP servers
    },
  });

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
        platform === 'darwin',
      ),
    ),
  );
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  createWindow();
  return { host, quit: lifecycle.shutdown };
}
