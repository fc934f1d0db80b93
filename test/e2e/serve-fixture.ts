// Starts `skillbench serve` on a temporary copy of the bundled skills with its own data folder, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { EVERYTHING_SERVER, REPO } from '../helpers.js';

export { REPO };

export interface Served {
  /** The printed link: its one-time `#code=` opens one page (the page keeps the session in its tab). */
  url: string;
  origin: string;
  /** The temporary library (a project root the app may write to). */
  library: string;
  stop(): void;
}

/**
 * `workbench: true` adds the runner fixture (built-in, shell, nested-schema, slow and MCP tools, saved cases) and an
 * mcp.json that starts the reference server-everything. The library is trusted (`--trust`) unless `trust: false`.
 */
export async function startServe(
  options: {
    workbench?: boolean;
    trust?: boolean;
    /** More fixture skills (under test/fixtures/skills). */ skills?: string[];
    /** MCP servers for the library's .skillbench/mcp.json (beside server-everything with `workbench`). */
    mcpServers?: Record<string, unknown>;
    /** More environment for serve (e.g. SKILLBENCH_HOME: a temporary home for the agents' user folders). */
    env?: Record<string, string>;
    /** More project folders for serve, after the library. */
    projects?: string[];
    /** Writes more into the library (the first project) before serve starts. */
    prepare?: (library: string) => void;
  } = {},
): Promise<Served> {
  const work = mkdtempSync(join(tmpdir(), 'skillbench-e2e-'));
  const library = join(work, 'library');
  cpSync(join(REPO, 'test', 'fixtures', 'editing'), library, { recursive: true });
  for (const name of ['desc-comment', 'Bad_Name', ...(options.skills ?? [])]) {
    cpSync(join(REPO, 'test', 'fixtures', 'skills', name), join(library, basename(name)), {
      recursive: true,
    });
  }
  if (options.workbench) cpSync(join(REPO, 'test', 'fixtures', 'workbench'), library, { recursive: true });
  options.prepare?.(library);
  const mcpServers = {
    ...(options.workbench
      ? { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } }
      : {}),
    ...options.mcpServers,
  };
  if (Object.keys(mcpServers).length) {
    mkdirSync(join(library, '.skillbench'), { recursive: true });
    writeFileSync(join(library, '.skillbench', 'mcp.json'), JSON.stringify({ mcpServers }));
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(REPO, 'bin', 'skillbench.js'),
      'serve',
      join(work, 'library'),
      ...(options.projects ?? []),
      ...(options.trust === false ? [] : ['--trust']),
    ],
    {
      env: { ...process.env, SKILLBENCH_DATA_DIR: join(work, 'data'), ...options.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#code=\S+)/.exec(c.toString());
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`skillbench serve exited with ${String(code)}`)));
  });
  return { url, origin: new URL(url).origin, library, stop: () => child.kill() };
}
