// Owns where the app's own data lives: the user data folder that the app, `serve` and the CLI share, the name of
// every file and folder in it, and the environment variables that move them.
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The data folder the environment asks for (SKILLBENCH_DATA_DIR), which the app follows too. */
export function dataDirOverride(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.SKILLBENCH_DATA_DIR || undefined;
}

/** The user data folder: SKILLBENCH_DATA_DIR, else the OS's per-user config folder (Electron's own default). */
export function userDataDir(): string {
  const override = dataDirOverride();
  if (override) return override;
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Skillbench');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Skillbench');
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Skillbench');
}

/** The run history, one JSON line per run. */
export const historyFile = (dataDir: string = userDataDir()): string => join(dataDir, 'history.jsonl');

/** Configured model providers (the file the CLI's `--provider NAME` reads); never their keys. */
export const providersFile = (dataDir: string): string => join(dataDir, 'providers.json');

/** Token prices per model, the user's own on top of the shipped ones (models/prices.ts). */
export const pricesFile = (dataDir: string): string => join(dataDir, 'prices.json');

/** Model providers' API keys, apart from providers.json. */
export const providerKeysFile = (dataDir: string): string => join(dataDir, 'provider-keys.json');

/** The app's settings (roots, trust, profile, theme). */
export const settingsFile = (dataDir: string): string => join(dataDir, 'settings.json');

/** MCP sign-ins, keyed by server URL. */
export const mcpCredentialsFile = (dataDir: string): string => join(dataDir, 'mcp-credentials.json');

/** Which skills' descriptions collide: the last matrix the app measured. */
export const evalCollisionsFile = (dataDir: string): string => join(dataDir, 'eval-collisions.json');

/** Trigger and collision runs sent as batches and not yet collected, one file per batch (evals/batch-jobs.ts). */
export const batchJobsDir = (dataDir: string): string => join(dataDir, 'batches');

/** Model responses kept for re-runs, one file per request. */
export const evalCacheDir = (dataDir: string): string => join(dataDir, 'eval-cache');

/** Unsaved editor buffers kept across a crash. */
export const draftsDir = (dataDir: string): string => join(dataDir, 'drafts');

/** The app's rotating log. */
export const logsDir = (dataDir: string): string => join(dataDir, 'logs');

/** The app window's size and place. */
export const windowStateFile = (dataDir: string): string => join(dataDir, 'window-state.json');

/** The folders recently opened in the app. */
export const recentFoldersFile = (dataDir: string): string => join(dataDir, 'recent-folders.json');

/** Where `owner/repo` shorthand sources are cloned from instead of GitHub (SKILLBENCH_GIT_BASE: mirrors, tests). */
export function gitBase(): string | undefined {
  return process.env.SKILLBENCH_GIT_BASE?.trim() || undefined;
}

/** `gitBase()` as the option source parsing takes: absent when GitHub itself is meant. */
export function gitBaseOption(): { gitBase?: string } {
  const base = gitBase();
  return base ? { gitBase: base } : {};
}
