// Dropping on the window in browser mode: the drop is taken (the page does not navigate away to the file) and the app
// says that dropped folders open in the desktop app, where the preload knows their path. Settings hold the switch
// for automatic update checks, saved like every other setting.
import { expect, test } from '@playwright/test';
import { watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ workbench: true });
  await page.goto(server.url);
  await expect(page.getByText(/\d+ of \d+ skills/)).toBeVisible();
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

test('a folder dropped in browser mode is taken and explained, not lost to a navigation', async ({
  page,
}) => {
  const url = page.url();
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['PK'], 'pdf.skill'));
    return transfer;
  });
  await page.dispatchEvent('main', 'dragover', { dataTransfer: dropped });
  await page.dispatchEvent('main', 'drop', { dataTransfer: dropped });
  await expect(page.getByRole('alert')).toContainText(
    'Skillbench did not open pdf.skill: dropped files and folders open in the desktop app',
  );
  expect(page.url()).toBe(url);
  await expect(page.getByText(/\d+ of \d+ skills/)).toBeVisible();
});

test('automatic update checks can be turned off in Settings', async ({ page }) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const box = page.getByRole('checkbox', { name: /Check for new versions automatically/ });
  await expect(box).toBeChecked();
  await box.click(); // controlled by the saved settings: it changes once the host saved it
  await expect(box).not.toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(
    page.getByRole('checkbox', { name: /Check for new versions automatically/ }),
  ).not.toBeChecked();
});
