// Issue 16, against an MCP server of our own that paginates its lists in pages of 2 and whose resources can be
// subscribed to (test/fixtures/mcp/paging-server.mjs): the Servers view loads more pages on request, shows a
// subscribed resource's updates (also after visiting another tab), and the History shows what an MCP run sent and
// received on the wire, the manifest's locked argument included.
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { FIXTURES } from '../helpers.js';
import { docShot, openSkill, showView, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({
    skills: ['../mcp-paging/paging-caller'],
    mcpServers: {
      paging: { command: process.execPath, args: [join(FIXTURES, 'mcp', 'paging-server.mjs')] },
    },
  });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(server.url);
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

const serverTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Server views' }).getByRole('tab', { name }).click();
const options = (page: Page, list: string) =>
  page.getByRole('listbox', { name: list, exact: true }).getByRole('option');

test('load every page of a server’s lists, and see a subscribed resource’s updates', async ({ page }) => {
  await showView(page, 'Servers');
  await options(page, 'Server').filter({ hasText: 'paging' }).click();
  await serverTab(page, 'Tools');
  const tools = options(page, 'Tool');
  await expect(tools).toHaveCount(2, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Load more tools' }).click();
  await expect(tools).toHaveCount(4);
  await page.getByRole('button', { name: 'Load more tools' }).click();
  await expect(tools).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Load more tools' })).toHaveCount(0);
  await expect(tools.last()).toContainText('fifth');

  await serverTab(page, 'Resources');
  await expect(options(page, 'Resource')).toHaveCount(2);
  await options(page, 'Resource').filter({ hasText: 'paging://note/b' }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
    'paging://note/b version 1',
  );
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  const updates = page.getByRole('region', { name: 'Resource updates' });
  await expect(updates).toContainText('None yet.');

  // Another tab changes the resource; the subscription outlives the Resources tab.
  await serverTab(page, 'Tools');
  await options(page, 'Tool').filter({ hasText: 'touch' }).click();
  await page.getByRole('region', { name: 'Arguments form' }).getByLabel(/^uri/).fill('paging://note/b');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(page.getByRole('region', { name: 'Output' }).getByLabel('Text output')).toHaveText(
    'paging://note/b is now version 2',
  );
  await serverTab(page, 'Resources');
  await expect(updates.getByRole('listitem')).toHaveCount(1);
  await expect(updates).toContainText('paging://note/b');
  await updates.getByRole('button', { name: 'read' }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText(
    'paging://note/b version 2',
  );
  await docShot(page, 'servers-subscription');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
});

test('the History shows an MCP run as it went on the wire, the locked argument included', async ({
  page,
}) => {
  await openSkill(page, 'paging-caller', 'Run');
  await options(page, 'Tool').filter({ hasText: 'greet' }).click();
  await expect(page.getByRole('region', { name: 'Locked arguments' }).getByRole('textbox')).toHaveValue(
    'hello',
    { timeout: 30_000 },
  );
  await page.getByRole('region', { name: 'Arguments form' }).getByLabel(/^name/).fill('Ada');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(page.getByRole('region', { name: 'Output' })).toContainText('"greeting":"hello"');

  await showView(page, 'History');
  const history = page.getByRole('region', { name: 'History' });
  const row = history.getByRole('row').filter({ hasText: 'greet' });
  await row.getByRole('button', { expanded: false }).click();
  const wire = history.getByRole('region', { name: 'On the wire' });
  await expect(wire).toContainText('MCP server paging');
  const sent = JSON.parse((await wire.getByLabel('Request sent').textContent()) ?? '') as {
    method: string;
    params: { name: string; arguments: Record<string, string> };
  };
  expect(sent).toMatchObject({ method: 'tools/call', params: { name: 'echo' } });
  expect(sent.params.arguments).toEqual({ greeting: 'hello', name: 'Ada' });
  await expect(wire.getByLabel('Response received')).toContainText('"result"');
  await docShot(page, 'history-wire');
});
