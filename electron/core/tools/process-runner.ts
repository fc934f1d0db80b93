// Owns running a child process for a tool: cleared environment, timeout and cancellation that kill the whole
// process tree (also processes that left its process group), stdout/stderr capped with a visible note. Nothing is
// left running after a call ends, or the error says which process survived.
// Tested by: test/integration/process-sandbox.test.ts
import type * as ChildProcess from 'node:child_process';
import type * as Crypto from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { SkillError } from '../../../shared/errors.js';
import { OUTPUT_CAP_BYTES } from '../../../shared/units.js';
import { loadLater } from '../load-later.js';

// Loaded on the first run: validating a skill's tools never spawns one.
const childProcess = loadLater<typeof ChildProcess>('node:child_process');
const nodeCrypto = loadLater<typeof Crypto>('node:crypto');

/**
 * The PowerShell that a skill's `.ps1` scripts and its `shell: powershell` commands run in: Windows PowerShell,
 * present on every Windows; PowerShell 7 (`pwsh`) elsewhere, where it is the only one.
 */
export const POWERSHELL = process.platform === 'win32' ? 'powershell.exe' : 'pwsh';

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
  // A tool's stdin is a pipe, which Node makes a socket, and bash started with a socket as stdin and SHLVL below 1
  // takes itself for a remote shell and sources the user's ~/.bashrc (output before a tool's JSON, the user's
  // aliases and variables in the sandbox). SHLVL=1 tells every bash a tool starts that it is a nested shell.
  const env: Record<string, string> = { SHLVL: '1' };
  for (const key of ENV_ALLOWLIST) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  return { ...env, ...extra };
}

interface ProcessSpec {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Describes the call in error messages, e.g. `tool "greet"`. */
  what: string;
  /** Windows: pass `args` as written (a cmd.exe command line), not quoted for a C program. */
  verbatimArguments?: boolean;
  onOutput?: (chunk: string) => void;
}

export interface ProcessResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  truncated: { stdout: boolean; stderr: boolean };
  /** How many bytes the process wrote to each stream, kept or not. */
  written: { stdout: number; stderr: number };
}

class CappedBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  written = 0;
  constructor(private readonly cap: number) {}
  push(chunk: Buffer): void {
    this.written += chunk.length;
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

/** Every process a run starts inherits this variable, so those that leave its process group can still be found. */
const RUN_MARK_VARIABLE = 'SKILLBENCH_RUN_ID';

/** A process of a run that could not be stopped (another user's, e.g. through a setuid program). */
interface Survivor {
  pid: number;
  name: string;
}

interface ProcEntry {
  pid: number;
  ppid: number;
  /** Clock ticks after boot (field 22 of /proc/<pid>/stat). */
  start: number;
  name: string;
}

/** Every process Linux shows in /proc, with parent and start time. */
function linuxProcesses(): ProcEntry[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid ... starttime": comm may hold spaces and parentheses, so split after the last ')'.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      out.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        start: Number(fields[19]),
        name: stat.slice(stat.indexOf('(') + 1, close),
      });
    } catch {
      /* it ended meanwhile */
    }
  }
  return out;
}

function carriesMark(pid: number, mark: string): boolean {
  try {
    const env = readFileSync(`/proc/${pid}/environ`);
    const entry = Buffer.from(`${RUN_MARK_VARIABLE}=${mark}\0`);
    const at = env.indexOf(entry);
    return at === 0 || (at > 0 && env[at - 1] === 0);
  } catch {
    return false; // another user's process, or gone
  }
}

/**
 * The processes a run started, on Linux: the descendants of its first process (also those that called setsid or
 * setpgid, which a process-group kill misses), and every process started since the run began that carries its mark
 * (those whose parent already exited, reparented to init). A process that both leaves and clears its environment
 * is not found.
 */
