// The CLI's streams, injectable so commands are tested in-process.
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
