// Starts Electron main on the fake electron module (test/fakes/electron.ts) the way Electron runs it: one temporary
// home per launch, the platform and environment given to both the fake and main.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMain, type MainHandle, type MainOptions } from '../../../electron/main/app.js';
import {
  createFakeElectron,
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
}

export interface Launched {
  fake: FakeElectron;
  handle: MainHandle;
  env: Record<string, string | undefined>;
  root: string;
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
  const handle = (await startMain(fake.electron as never, PATHS, {
    platform,
    env,
    ...options.main,
  }))!;
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
    win,
    trusted,
    call: (channel, request = {}) => fake.invoke(channel, trusted(), request),
  };
}
