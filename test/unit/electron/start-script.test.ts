// `npm start` (scripts/start.js, issue 19): Electron must start as Electron. ELECTRON_RUN_AS_NODE, set by terminals
// that are themselves Electron apps (VS Code's, for one), would make the binary run as plain Node and reject
// Chromium's switches; the script clears it for the app it starts.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers.js';

interface StartScript {
  electronEnvironment: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
}
// Importing the script does not run it (it runs only as `node scripts/start.js`).
const load = async () => (await import(pathToFileURL(join(REPO, 'scripts', 'start.js')).href)) as StartScript;

describe('npm start', () => {
  it('starts Electron without ELECTRON_RUN_AS_NODE, keeping the rest of the environment', async () => {
    const { electronEnvironment } = await load();
    const env = { ELECTRON_RUN_AS_NODE: '1', PATH: '/usr/bin', HOME: '/home/me' };
    expect(electronEnvironment(env)).toEqual({ PATH: '/usr/bin', HOME: '/home/me' });
    expect(env.ELECTRON_RUN_AS_NODE).toBe('1'); // the caller's environment is not changed
  });
});
