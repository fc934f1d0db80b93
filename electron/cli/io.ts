// The CLI's streams, injectable so commands are tested in-process.
import type { DataNotice } from '../../shared/host-types.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

let epipeGuarded = false;

/**
 * `skillbench tools X | head`: once the reader has gone, stop quietly instead of dying on EPIPE with a stack
 * (issue 11). Installed on the first write, so in-process tests with their own streams are unaffected.
 */
function guardEpipe(): void {
  if (epipeGuarded) return;
  epipeGuarded = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

export const processIo: CliIo = {
  stdout: (text) => {
    guardEpipe();
    process.stdout.write(text);
  },
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};

/** Thrown for bad usage; the CLI prints the message and exits 2. */
export class UsageError extends Error {}

/** Data files moved aside because they could not be read (issue 12): one line each on stderr. */
export function printNotices(io: CliIo, notices: readonly DataNotice[]): void {
  for (const n of notices) io.stderr(`skillbench: ${n.message}\n`);
}
