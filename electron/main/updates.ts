// Owns updating the app through electron-updater and the metadata the release publishes (latest*.yml): checks at
// start and every few hours unless Settings turn them off, and Help → Check for Updates…. A build that can replace
// itself (signed on macOS and Windows, an AppImage on Linux) downloads the update and offers a restart; any other
// only says a new version exists and opens the release page, since installing an unsigned update would fail or
// bypass the OS's checks.
import type { Dialog, Shell } from 'electron';

/** The release page, the same repository as electron-builder.yml's `publish`. */
export const RELEASES_URL = 'https://github.com/skillbench/skillbench/releases/latest';
export const FIRST_CHECK_MS = 10_000;
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

type UpdateMode = 'install' | 'notify' | 'off';

export function updateMode(options: {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  /** Set at package time when the build was signed (package.json `skillbenchSignedBuild`). */
  signedBuild: boolean;
}): UpdateMode {
  if (!options.isPackaged) return 'off';
  if (options.platform === 'linux') return options.env.APPIMAGE ? 'install' : 'notify';
  return options.signedBuild ? 'install' : 'notify';
}

interface UpdateInfoLike {
  version: string;
}

/** The part of electron-updater's AppUpdater used here. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  /** Resolves with the download's promise when one starts (autoDownload); null when the updater is inactive. */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(): void;
  on(event: 'update-available' | 'update-downloaded', listener: (info: UpdateInfoLike) => void): unknown;
  on(event: 'update-not-available', listener: (info: UpdateInfoLike) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

interface UpdateDeps {
  mode: UpdateMode;
  currentVersion: string;
  /** electron-updater's updater, made on first use (loading it costs start time). */
  updater(): UpdaterLike;
  dialog: Pick<Dialog, 'showMessageBox'>;
  shell: Pick<Shell, 'openExternal'>;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

export class Updates {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wired: UpdaterLike | undefined;
  /** The version last told about, so periodic checks do not ask again. */
  private told: string | undefined;
  /** A check Help asked for: its outcome is shown whatever it is. */
  private interactive = false;

  constructor(private readonly deps: UpdateDeps) {}

  /** Turns the automatic checks on (first soon, then periodically) or off. */
  setAutomatic(enabled: boolean, firstInMs = FIRST_CHECK_MS): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!enabled || this.deps.mode === 'off') return;
    const schedule = (ms: number) => {
      this.timer = setTimeout(() => {
        void this.check(false).finally(() => schedule(CHECK_EVERY_MS));
      }, ms);
      this.timer.unref?.();
    };
    schedule(firstInMs);
  }

  /** Help → Check for Updates…: says what it found, including "up to date" and errors. */
  checkNow(): Promise<void> {
    if (this.deps.mode === 'off')
      return this.say(
        'Updates come with installed builds.',
        'This copy runs from a checkout: update it with git.',
      );
    return this.check(true);
  }

  stop(): void {
    this.setAutomatic(false);
  }

  private async check(interactive: boolean): Promise<void> {
    const updater = this.updater();
    this.interactive = interactive;
    try {
      const result = await updater.checkForUpdates();
      // A failed download (a checksum mismatch, the network gone) also arrives as 'error', which logs it; its
      // promise must not become an unhandled rejection, which main treats as a crash.
      void result?.downloadPromise?.catch(async (error: unknown) => {
        if (interactive) await this.say('The update could not be downloaded.', (error as Error).message);
      });
    } catch (error) {
      this.deps.log('warn', `Checking for updates failed: ${(error as Error).message}`);
      if (interactive) await this.say('Skillbench could not check for updates.', (error as Error).message);
    } finally {
      this.interactive = false;
    }
  }

  private updater(): UpdaterLike {
    if (this.wired) return this.wired;
    const updater = this.deps.updater();
    updater.autoDownload = this.deps.mode === 'install';
    updater.autoInstallOnAppQuit = this.deps.mode === 'install';
    updater.on('update-available', (info) => void this.available(info));
    updater.on('update-not-available', () => {
      if (this.interactive)
        void this.say(
          'Skillbench is up to date.',
          `You have the latest version, ${this.deps.currentVersion}.`,
        );
    });
    updater.on('update-downloaded', (info) => void this.downloaded(updater, info));
    updater.on('error', (error) => this.deps.log('warn', `Updater: ${error.message}`));
    return (this.wired = updater);
  }

  private async available(info: UpdateInfoLike): Promise<void> {
    this.deps.log('info', `Version ${info.version} is available (this is ${this.deps.currentVersion}).`);
    if (this.deps.mode === 'install') return; // it downloads; the restart is offered once it is ready
    if (this.told === info.version && !this.interactive) return;
    this.told = info.version;
    const { response } = await this.deps.dialog.showMessageBox({
      type: 'info',
      buttons: ['Open the download page', 'Later'],
      defaultId: 0,
      cancelId: 1,
      message: `Skillbench ${info.version} is available.`,
      detail: `You have ${this.deps.currentVersion}. This build cannot replace itself: download the new version from the release page.`,
    });
    if (response === 0) await this.deps.shell.openExternal(RELEASES_URL);
  }

  private async downloaded(updater: UpdaterLike, info: UpdateInfoLike): Promise<void> {
    if (this.told === info.version) return;
    this.told = info.version;
    const { response } = await this.deps.dialog.showMessageBox({
      type: 'info',
      buttons: ['Restart now', 'Later'],
      defaultId: 0,
      cancelId: 1,
      message: `Skillbench ${info.version} is ready to install.`,
      detail: 'Restart now, or it is installed the next time you quit.',
    });
    if (response === 0) updater.quitAndInstall();
  }

  private async say(message: string, detail: string): Promise<void> {
    await this.deps.dialog.showMessageBox({ type: 'info', buttons: ['OK'], message, detail });
  }
}
