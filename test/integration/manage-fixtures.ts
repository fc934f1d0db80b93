// What the manage tests set up again and again (issue 17), plain Node so the vitest and Playwright tests share it:
// a git repository of the fixture skills, and the environment that puts every agent folder in a temporary home.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURES } from '../helpers.js';

/** Copies test/fixtures/manage/repo to `dir`, commits it on `main`, and answers its file:// URL. */
export function fixtureRepo(dir: string): string {
  cpSync(join(FIXTURES, 'manage', 'repo'), dir, { recursive: true });
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', '-A'],
    ['commit', '-q', '-m', 'skills'],
  ])
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: dir });
  return pathToFileURL(dir).href;
}

/** The environment that puts the agents' user folders, and the OS trash, under `tmp` (never the real home). */
export function agentHomeEnv(tmp: string): Record<string, string> {
  return {
    SKILLBENCH_HOME: join(tmp, 'home'),
    XDG_CONFIG_HOME: '',
    XDG_STATE_HOME: '',
    CODEX_HOME: '',
    CLAUDE_CONFIG_DIR: '',
    XDG_DATA_HOME: join(tmp, 'data'), // the freedesktop trash
  };
}
