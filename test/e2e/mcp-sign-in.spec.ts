// Issue 16: a remote MCP server that needs OAuth, in browser mode: running a tool that calls it shows a banner
// with the server's sign-in page (a browser tab cannot open another program); signing in there, in a new tab,
// lets the call go on, and the banner goes away. Against an authorization server of our own on loopback.
import { expect, test } from '@playwright/test';
import { startOAuthServer, type OAuthTestServer } from '../oauth-server.js';
import { docShot, openSkill, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let auth: OAuthTestServer;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  auth = await startOAuthServer();
  server = await startServe({
    skills: ['../mcp-oauth/remote-caller'],
    mcpServers: { remote: { type: 'http', url: auth.mcpUrl } },
  });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(server.url);
});
test.afterEach(async () => {
  server.stop();
  await auth.close();
  expect(pageErrors).toEqual([]);
});

test('signing in to an MCP server from the banner lets the waiting call finish', async ({
  page,
  context,
}) => {
  // The runner lists the tool's schema from the server: that first call is the one that needs the sign-in.
  await openSkill(page, 'remote-caller', 'Run');
  const banner = page.getByRole('status', { name: 'MCP sign-ins' });
  await expect(banner).toContainText('MCP server remote asks you to sign in');
  const link = banner.getByRole('link', { name: 'Open the sign-in page' });
  await expect(link).not.toBeFocused();
  await docShot(page, 'mcp-sign-in');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await tab.close();
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(page.getByRole('region', { name: 'Output' })).toContainText('client client-1');
});
