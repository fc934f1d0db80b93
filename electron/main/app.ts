// Owns the Electron app's start: single instance, what the OS asks to open, the app:// protocol, permissions, the
// windows, IPC, menus, updates; how it ends is lifecycle.ts. It takes the electron module as a parameter so tests
// drive it with a fake one. A failure anywhere in start is shown and ends the process (failures.ts).
// Tested by: test/unit/electron/main.test.ts
import type * as ElectronModule from 'electron';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../shared/host-types.js';
import type { AppCommand, EventName, EventOf } from '../../shared/ipc.js';
import { Host } from '../host/host.js';
import { bundledSkillsDir, packageRoot } from '../core/paths.js';
import { loadLater } from '../core/load-later.js';
import { Activity } from './activity.js';
import { handleFailures, type ProcessEvents } from './failures.js';
import { forwardEvents, registerIpc } from './ipc.js';
import { keychainCipher } from './keychain.js';
import { manageLifecycle, settleWithin, type Lifecycle } from './lifecycle.js';
import { dataDirOverride, logsDir } from '../core/app-data.js';
import { captureConsole, openMainLog, type MainLog } from './main-log.js';
import { menuTemplate } from './menu.js';
import { OpenRequests } from './open-requests.js';
import { installPermissionHandlers } from './permissions.js';
import { registerAppScheme, rendererResponse } from './protocol.js';
import { RecentFolders } from './recent-folders.js';
import { APP_SCHEME } from './security.js';
import { adoptLoginShellPath } from './shell-path.js';
import { LINK_SCHEME } from './skill-link.js';
import { updateMode, Updates, type UpdaterLike } from './updates.js';
import { AppWindows } from './windows.js';

type Electron = typeof ElectronModule;

/** electron-builder's appId: Windows groups the taskbar and attributes notifications by it. */
export const APP_USER_MODEL_ID = 'dev.skillbench.app';

interface MainPaths {
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

/** Whether the release workflow packed this build signed (it sets package.json `skillbenchSignedBuild`). */
function isSignedBuild(): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
      skillbenchSignedBuild?: unknown;
    };
    return manifest.skillbenchSignedBuild === true;
  } catch {
    return false;
  }
}

const electronUpdater = loadLater<{ autoUpdater: UpdaterLike }>('electron-updater');

export interface MainOptions {
  platform: NodeJS.Platform;
  /** The environment main reads (SKILLBENCH_DATA_DIR) and gives tools (PATH). */
  env: NodeJS.ProcessEnv;
  /** How long quitting may wait for running tools and MCP servers to stop. */
  shutdownDeadlineMs: number;
  /** This launch's arguments and working directory: folders, .skill files and links to open. */
  argv: readonly string[];
  cwd: string;
  /** Where main's uncaught exceptions and unhandled rejections arrive. */
  process: ProcessEvents;
  /** The updater, made on the first check (electron-updater's autoUpdater). */
  updater(): UpdaterLike;
  signedBuild: boolean;
}

export interface MainHandle {
  host: Host;
  windows: AppWindows;
  updates: Updates;
  log: MainLog;
  /** The teardown quitting runs (bounded); for tests and embedders. */
  quit(): Promise<void>;
}

