// Issue 16: signing in to an OAuth MCP server from the app's host: the browser opened through the platform (the
// app: shell.openExternal), an `mcp:sign-in` event for the window (browser mode shows the link), and the tokens
// written encrypted with the platform's cipher (the app: safeStorage) to the data folder.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../../electron/host/host.js';
import { mcpCredentialsFile } from '../../../electron/core/app-data.js';
import { copyFixtures, REPO } from '../../helpers.js';
import { signIn, startOAuthServer, type OAuthTestServer } from '../../oauth-server.js';

const cipher = {
  encrypt: (s: string) => `enc:${Buffer.from(s).toString('base64')}`,
  decrypt: (s: string) => Buffer.from(s.replace(/^enc:/, ''), 'base64').toString(),
};

describe('signing in to an MCP server from the app', () => {
  let auth: OAuthTestServer;
  beforeAll(async () => {
    auth = await startOAuthServer();
  });
  afterAll(() => auth.close());

  it('opens the browser, tells the window, and keeps the tokens encrypted', async () => {
    const data = mkdtempSync(join(tmpdir(), 'skillbench-signin-'));
    const opened: string[] = [];
    const host = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: data,
      projectRoots: [copyFixtures('mcp-oauth')],
      trustProjectRoots: true,
      watch: false,
      platform: {
        credentialCipher: cipher,
        openExternal: async (url) => {
          opened.push(url);
          await signIn(url);
        },
      },
    });
    const signIns: unknown[] = [];
    host.on('mcp:sign-in', (e) => signIns.push(e));
    expect(
      await host.handle('settings:set', {
        settings: { mcpServers: { remote: { type: 'http', url: auth.mcpUrl } } },
      }),
    ).toMatchObject({ ok: true });
    const skills = (await host.handle('skills:list', {})) as {
      value: { entries: Array<{ id: string; skill?: { name: string } }> };
    };
    const caller = skills.value.entries.find((s) => s.skill?.name === 'remote-caller');
    const run = await host.handle('tools:run', {
      runId: 'signin',
      skillId: caller?.id,
      tool: 'whoami',
      args: {},
    });
    expect(run, JSON.stringify(run)).toMatchObject({
      ok: true,
      value: { output: expect.stringMatching(/^client client-/) as string },
    });
    expect(opened).toHaveLength(1);
    expect(signIns).toEqual([
      { server: 'remote', state: 'waiting', url: opened[0] },
      { server: 'remote', state: 'done' },
    ]);
    const kept = readFileSync(mcpCredentialsFile(data), 'utf8');
    expect(kept).not.toContain('access_token');
    expect(
      JSON.parse(cipher.decrypt((JSON.parse(kept) as Record<string, string>)[auth.mcpUrl] ?? '')),
    ).toMatchObject({
      tokens: { token_type: expect.stringMatching(/bearer/i) as string },
    });
    await host.close();
  });
});
