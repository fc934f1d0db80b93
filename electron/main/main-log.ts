// Owns the main process's log file, `logs/main.log` in the data folder: rotated by size with a few older files kept,
// so it never grows past a known bound, and fed by main's own console.warn and console.error (the host's too).
// Tested by: test/unit/electron/failures.test.ts
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';

interface LogLimits {
  /** A file past this size is rotated before the next line is written. */
  maxBytes: number;
  /** How many rotated files (`main.1.log`, `main.2.log`, …) are kept besides `main.log`. */
  keep: number;
}

const LOG_LIMITS: LogLimits = { maxBytes: 1024 * 1024, keep: 3 };

export interface MainLog {
  readonly file: string;
  write(level: 'info' | 'warn' | 'error', message: string): void;
}

/**
 * Opens (creating the folder) the rotating log in `dir`. Writing never throws: a full disk costs log lines, not the
 * app, and this runs inside the error handlers.
 */
export function openMainLog(dir: string, limits: LogLimits = LOG_LIMITS): MainLog {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'main.log');
  const rotated = (n: number) => join(dir, `main.${n}.log`);
  let size = existsSync(file) ? statSync(file).size : 0;
  const rotate = () => {
    rmSync(rotated(limits.keep), { force: true });
    for (let n = limits.keep - 1; n >= 1; n--)
      if (existsSync(rotated(n))) renameSync(rotated(n), rotated(n + 1));
    if (limits.keep > 0) renameSync(file, rotated(1));
    else rmSync(file, { force: true });
    size = 0;
  };
  return {
    file,
    write(level, message) {
      // A single line may not exceed the file's own bound.
      const line = `${new Date().toISOString()} ${level.toUpperCase()} ${message}`.slice(
        0,
        limits.maxBytes - 1,
      );
      try {
        if (size > 0 && size + Buffer.byteLength(line) + 1 > limits.maxBytes) rotate();
        appendFileSync(file, `${line}\n`, { mode: 0o600 });
        size += Buffer.byteLength(line) + 1;
      } catch {
        /* nowhere left to say it */
      }
    },
  };
}

/** Text for a thrown value: its stack when it has one. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : inspect(error);
}

type ConsoleLike = Pick<Console, 'warn' | 'error'>;

/** Copies console.warn and console.error into the log (they still print, for a launch from a terminal). */
export function captureConsole(log: MainLog, target: ConsoleLike = console): () => void {
  const { warn, error } = target;
  const text = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : describeError(a))).join(' ');
  target.warn = (...args: unknown[]) => {
    warn.apply(target, args);
    log.write('warn', text(args));
  };
  target.error = (...args: unknown[]) => {
    error.apply(target, args);
    log.write('error', text(args));
  };
  return () => {
    target.warn = warn;
    target.error = error;
  };
}
