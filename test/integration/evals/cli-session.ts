// What every `skillbench eval` CLI test file sets up: one fake model server for the file, and per test a fresh data
// folder, ANTHROPIC_API_KEY set, the environment restored after, and the trigger routes as the default script.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastUserText, startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { router } from './routes.js';

export function useCliSession(): { readonly server: FakeModelServer } {
  let server: FakeModelServer | undefined;
  let saved: NodeJS.ProcessEnv;
  beforeAll(async () => {
    server = await startFakeModelServer(() => ({ text: 'unset' }));
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    saved = { ...process.env };
    process.env.ANTHROPIC_API_KEY = 'cli-key';
    process.env.SKILLBENCH_DATA_DIR = mkdtempSync(join(tmpdir(), 'skillbench-eval-data-'));
    const route = router();
    if (!server) throw new Error('the fake model server did not start');
    server.received.length = 0;
    server.script = (req) => route(lastUserText(req));
  });
  afterEach(() => {
    process.env = saved;
  });
  return {
    get server() {
      if (!server) throw new Error('the fake model server did not start');
      return server;
    },
  };
}
