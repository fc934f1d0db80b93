// Owns how the app ends. Electron quits in this order: before-quit, then each window's close and its
// page's beforeunload (where the user may choose to keep editing, which cancels the quit), then will-quit once every
// window is closed. Teardown therefore runs at will-quit, never before the user confirmed, and is bounded; a
// relaunch that arrives meanwhile is honoured once the app is gone.
import type { App } from 'electron';

interface LifecycleOptions {
  platform: NodeJS.Platform;
  /** Longest wait for the teardown before the app quits anyway (an MCP server still connecting can take a minute). */
  deadlineMs: number;
  /** Stops the host: the IPC calls still being answered finish first (drafts), then tools and servers stop. */
  teardown(): Promise<void>;
  /** Shows the app's window, opening one when there is none. */
  showWindow(): void;
  windowCount(): number;
}

export interface Lifecycle {
  /** Runs the teardown once (later calls get the same promise); resolves within the deadline. */
  shutdown: () => Promise<void>;
  /**
   * A second launch while the app is shutting down: start again once this instance is gone (the single-instance
   * lock would otherwise swallow it), with that launch's arguments. Says whether it was taken.
   */
  relaunchIfStopping(args: readonly string[]): boolean;
}

/** Waits for `work` to settle, or `ms` at most; says which came first. A rejection of `work` is passed on. */
export function settleWithin(work: Promise<unknown>, ms: number): Promise<'settled' | 'timed out'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timed out'), ms);
    work.then(
      () => (clearTimeout(timer), resolve('settled')),
      (error: unknown) => (clearTimeout(timer), reject(error as Error)),
    );
  });
}

export function manageLifecycle(
  app: Pick<App, 'on' | 'quit' | 'relaunch'>,
  options: LifecycleOptions,
): Lifecycle {
  let stopping: Promise<void> | undefined;
  let stopped = false;
  let relaunch: { args: string[] } | undefined;
  const shutdown = () =>
    (stopping ??= settleWithin(options.teardown(), options.deadlineMs).then(
      (outcome) => {
        if (outcome === 'timed out')
          console.error(
            `Skillbench quit without waiting longer than ${options.deadlineMs} ms for its shutdown.`,
          );
      },
      (error: unknown) => console.error('Skillbench could not shut down cleanly:', error),
    ));

  // Closing the last window quits, except on macOS, where apps stay in the Dock until Cmd+Q.
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit();
  });
  // Every window is closed and confirmed: tear down, then quit for real (the second will-quit passes).
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void shutdown().then(() => {
      stopped = true;
      if (relaunch) app.relaunch(relaunch.args.length ? relaunch : {});
      app.quit();
    });
  });
  app.on('activate', () => {
    if (!stopping && options.windowCount() === 0) options.showWindow();
  });
  return {
    shutdown,
    relaunchIfStopping: (args) => {
      if (!stopping) return false;
      relaunch = { args: [...args] };
      return true;
    },
  };
}
