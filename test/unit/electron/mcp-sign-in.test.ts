// Issue 16: in the app, an MCP server's sign-in page opens in the OS browser (shell.openExternal) and the tokens are
// kept encrypted by the OS keychain (safeStorage), driven through Electron main on the fake electron module.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryEntry, RootInfo } from '../../../shared/types.js';
import { mcpCredentialsFile } from '../../../electron/core/app-data.js';
import { copyFixtures } from '../../helpers.js';
import { signIn, startOAuthServer, type OAuthTestServer } from '../../oauth-server.js';
import { launch } from './launch.js';

describe('MCP sign-ins in the app', () => {
  let auth: OAuthTestServer;
  beforeAll(async () => {
    auth = await startOAuthServer();
  });
  afterAll(() => auth.close());

  it('open the sign-in page in the OS browser and keep the tokens encrypted by safeStorage', async () => {
    const l = await launch();
    try {
      const root = copyFixtures('mcp-oauth');
      const value = async <T>(channel: string, request: unknown = {}) =>
        ((await l.call(channel, request)) as { ok: true; value: T }).value;
      const roots = await value<RootInfo[]>('roots:add', { path: root });
      const id = roots.find((r) => r.kind === 'user')?.id;
      await value('roots:trust', { id, trusted: true });
      await value('settings:set', {
        settings: { mcpServers: { remote: { type: 'http', url: auth.mcpUrl } } },
      });
      const { entries } = await value<{ entries: LibraryEntry[] }>('skills:list');
      const skillId = entries.find((e) => e.skill?.name === 'remote-caller')?.id;
      const running = l.call('tools:run', { runId: 'sign-in', skillId, tool: 'whoami', args: {} });
      for (let i = 0; i < 100 && l.fake.opened.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(l.fake.opened).toHaveLength(1);
      // The user signs in in the browser, which comes back to the app's loopback listener.
      await signIn(l.fake.opened[0] ?? '');
      expect(await running).toMatchObject({
        ok: true,
        value: { output: expect.stringMatching(/^client /) as string },
      });

      const file = mcpCredentialsFile(l.fake.electron.app.getPath('userData'));
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      expect(JSON.stringify(kept)).not.toContain('access_token');
      const clear = l.fake.electron.safeStorage.decryptString(Buffer.from(kept[auth.mcpUrl] ?? '', 'base64'));
      expect(JSON.parse(clear)).toMatchObject({ tokens: { access_token: expect.any(String) as string } });
    } finally {
      await l.handle.quit();
    }
  });
});
