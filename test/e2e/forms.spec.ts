// Issue 13's forms end to end: the fixture skill form-shapes echoes what it receives, so each test fills a form
// through its controls, runs the tool and compares what arrived with what the form and the JSON pane showed.
import { expect, test, type Page } from '@playwright/test';
import { docShot, jsonPane, openSkill, shownJson, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ skills: ['form-shapes'] });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
  await openSkill(page, 'form-shapes', 'Run');
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

const pickTool = (page: Page, name: string) =>
  page
    .getByRole('listbox', { name: 'Tool' })
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .click();
const form = (page: Page) => page.getByRole('region', { name: 'Arguments form' });
const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const runButton = (page: Page) => page.getByRole('button', { name: 'Run tool' });

/** Runs the tool and returns what the echo script received; it must equal what the JSON pane showed. */
async function runAndEcho(page: Page): Promise<unknown> {
  const shown = await shownJson(page);
  await runButton(page).click();
  await expect(output(page).getByText('OK')).toBeVisible();
  const received = JSON.parse((await output(page).getByLabel('Text output').textContent()) ?? '') as unknown;
  expect(received).toEqual(shown);
  return received;
}

test('union switching: a root anyOf keeps the pick; errors inside the branch block Run with the reason', async ({
  page,
}) => {
  await pickTool(page, 'search');
  const variant = form(page).getByLabel('Arguments: variant');
  await variant.selectOption({ label: 'By id' });
  await expect(variant).toHaveValue('1');
  await expect(page.locator('#run-reason')).toHaveText('Id is required for a by id.');
  await expect(runButton(page)).toBeDisabled();
  await form(page).getByLabel('Id').fill('42');
  await expect(variant).toHaveValue('1');
  expect(await runAndEcho(page)).toEqual({ id: 42 });

  await pickTool(page, 'shape');
  await expect(form(page).getByText('Radius is required for a circle.')).toBeVisible();
  await expect(page.locator('#run-reason')).toHaveText('Radius is required for a circle.');
  await docShot(page, 'runner-form-union');
  // "Run anyway" sends the value as shown: the host refuses it in the same words.
  await page.getByRole('button', { name: 'Run anyway' }).click();
  await expect(output(page)).toContainText('Radius is required for a circle. (/shape/radius)');
  await form(page).getByLabel('Shape: variant').selectOption({ label: 'Square' });
  await form(page).getByLabel('Side').fill('3');
  expect(await runAndEcho(page)).toEqual({ shape: { kind: 'square', side: 3 } });
});

test('nullable: a null default switches to a fresh blank and back', async ({ page }) => {
  await pickTool(page, 'nullable-default-null');
  const toggle = form(page).getByLabel('Zip code: null');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await form(page).getByLabel('Zip code', { exact: true }).fill('75001');
  await docShot(page, 'runner-form-nullable');
  expect(await runAndEcho(page)).toEqual({ zip: '75001' });
  await form(page).getByLabel('Zip code: null').check();
  expect(await runAndEcho(page)).toEqual({ zip: null });
});

test('maps: add, rename and remove key/value rows', async ({ page }) => {
  await pickTool(page, 'env-map');
  const f = form(page);
  await f.getByRole('button', { name: 'Add entry to Environment' }).click();
  await f.getByLabel('Environment: key 1').fill('HOME');
  await f.getByLabel('Environment: HOME').fill('/root');
  await f.getByRole('button', { name: 'Add entry to Environment' }).click();
  await f.getByLabel('Environment: key 2').fill('HOME');
  await expect(f.getByText('The key "HOME" is already used.')).toBeVisible();
  await expect(runButton(page)).toBeDisabled();
  await f.getByLabel('Environment: key 2').fill('LANG');
  await f.getByLabel('Environment: LANG').fill('C');
  await docShot(page, 'runner-form-map');
  expect(await runAndEcho(page)).toEqual({ env: { HOME: '/root', LANG: 'C' } });
  await f.getByRole('button', { name: 'Remove HOME from Environment' }).click();
  expect(await runAndEcho(page)).toEqual({ env: { LANG: 'C' } });
});

test('recursion: a tree of nested forms, and optional branches expanded on demand', async ({ page }) => {
  await pickTool(page, 'tree');
  const f = form(page);
  await f.getByLabel('Label').first().fill('top');
  await f.getByRole('button', { name: 'Add item to Children' }).click();
  await f.getByLabel('Label').nth(1).fill('child');
  expect(await runAndEcho(page)).toEqual({ root: { label: 'top', children: [{ label: 'child' }] } });

  await pickTool(page, 'binary');
  await f.getByLabel('Value').fill('1');
  await f.getByRole('button', { name: 'Expand Left' }).click();
  await f.getByLabel('Value').nth(1).fill('2');
  await docShot(page, 'runner-form-recursive');
  expect(await runAndEcho(page)).toEqual({ value: 1, left: { value: 2 } });
});

test('allOf: one form with the rules of every part', async ({ page }) => {
  await pickTool(page, 'all-of');
  const f = form(page);
  await f.getByLabel('Id').fill('a');
  await f.getByLabel('Note').fill('n');
  await expect(f.getByText('Id must be at least 2 characters long.')).toBeVisible();
  await f.getByLabel('Id').fill('ab');
  expect(await runAndEcho(page)).toEqual({ id: 'ab', note: 'n' });
});

test('keyboard: Tab leaves the JSON editor for the run bar; names come from titles', async ({ page }) => {
  await pickTool(page, 'nested');
  const f = form(page);
  await f.getByLabel('City').fill('Lyon');
  await f.getByLabel('Zip', { exact: true }).fill('69001');
  await jsonPane(page).click();
  await page.keyboard.press('Tab');
  await expect(runButton(page)).toBeFocused();
  await expect(page.getByText('Tab leaves the JSON editor')).toBeVisible();
  // The JSON was not changed by the Tab.
  expect(await shownJson(page)).toEqual({ address: { city: 'Lyon', zip: '69001' } });
  await page.keyboard.press('Enter');
  await expect(output(page).getByLabel('Text output')).toHaveText(
    '{"address":{"city":"Lyon","zip":"69001"}}',
  );
});

test('an optional enum of titled consts starts "(not set)" and sends exactly the option picked', async ({
  page,
}) => {
  await pickTool(page, 'titled-enum');
  const level = form(page).getByLabel('Level');
  await expect(level).toHaveValue('');
  expect(await runAndEcho(page)).toEqual({});
  await level.selectOption({ label: 'High' });
  expect(await runAndEcho(page)).toEqual({ level: 'hi' });
});
