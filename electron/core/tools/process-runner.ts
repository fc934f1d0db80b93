// Owns running a child process for a tool: cleared environment, timeout and cancellation that kill the whole
// process tree, stdout/stderr capped with a visible note. Nothing is left running after a call ends.
import { spawn, spawnSync } from 'node:child_process';
import { SkillError } from '../../../shared/errors.js';

export const OUTPUT_CAP_BYTES = 1024 * 1024;

/** Variables a tool process inherits; everything else is cleared (DESIGN.md "shell / script / http"). */
const ENV_ALLOWLIST = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'SHELL',
  'SystemRoot',
  'SYSTEMROOT',
  'COMSPEC',
  'ComSpec',
  'PATHEXT',
  'WINDIR',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
];

export function toolEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ENV_ALLOWLIST) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  return { ...env, ...extra };
}

export interface ProcessSpec {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Describes the call in error messages, e.g. `tool "greet"`. */
  what: string;
  onOutput?: (chunk: string) => void;
}

export interface ProcessResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  truncated: { stdout: boolean; stderr: boolean };
}

class CappedBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly cap: number) {}
  push(chunk: Buffer): void {
    if (this.size >= this.cap) {
      this.truncated = true;
      return;
    }
    const room = this.cap - this.size;
    if (chunk.length > room) this.truncated = true;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.size += part.length;
  }
  text(label: string): string {
    const text = Buffer.concat(this.chunks).toString('utf8');
    return this.truncated ? `${text}\n[${label} truncated at ${this.cap / 1024 / 1024} MiB]` : text;
  }
}

/** Kills the process and everything it started: its process group on POSIX, its tree via taskkill on Windows. */
export function killTree(pid: number): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (spec.signal?.aborted) {
      reject(new SkillError('Cancelled', `The call to ${spec.what} was cancelled before it started.`));
      return;
    }
    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      // A new process group (POSIX) so a timeout can kill grandchildren too.
      detached: process.platform !== 'win32',
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout = new CappedBuffer(OUTPUT_CAP_BYTES);
    const stderr = new CappedBuffer(OUTPUT_CAP_BYTES);
    let settled = false;
    let failure: SkillError | undefined;
    const stop = (error: SkillError) => {
      if (failure) return;
      failure = error;
      if (child.pid !== undefined) killTree(child.pid);
    };
    const timer = setTimeout(
      () =>
        stop(
          new SkillError(
            'Timeout',
            `${capitalise(spec.what)} did not finish within ${spec.timeoutMs / 1000} s and was stopped (with every process it started). Raise timeoutSecs if it needs longer.`,
          ),
        ),
      spec.timeoutMs,
    );
    const onAbort = () =>
      stop(
        new SkillError('Cancelled', `The call to ${spec.what} was cancelled; its processes were stopped.`),
      );
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.push(chunk);
      spec.onOutput?.(chunk.toString('utf8'));
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => undefined); // the tool may exit without reading its input
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          new SkillError(
            'ToolExecution',
            `${capitalise(spec.what)} could not start: ${error.code === 'ENOENT' ? `"${spec.file}" was not found` : error.message}.`,
          ),
        ),
      ),
    );
    // When the tool itself exits, whatever it left behind is stopped: a background grandchild would otherwise
    // hold the output pipes open until the timeout.
    child.on('exit', () => {
      if (child.pid !== undefined && process.platform !== 'win32') killTree(child.pid);
    });
    child.on('close', (exitCode, signal) =>
      finish(() => {
        if (failure) reject(failure);
        else
          resolve({
            stdout: stdout.text('stdout'),
            stderr: stderr.text('stderr'),
            exitCode,
            signal,
            truncated: { stdout: stdout.truncated, stderr: stderr.truncated },
          });
      }),
    );
    child.stdin.end(spec.stdin ?? '');
  });
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
