// The CLI's streams, injectable so commands are tested in-process.
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};

/** Thrown for bad usage; the CLI prints the message and exits 2. */
export class UsageError extends Error {}
