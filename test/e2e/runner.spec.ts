// The runner: forms generated from the advertised schemas, kept in sync with the JSON editor; built-in, shell and MCP
// tools; cancel; history replay; saved cases.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { docShot, MOD, openSkill, shot, showView, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ workbench: true });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(server.url);
  await openSkill(page, 'runner-demo', 'Run');
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

const pickTool = (page: Page, name: string) =>
  page.getByRole('listbox', { name: 'Tool' }).getByRole('option').filter({ hasText: name }).click();
const form = (page: Page) => page.getByRole('region', { name: 'Arguments form' });
const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const jsonEditor = (page: Page) => page.locator('.json-editor .view-lines');

test('run a built-in tool from the form, with Ctrl/Cmd+Enter; the JSON editor follows', async ({ page }) => {
  await pickTool(page, 'say');
  await expect(form(page).getByText('text is required.')).toBeVisible();
  // Run waits for valid arguments and says why next to the button.
  await expect(page.getByRole('button', { name: 'Run tool' })).toBeDisabled();
  await expect(page.locator('#run-reason')).toHaveText('text is required.');
  await form(page).getByLabel(/^text/).fill('hello from the form');
  await expect(form(page).getByText('text is required.')).toHaveCount(0);
  await expect(jsonEditor(page)).toContainText('"text": "hello from the form"');
  await page.keyboard.press(`${MOD}+Enter`);
  await expect(output(page).getByText('OK')).toBeVisible();
  await expect(output(page).getByLabel('Text output')).toHaveText('hello from the form');
  await docShot(page, 'runner');
});

test('typing JSON in the JSON editor fills the form', async ({ page }) => {
  await pickTool(page, 'say');
  await jsonEditor(page).click();
  await page.keyboard.press(`${MOD}+a`);
  await page.keyboard.type('x');
  await expect(page.getByText(/Not valid JSON/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run tool' })).toBeDisabled();
  await page.keyboard.press(`${MOD}+a`);
  // Monaco closes the brace and the quotes as they are typed (at a human pace: Monaco's input handling in
  // headless Chromium drops keys sent with no delay at all).
  await page.keyboard.type('{"text": "from json', { delay: 40 });
  await expect(form(page).getByLabel(/^text/)).toHaveValue('from json');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByLabel('Text output')).toHaveText('from json');
});

test('fill a nested object and an array of objects; the tool receives exactly that', async ({ page }) => {
  await pickTool(page, 'order');
  const f = form(page);
  await f.getByLabel(/^name/).fill('Ada');
  await f.getByLabel('email').fill('not-an-email');
  await expect(
    f
      .getByText(/email/i)
      .filter({ hasText: /format|email/ })
      .last(),
  ).toBeVisible();
  await f.getByLabel('email').fill('ada@example.com');
  await f.getByRole('button', { name: 'Add item to items' }).click();
  await f.getByRole('button', { name: 'Add item to items' }).click();
  await f.getByLabel(/^sku/).nth(0).fill('A-1');
  await f.getByLabel(/^qty/).nth(0).fill('2');
  await f.getByLabel(/^sku/).nth(1).fill('B-2');
  await f.getByLabel(/^qty/).nth(1).fill('0');
  await expect(f.getByText('qty must be at least 1.')).toBeVisible();
  await f.getByLabel(/^qty/).nth(1).fill('5');
  await f.getByRole('button', { name: 'Move items item 2 up' }).click();
  await shot(page, 'runner-nested');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByText('OK')).toBeVisible();
  const printed = JSON.parse((await output(page).getByLabel('Text output').textContent()) ?? '') as unknown;
  expect(printed).toEqual({
    customer: { name: 'Ada', email: 'ada@example.com' },
    items: [
      { sku: 'B-2', qty: 5 },
      { sku: 'A-1', qty: 2 },
    ],
  });
  await output(page).getByRole('button', { name: 'JSON' }).click();
  await expect(output(page).getByLabel('JSON output')).toContainText('customer');
  await docShot(page, 'runner-nested');
});

