// Workspace trust (issue 12): a library nobody trusted yet runs nothing it supplies; the banner shows exactly what
// would run, and trusting the folder lets its tools run.
import { expect, test } from '@playwright/test';
import { docShot, openSkill, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ workbench: true, trust: false });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(server.url);
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

test('an untrusted folder runs no shell tool until the user trusts it from the banner', async ({ page }) => {
  await openSkill(page, 'runner-demo', 'Run');
  const banner = page.getByRole('region', { name: 'Workspace trust' });
  await expect(banner).toContainText('a folder you have not trusted');
  // Nothing in the banner has focus by itself: trusting is a click, never a stray keystroke.
  await expect(banner.getByRole('button', { name: 'Trust this folder' })).not.toBeFocused();
  const failTool = page
    .getByRole('listbox', { name: 'Tool' })
    .getByRole('option')
    .filter({ hasText: 'fail' });
  await expect(failTool).toContainText('restricted');
  await failTool.click();
  await page.getByRole('button', { name: 'Run tool' }).click();
  const output = page.getByRole('region', { name: 'Output' });
  await expect(output).toContainText('Failed: PermissionDenied');
  await expect(output).toContainText('which you have not trusted');
  await banner.getByRole('button', { name: 'Show what would run' }).click();
  await expect(banner).toContainText("echo 'disk full' >&2; exit 3");
  await expect(banner).toContainText('everything');
  await docShot(page, 'trust-banner');
  await banner.getByRole('button', { name: 'Trust this folder' }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output).toContainText('disk full');
  await expect(output).not.toContainText('PermissionDenied');
});