function linuxRunProcesses(root: number, mark: string | undefined, since: number | undefined): ProcEntry[] {
  const all = linuxProcesses();
  const children = new Map<number, ProcEntry[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found = new Map<number, ProcEntry>();
  const visit = (pid: number) => {
    for (const c of children.get(pid) ?? [])
      if (!found.has(c.pid)) {
        found.set(c.pid, c);
        visit(c.pid);
      }
  };
  visit(root);
  if (mark && since !== undefined)
    for (const p of all)
      if (!found.has(p.pid) && p.pid !== process.pid && p.start >= since && carriesMark(p.pid, mark)) {
        found.set(p.pid, p);
        visit(p.pid);
      }
  return [...found.values()];
}

/** The descendants of `root` on macOS (and other POSIX systems with ps): by parent, as ps shows them. */
function psDescendants(root: number): ProcEntry[] {
  const ps = childProcess().spawnSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid=', '-o', 'comm='], {
    encoding: 'utf8',
  });
  const all = (ps.stdout ?? '')
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .flatMap((m) => (m ? [{ pid: Number(m[1]), ppid: Number(m[2]), start: 0, name: m[3] ?? '' }] : []));
  const found: ProcEntry[] = [];
  const visit = (pid: number) => {
    for (const c of all.filter((p) => p.ppid === pid && !found.includes(p))) {
      found.push(c);
      visit(c.pid);
    }
  };
  visit(root);
  return found;
}

/** When the process started, in /proc clock ticks (Linux), to tell the run's processes from older ones. */
function startTicks(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return undefined;
  }
}

/**
 * Kills a run's processes: its process group (POSIX), then every process it started that left the group (setsid,
 * setpgid, a parent that exited first: found by parent on Linux and macOS, by the run's mark on Linux), or its tree
 * via taskkill on Windows. Answers the processes that could not be killed (issue 12: the message must not claim
 * they were).
 */
function killTree(pid: number, mark?: string, since?: number): Survivor[] {
  if (process.platform === 'win32') {
    childProcess().spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
    return [];
  }
  // The tree first: once the group is killed, its members' children are reparented and the walk loses them.
  const tree = process.platform === 'linux' ? linuxRunProcesses(pid, mark, since) : psDescendants(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  const survivors: Survivor[] = [];
  for (const p of tree) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EPERM') survivors.push({ pid: p.pid, name: p.name });
    }
  }
  return survivors;
}

export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (spec.signal?.aborted) {
      reject(new SkillError('Cancelled', `The call to ${spec.what} was cancelled before it started.`));
      return;
    }
    const mark = nodeCrypto().randomBytes(8).toString('hex');
    const child = childProcess().spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: { ...spec.env, [RUN_MARK_VARIABLE]: mark },
      // A new process group (POSIX) so a timeout can kill grandchildren too.
      detached: process.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: spec.verbatimArguments ?? false,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout = new CappedBuffer(OUTPUT_CAP_BYTES);
    const stderr = new CappedBuffer(OUTPUT_CAP_BYTES);
    const since = child.pid === undefined ? undefined : startTicks(child.pid);
    let settled = false;
    let failure: SkillError | undefined;
    const stop = (error: (stopped: string) => SkillError) => {
      if (failure) return;
      const survivors = child.pid === undefined ? [] : killTree(child.pid, mark, since);
      failure = error(
        survivors.length === 0
          ? 'every process it started was stopped'
          : `these processes it started could not be stopped (they may belong to another user): ${survivors.map((p) => `${p.pid} (${p.name})`).join(', ')}`,
      );
    };
    const timer = setTimeout(
      () =>
        stop(
          (stopped) =>
            new SkillError(
              'Timeout',
              `${capitalise(spec.what)} did not finish within ${spec.timeoutMs / 1000} s and was stopped; ${stopped}. Raise timeoutSecs if it needs longer.`,
            ),
        ),
      spec.timeoutMs,
    );
    const onAbort = () =>
      stop((stopped) => new SkillError('Cancelled', `The call to ${spec.what} was cancelled; ${stopped}.`));
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
            // The system's reason, for callers that word their own message (git missing: core/manage/source.ts).
            { errno: error.code ?? null },
          ),
        ),
      ),
    );
    // When the tool itself exits, whatever it left behind is stopped: a background grandchild would otherwise
    // hold the output pipes open until the timeout (and one that left the group, run on forever).
    child.on('exit', () => {
      if (child.pid !== undefined && process.platform !== 'win32') killTree(child.pid, mark, since);
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
            written: { stdout: stdout.written, stderr: stderr.written },
          });
      }),
    );
    child.stdin.end(spec.stdin ?? '');
  });
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