test('run an MCP tool on server-everything', async ({ page }) => {
  await pickTool(page, 'everything-echo');
  await expect(form(page).getByLabel(/^message/)).toBeVisible({ timeout: 20_000 });
  await form(page)
    .getByLabel(/^message/)
    .fill('through MCP');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByLabel('Text output')).toContainText('Echo: through MCP', {
    timeout: 20_000,
  });
});

test('cancel a long tool', async ({ page }) => {
  await pickTool(page, 'slow');
  await expect(form(page).getByLabel('seconds')).toHaveValue('30');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Running…/ })).toBeVisible();
  await shot(page, 'runner-running');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(output(page).getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Run tool' })).toBeEnabled();
});

test('replay a run from the history into the form', async ({ page }) => {
  await pickTool(page, 'say');
  await form(page).getByLabel(/^text/).fill('remember me');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByLabel('Text output')).toHaveText('remember me');
  await showView(page, 'History');
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('searchbox', { name: 'Search history' }).fill('remember');
  const row = history.getByRole('row').filter({ hasText: 'say' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Pin' }).click();
  await expect(row.getByRole('button', { name: 'Unpin' })).toBeVisible();
  await docShot(page, 'history');
  await row.getByRole('button', { name: 'Replay' }).click();
  await expect(form(page).getByLabel(/^text/)).toHaveValue('remember me');
  await expect(
    page.getByRole('listbox', { name: 'Tool' }).getByRole('option', { selected: true }),
  ).toContainText('say');
});

test('save a call as a case, then run the saved cases and see pass/fail', async ({ page }) => {
  await pickTool(page, 'say');
  await form(page).getByLabel(/^text/).fill('case text');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByLabel('Text output')).toHaveText('case text');
  await page.getByRole('button', { name: 'Save as case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this call as a case' });
  await dialog.getByLabel('Name').fill('my-case');
  await dialog.getByRole('button', { name: 'Save case' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = JSON.parse(
    readFileSync(join(server.library, 'runner-demo', 'tests', 'my-case.case.json'), 'utf8'),
  ) as unknown;
  expect(saved).toEqual({
    tool: 'say',
    args: { text: 'case text' },
    expect: { isError: false, contains: 'case text' },
  });
  const cases = page.getByRole('region', { name: 'Saved cases' });
  await expect(cases.getByText('my-case')).toBeVisible();
  await cases.getByRole('button', { name: 'Run all cases' }).click();
  await expect(cases.getByText('2 of 3 passed')).toBeVisible();
  await expect(
    cases.getByRole('listitem').filter({ hasText: 'say-wrong' }).getByText('✗ fail'),
  ).toBeVisible();
  await expect(cases.getByText(/goodbye/)).toBeVisible();
  await docShot(page, 'runner-cases');
});

test('locked arguments are shown read-only and sent by the host, not the form', async ({ page }) => {
  await pickTool(page, 'greet-team');
  const locked = page.getByRole('region', { name: 'Locked arguments' });
  await expect(locked.getByLabel('team')).toHaveValue('platform');
  await expect(locked.getByLabel('team')).toHaveAttribute('readonly', '');
  await expect(form(page).getByLabel('team')).toHaveCount(0);
  await form(page)
    .getByLabel(/^person/)
    .fill('Ada');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByLabel('Text output')).toHaveText('Hello Ada from platform');
});

test('a tool error shows its state, exit code and standard error', async ({ page }) => {
  await pickTool(page, 'fail');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByText('Tool error')).toBeVisible();
  await expect(output(page).getByText(/exit 3/)).toBeVisible();
  await expect(output(page).locator('details.stderr')).toContainText('disk full');
  await shot(page, 'runner-tool-error');
});

test('an MCP tool returning an image shows the image', async ({ page }) => {
  await pickTool(page, 'tiny-image');
  await page.getByRole('button', { name: 'Run tool' }).click();
  const image = output(page).getByRole('img', { name: /Image 1 \(image\/png\)/ });
  await expect(image).toBeVisible({ timeout: 20_000 });
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
