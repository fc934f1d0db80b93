// @vitest-environment jsdom
// Issue 16: in browser mode nobody can open the OS browser for an MCP server's sign-in, so a banner carries the
// link; the call waits until the user has signed in, then the banner goes away. Against a real host and an OAuth
// server of our own on loopback.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostApi } from '../../../../shared/ipc.js';
import type { LibraryEntry } from '../../../../shared/types.js';
import { Host } from '../../../../electron/host/host.js';
import { SignInNotices } from '../../../../renderer/src/shell/SignInNotices.js';
import { copyFixtures, hostApi, REPO } from '../../../helpers.js';
import { signIn, startOAuthServer, type OAuthTestServer } from '../../../oauth-server.js';

afterEach(cleanup);

describe('MCP sign-in banner', () => {
  let auth: OAuthTestServer;
  beforeAll(async () => {
    auth = await startOAuthServer();
  });
  afterAll(() => auth.close());

  it('shows the sign-in link while the call waits, and goes away once signed in', async () => {
    const host = new Host({
      bundledSkills: join(REPO, 'skills'),
      userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-signin-ui-')),
      projectRoots: [copyFixtures('mcp-oauth')],
      trustProjectRoots: true,
      watch: false,
    });
    const api: HostApi = hostApi(host);
    render(<SignInNotices host={api} />);
    await host.handle('settings:set', {
      settings: { mcpServers: { remote: { type: 'http', url: auth.mcpUrl } } },
    });
    const list = (await host.handle('skills:list', {})) as { value: { entries: LibraryEntry[] } };
    const skillId = list.value.entries.find((e) => e.skill?.name === 'remote-caller')?.id;
    const running = host.handle('tools:run', { runId: 'ui', skillId, tool: 'whoami', args: {} });

    const banner = await screen.findByRole('status', { name: 'MCP sign-ins' });
    expect(banner.textContent).toMatch(/MCP server remote asks you to sign in/);
    const link = screen.getByRole('link', { name: 'Open the sign-in page' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toMatch(new RegExp(`^${auth.url}/authorize\\?`));
    // The user follows the link; the authorization server sends the browser back to the host's loopback listener.
    await signIn(link.getAttribute('href') ?? '');
    expect(await running).toMatchObject({ ok: true });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'MCP sign-ins' })).toBeNull());
    await host.close();
  });
});
