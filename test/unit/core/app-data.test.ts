// Every data file the app, `serve` and the CLI share has one name, in the one data folder (names.test.ts shows that
// the app and the CLI agree on the folder itself).
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as appData from '../../../electron/core/app-data.js';

afterEach(() => vi.unstubAllEnvs());

const inFolder = [
  appData.historyFile,
  appData.providersFile,
  appData.providerKeysFile,
  appData.mcpCredentialsFile,
  appData.evalCollisionsFile,
  appData.evalCacheDir,
  appData.draftsDir,
  appData.logsDir,
  appData.windowStateFile,
  appData.recentFoldersFile,
];

describe('app data', () => {
  it('puts each file directly in the data folder, under a name of its own', () => {
    const names = inFolder.map((at) => {
      const path = at('/data');
      expect(path.startsWith(join('/data', '/'))).toBe(true);
      return path.slice(join('/data', '/').length);
    });
    for (const name of names) expect(name).toMatch(/^[\w.-]+$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('follows SKILLBENCH_DATA_DIR, an empty one meaning none', () => {
    vi.stubEnv('SKILLBENCH_DATA_DIR', '/elsewhere');
    expect(appData.userDataDir()).toBe('/elsewhere');
    expect(appData.historyFile()).toBe(join('/elsewhere', 'history.jsonl'));
    expect(appData.dataDirOverride({ SKILLBENCH_DATA_DIR: '' })).toBeUndefined();
  });

  it('reads SKILLBENCH_GIT_BASE trimmed, a blank one meaning GitHub', () => {
    vi.stubEnv('SKILLBENCH_GIT_BASE', '  http://mirror.test/git ');
    expect(appData.gitBase()).toBe('http://mirror.test/git');
    vi.stubEnv('SKILLBENCH_GIT_BASE', '   ');
    expect(appData.gitBase()).toBeUndefined();
  });
});