/** Starts the app. Never rejects: a failure is shown to the user and ends the process with exit code 1. */
export async function startMain(
  electron: Electron,
  paths: MainPaths = defaultPaths(process.resourcesPath),
  options: Partial<MainOptions> = {},
): Promise<MainHandle | undefined> {
  const { app, dialog } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  let log: MainLog | undefined;
  let windows: AppWindows | undefined;
  let lifecycle: Lifecycle | undefined;
  const failures = handleFailures({
    app,
    dialog,
    process: options.process ?? process,
    log: () => log,
    reload: () => windows?.reload(),
  });
  // The OS hands things over before ready (macOS open-file/open-url at launch) and a second launch can come right
  // after it, before start is done: listen first, keep the requests until the page takes them.
  const isDefaultApp = !app.isPackaged;
  const opens = new OpenRequests(
    () => {
      windows?.send('app:open-requested', { waiting: opens.size });
      windows?.show();
    },
    (message) => log?.write('info', message),
  );
  app.on('open-file', (event, path) => {
    event.preventDefault();
    opens.addPath(path);
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    opens.addLink(url);
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    if (lifecycle?.relaunchIfStopping(argv.slice(1))) return;
    opens.addArguments(argv, workingDirectory, isDefaultApp);
    windows?.show();
  });
  opens.addArguments(options.argv ?? process.argv, options.cwd ?? process.cwd(), isDefaultApp);

  try {
    return await start();
  } catch (error) {
    failures.failStart(error);
    return undefined;
  }

  async function start(): Promise<MainHandle> {
    const { platform = process.platform, env = process.env, shutdownDeadlineMs = 3000 } = options;
    const { ipcMain, protocol, session, shell, Menu, safeStorage, nativeTheme } = electron;
    failures.step('registering the app:// scheme');
    registerAppScheme(protocol);
    // One data folder with the CLI: it follows SKILLBENCH_DATA_DIR too (Electron's own default, appData/productName,
    // is the CLI's default). setPath needs the folder to exist, and must come before ready.
    const dataDir = dataDirOverride(env);
    if (dataDir) {
      failures.step(`creating the data folder ${dataDir}`);
      mkdirSync(dataDir, { recursive: true });
      app.setPath('userData', dataDir);
    }
    const userData = app.getPath('userData');
    failures.step(`opening the log in ${logsDir(userData)}`);
    const mainLog = (log = openMainLog(logsDir(userData)));
    const restoreConsole = captureConsole(mainLog);
    mainLog.write('info', `Skillbench ${app.getVersion()} starting on ${platform}.`);

    failures.step('waiting for Electron to be ready');
    await app.whenReady();
    // The login shell's PATH matters to tools, not to the window: it arrives while the page loads.
    void adoptLoginShellPath(env, platform, app.isPackaged);
    if (platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
    if (app.isPackaged) app.setAsDefaultProtocolClient(LINK_SCHEME);

    failures.step(`opening the library and the data in ${userData}`);
    const cipher = keychainCipher(safeStorage, platform);
    let settingsChanged = (_settings: Settings) => {};
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
        takeOpenRequests: () => opens.take(),
        settingsChanged: (settings) => settingsChanged(settings),
      },
    });
    protocol.handle(APP_SCHEME, (request) => rendererResponse(paths.renderer, request.url));

    failures.step('opening the window');
    const logLine = (level: 'info' | 'warn' | 'error', message: string) => mainLog.write(level, message);
    const appWindows = (windows = new AppWindows({
      electron,
      preload: paths.preload,
      userData,
      log: logLine,
      sessionEnd: () => void lifecycle?.shutdown(),
    }));
    installPermissionHandlers(session.defaultSession, (contents) =>
      appWindows.contentsIds().has(contents.id),
    );
    const activity = new Activity({
      setProgress: (value) => appWindows.setProgress(value),
      watching: () => appWindows.anyFocused(),
      notify: (title, body) => {
        if (!electron.Notification.isSupported()) return;
        const notification = new electron.Notification({ title, body });
        notification.on('click', () => appWindows.show());
        notification.show();
      },
    });
    const recent = new RecentFolders({
      userData,
      platform,
      app,
      Menu,
      execPath: process.execPath,
      open: (folder) => opens.addPath(folder),
      log: logLine,
    });
    recent.publish();
    const ipc = registerIpc(
      ipcMain,
      host,
      () => appWindows.contentsIds(),
      (channel, request, answer) => {
        activity.observe(channel, request, answer);
        if (channel === 'roots:add')
          void answer.then((r) => r.ok && recent.add((request as { path: string }).path));
      },
    );
    const stopEvents = forwardEvents(host, (event, payload) => {
      if (event === 'runs:progress') activity.progress(payload as EventOf<'runs:progress'>);
      appWindows.send(event, payload as EventOf<EventName>);
    });

    const updates = new Updates({
      mode: updateMode({
        isPackaged: app.isPackaged,
        platform,
        env,
        signedBuild: options.signedBuild ?? isSignedBuild(),
      }),
      currentVersion: app.getVersion(),
      updater: options.updater ?? (() => electronUpdater().autoUpdater),
      dialog,
      shell,
      log: logLine,
    });
    settingsChanged = (settings) => {
      // Native dialogs, menus and the window background follow the app's theme, not only the OS's.
      nativeTheme.themeSource = settings.theme;
      appWindows.matchTheme();
      updates.setAutomatic(settings.checkForUpdates);
    };
    nativeTheme.on('updated', () => appWindows.matchTheme()); // the OS switched while the theme is 'system'
    const settings = await host.handle('settings:get', {});
    if (settings.ok) settingsChanged(settings.value as Settings);

    lifecycle = manageLifecycle(app, {
      platform,
      deadlineMs: shutdownDeadlineMs,
      showWindow: () => void appWindows.show(),
      windowCount: () => appWindows.count,
      // Runs once every window is closed: calls already sent (a last draft) finish, then the host stops.
      teardown: async () => {
        updates.stop();
        stopEvents();
        await settleWithin(ipc.idle(), 1000);
        ipc.unregister();
        await host.close(); // stops running tools, the watcher and MCP servers
        mainLog.write('info', 'Skillbench stopped.');
        restoreConsole();
      },
    });

    const addRoot = async () => {
      const result = await dialog.showOpenDialog({
        title: 'Add a skill folder',
        properties: ['openDirectory'],
      });
      const path = result.filePaths[0];
      if (result.canceled || !path) return;
      const added = await host.handle('roots:add', { path });
      if (added.ok) return recent.add(path);
      await dialog.showMessageBox({
        type: 'error',
        buttons: ['OK'],
        message: 'The folder was not added.',
        detail: added.error.message,
      });
    };
    const sendCommand = (command: AppCommand) => {
      const win = appWindows.target();
      if (win) return win.webContents.send('app:command', { command });
      // No window (macOS keeps the menu): open one and hand it the command once its page has loaded.
      const opened = appWindows.show();
      opened.webContents.once('did-finish-load', () => opened.webContents.send('app:command', { command }));
    };
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(
          {
            addRoot: () => void addRoot(),
            reload: () => host.reload(),
            reloadPage: () => {
              const win = appWindows.target();
              if (win) appWindows.reload(win);
            },
            checkForUpdates: () => void updates.checkNow(),
            showLogs: () => void shell.openPath(mainLog.file),
            about: () => app.showAboutPanel(),
            command: sendCommand,
          },
          platform === 'darwin',
        ),
      ),
    );
    app.on('web-contents-created', (_event, contents) => {
      contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    });

    appWindows.create();
    failures.windowShown();
    mainLog.write('info', 'Started.');
    return { host, windows: appWindows, updates, log: mainLog, quit: lifecycle.shutdown };
  }
}
