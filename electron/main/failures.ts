// Owns what the user sees when the main process fails. Before the first window exists, one error box naming what
// failed and where the log is, then exit 1 (which releases the single-instance lock, so the next launch starts);
// after, a dialog offering Reload or Quit. Electron by itself only warns about a rejected promise and keeps an
// invisible process holding the lock.
import type { App, Dialog } from 'electron';
import { describeError, type MainLog } from './main-log.js';

export interface ProcessEvents {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
}

interface FailureDeps {
  app: Pick<App, 'exit' | 'quit'>;
  dialog: Pick<Dialog, 'showErrorBox' | 'showMessageBox'>;
  /** Where main's uncaught errors arrive (the process; an emitter in tests). */
  process: ProcessEvents;
  log(): MainLog | undefined;
  /** Loads the app's page again in every window. */
  reload(): void;
}

interface Failures {
  /** Names what start is doing now: the error box says which step failed. */
  step(what: string): void;
  /** Start failed: the error box, then exit 1. */
  failStart(error: unknown): void;
  /** A window is up: later errors get the Reload / Quit dialog instead of ending the app. */
  windowShown(): void;
}

export function handleFailures(deps: FailureDeps): Failures {
  let step = 'starting';
  let started = false;
  let asking = false;
  const where = () => {
    const file = deps.log()?.file;
    return file ? `Details are in the log: ${file}` : 'No log file could be written.';
  };
  const failStart = (error: unknown) => {
    deps.log()?.write('error', `Start failed while ${step}: ${describeError(error)}`);
    const message = error instanceof Error ? error.message : String(error);
    deps.dialog.showErrorBox(
      'Skillbench could not start',
      `It failed while ${step}:\n${message}\n\n${where()}`,
    );
    deps.app.exit(1);
  };
  const afterStart = (error: unknown) => {
    deps.log()?.write('error', `Unexpected error: ${describeError(error)}`);
    if (asking) return; // one dialog at a time; the log has every error
    asking = true;
    const message = error instanceof Error ? error.message : String(error);
    void deps.dialog
      .showMessageBox({
        type: 'error',
        buttons: ['Reload', 'Quit'],
        defaultId: 0,
        cancelId: 0,
        message: 'Skillbench hit an unexpected error.',
        detail: `${message}\n\nYour unsaved text is kept as drafts. ${where()}`,
      })
      .then(({ response }) => {
        asking = false;
        if (response === 1) deps.app.quit();
        else deps.reload();
      });
  };
  const onError = (error: unknown) => (started ? afterStart(error) : failStart(error));
  deps.process.on('uncaughtException', onError);
  deps.process.on('unhandledRejection', onError);
  return {
    step: (what) => {
      step = what;
      deps.log()?.write('info', `Start: ${what}`);
    },
    failStart,
    windowShown: () => {
      started = true;
    },
  };
}
