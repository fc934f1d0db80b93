// Starts Electron main on the fake electron module (test/fakes/electron.ts) the way Electron runs it: one temporary
// home per launch, the platform and environment given to both the fake and main.
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMain, type MainHandle, type MainOptions } from '../../../electron/main/app.js';
import {
  createFakeElectron,
  createFakeUpdater,
  type FakeUpdater,
  type FakeElectron,
  type FakeElectronOptions,
  type FakeInvokeEvent,
} from '../../fakes/electron.js';
import { REPO } from '../../helpers.js';

export const PATHS = {
  renderer: join(REPO, 'dist', 'renderer'),
  preload: '/app/preload.cjs',
  bundledSkills: join(REPO, 'skills'),
};

export interface LaunchOptions extends Partial<Omit<FakeElectronOptions, 'env'>> {
  env?: Record<string, string | undefined>;
  main?: Partial<MainOptions>;
  /** Runs on the fake before main starts (e.g. to write a saved window state). */
  before?(fake: FakeElectron): void;
  /** false: return at once, without waiting for start to finish (a start that stalls). */
  wait?: boolean;
}

export interface Launched {
  fake: FakeElectron;
  handle: MainHandle;
  env: Record<string, string | undefined>;
  root: string;
  /** Where main's uncaught errors arrive: emit 'uncaughtException' on it. */
  processEvents: EventEmitter;
  updater: FakeUpdater;
  win(): FakeElectron['windows'][number];
  /** An invoke from the main frame of our window, at our origin. */
  trusted(): FakeInvokeEvent;
  call(channel: string, request?: unknown): Promise<unknown>;
}

export async function launch(options: LaunchOptions = {}): Promise<Launched> {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-main-'));
  const platform = options.platform ?? 'linux';
  const env: Record<string, string | undefined> = {
    XDG_CONFIG_HOME: join(root, 'config'),
    APPDATA: join(root, 'AppData', 'Roaming'),
    PATH: process.env.PATH,
    ...options.env,
  };
  const fake = createFakeElectron({ appPath: REPO, home: root, ...options, platform, env });
  options.before?.(fake);
  const processEvents = new EventEmitter();
  const updater = createFakeUpdater();
  const started = startMain(fake.electron as never, PATHS, {
    platform,
    env,
    argv: ['/opt/Skillbench/skillbench'],
    cwd: root,
    process: processEvents,
    updater: () => updater,
    ...options.main,
  });
  // A start that failed answers undefined: tests of failures look at the fake instead of the handle.
  const handle = (options.wait === false ? undefined : await started) as MainHandle;
  const win = () => fake.windows[0]!;
  const trusted = (): FakeInvokeEvent => ({
    sender: { id: win().webContents.id },
    senderFrame: { url: 'app://skillbench/index.html', parent: null },
  });
  return {
    fake,
    handle,
    env,
    root,
    processEvents,
    updater,
    win,
    trusted,
    call: (channel, request = {}) => fake.invoke(channel, trusted(), request),
  };
}
