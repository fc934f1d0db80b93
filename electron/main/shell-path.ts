// Owns the PATH tools run with when the app was started from the desktop (Finder, the Dock, a .desktop file): such
// launches get a minimal PATH (/usr/bin:/bin:/usr/sbin:/sbin on macOS), so `node`, `python3` or `uv` installed
// with Homebrew, nvm or pipx are not found. The user's login shell is asked once, and its PATH goes first (issue 19).
import { execFile } from 'node:child_process';
import { delimiter } from 'node:path';

const MARK = '__SKILLBENCH_PATH__';
const answers = new Map<string, Promise<string | undefined>>();

/**
 * The PATH an interactive login shell sets up (rc files included, where nvm and Homebrew add theirs), or undefined
 * when the shell fails or takes longer than `timeoutMs`. Markers around the value skip whatever the rc files print.
 * Each shell is asked once per launch.
 */
export function loginShellPath(shell: string, timeoutMs = 5000): Promise<string | undefined> {
  const known = answers.get(shell);
  if (known) return known;
  const answer = new Promise<string | undefined>((resolve) => {
    execFile(
      shell,
      ['-ilc', `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`],
      // No oh-my-zsh update prompt, no tty: the shell must not wait for the user.
      { timeout: timeoutMs, encoding: 'utf8', env: { ...process.env, DISABLE_AUTO_UPDATE: 'true' } },
      (error, stdout) => {
        const value = error ? undefined : stdout.split(MARK)[1];
        resolve(value?.trim() ? value.trim() : undefined);
      },
    );
  });
  answers.set(shell, answer);
  return answer;
}

/** `first` then the entries of `then` it lacks; empty entries dropped. */
export function mergePaths(first: string, then: string | undefined, sep = delimiter): string {
  return [...new Set([...first.split(sep), ...(then ?? '').split(sep)].filter(Boolean))].join(sep);
}

/**
 * Puts the login shell's PATH first in `env` for a packaged app on macOS or Linux. A launch from a terminal
 * (`npm start`) already has the user's PATH, and Windows apps inherit the user's PATH from the system.
 */
export async function adoptLoginShellPath(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  isPackaged: boolean,
): Promise<void> {
  if (!isPackaged || platform === 'win32') return;
  const shell = env.SHELL || (platform === 'darwin' ? '/bin/zsh' : '/bin/sh');
  const path = await loginShellPath(shell);
  if (path) env.PATH = mergePaths(path, env.PATH, ':');
}
