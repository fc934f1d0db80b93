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

/** Control characters but tab and newline (C0, DEL, C1): ESC sequences, OSC titles, a `\r` rewriting a line. */
// eslint-disable-next-line no-control-regex
const CONTROL = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text shown escaped (`\u001b[2J`), never acted on by the terminal: the CLI prints what servers, models and tools
 * said, and none of it may clear the screen, retitle the window or overwrite a PASS line. The escape is also valid
 * inside a JSON string, so `--format json` stays parseable; a `\r\n` line end becomes `\n`.
 */
function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) =>
    c === '\r\n' ? '\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The streams with every write escaped: the CLI itself prints no control characters. */
export function terminalSafe(io: CliIo): CliIo {
  return {
    ...io,
    stdout: (text) => io.stdout(escapeControls(text)),
    stderr: (text) => io.stderr(escapeControls(text)),
  };
}

/** Thrown for bad usage; the CLI prints the message and exits 2. */
export class UsageError extends Error {}

/** Data files moved aside because they could not be read (issue 12): one line each on stderr. */
export function printNotices(io: CliIo, notices: readonly DataNotice[]): void {
  for (const n of notices) io.stderr(`skillbench: ${n.message}\n`);
}
