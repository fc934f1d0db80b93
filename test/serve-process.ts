// Starts the built `skillbench serve` as a real process (so a crash is an exit, and its memory is its own), trades the
// printed link's one-time code for the session token as the page does, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './helpers.js';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  origin: string;
  port: number;
  /** The session token (after the trade); undefined with `trade: false`. */
  token: string | undefined;
  stderr: string[];
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startServeProcess(
  roots: string[],
  options: { env?: NodeJS.ProcessEnv; args?: string[]; trade?: boolean } = {},
): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [join(REPO, 'bin', 'skillbench.js'), 'serve', ...roots, ...(options.args ?? [])],
    {
      env: {
        ...process.env,
        SKILLBENCH_DATA_DIR: mkdtempSync(join(tmpdir(), 'skillbench-serve-data-')),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  child.stderr?.on('data', (c: Buffer) => stderr.push(...c.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#code=\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    void exited.then((code) =>
      reject(new Error(`skillbench serve exited with ${String(code)}: ${stderr.join('\n')}`)),
    );
  });
  const { origin, port, hash } = new URL(url);
  let token: string | undefined;
  if (options.trade !== false) {
    const r = await fetch(`${origin}/auth/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: hash.slice('#code='.length) }),
    });
    token = ((await r.json()) as { token: string }).token;
  }
  return {
    child,
    url,
    origin,
    port: Number(port),
    token,
    stderr,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
