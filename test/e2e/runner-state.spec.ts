// The runner's state end to end: the arguments the form shows, the JSON pane shows and Run sends are one value,
// kept per skill and tool across tool, view and skill switches; the Run tab follows SKILL.md on disk; output cut at
// the cap says so up front. The Servers view's tool caller: the runner's keys, and wrapping a tool opens it.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { jsonPane, MOD, openSkill, shownJson, showView, watchPageErrors } from './helpers.js';
import { REPO, startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

/** A tool's option in the list, by its exact name (the option also shows the description). */
const toolOption = (page: Page, name: string) =>
  page
    .getByRole('listbox', { name: 'Tool' })
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) });
const pickTool = (page: Page, name: string) => toolOption(page, name).click();
const selectedTool = (page: Page) =>
  page.getByRole('listbox', { name: 'Tool' }).getByRole('option', { selected: true });
const form = (page: Page) => page.getByRole('region', { name: 'Arguments form' });
const output = (page: Page) => page.getByRole('region', { name: 'Output' });
const skillTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name }).click();

test.describe('the runner', () => {
  test.beforeEach(async ({ page }) => {
    pageErrors = watchPageErrors(page);
    server = await startServe({ skills: ['form-shapes', 'runner-state'] });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(server.url);
  });

  test('the JSON pane shows exactly what Run sends, after tool, view and skill switches', async ({
    page,
  }) => {
    await openSkill(page, 'form-shapes', 'Run');
    await pickTool(page, 'scalars');
    await form(page).getByLabel(/^Text/).fill('typed before switching');
    await pickTool(page, 'formats');
    await skillTab(page, 'Overview');
    await skillTab(page, 'Run');
    // Back on the tool last selected; the first tool still holds what was typed, in the form and the pane alike.
    await expect(selectedTool(page)).toContainText('formats');
    await pickTool(page, 'scalars');
    await expect(form(page).getByLabel(/^Text/)).toHaveValue('typed before switching');
    await expect.poll(() => shownJson(page)).toEqual({ text: 'typed before switching' });

    await openSkill(page, 'runner-state', 'Run');
    await openSkill(page, 'form-shapes', 'Run');
    await expect(selectedTool(page)).toContainText('scalars');
    await expect(form(page).getByLabel(/^Text/)).toHaveValue('typed before switching');
    const shown = await shownJson(page);
    expect(shown).toEqual({ text: 'typed before switching' });
    await page.getByRole('button', { name: 'Run tool' }).click();
    await expect(output(page).getByText('OK')).toBeVisible();
    // The tool echoes the arguments it received.
    expect(JSON.parse((await output(page).getByLabel('Text output').textContent()) ?? '')).toEqual(shown);
  });

  test('text typed in the JSON pane that is not JSON yet is still there after a tool switch, and blocks Run', async ({
    page,
  }) => {
    await openSkill(page, 'form-shapes', 'Run');
    await pickTool(page, 'scalars');
    await jsonPane(page).click();
    await page.keyboard.press(`${MOD}+a`);
    await page.keyboard.type('{"text": oops', { delay: 40 });
    await expect(page.locator('#run-reason')).toContainText('Not valid JSON');
    await pickTool(page, 'formats');
    await expect(page.locator('#run-reason')).toHaveCount(0);
    await pickTool(page, 'scalars');
    await expect(jsonPane(page)).toContainText('oops');
    await expect(page.locator('#run-reason')).toContainText('Cannot run: Not valid JSON');
    await expect(page.getByRole('button', { name: 'Run tool' })).toBeDisabled();
  });

  test('a listing the connection dropped says so, and Try again lists the tools', async ({ page }) => {
    let dropped = 0;
    await page.route('**/api/tools:list', async (route) => {
      if (dropped++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await openSkill(page, 'runner-state', 'Run');
    const problem = page.getByRole('alert').filter({ hasText: "Could not list this skill's tools" });
    await expect(problem).toContainText('cannot be reached');
    await problem.getByRole('button', { name: 'Try again' }).click();
    await expect(selectedTool(page)).toContainText('greet');
    // The dropped request is the browser's own console line, not a page error.
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('ERR_CONNECTION_RESET')));
  });

  test("the Run tab follows SKILL.md on disk: a tool's new description and kind show without leaving it", async ({
    page,
  }) => {
    await openSkill(page, 'runner-state', 'Run');
    const greet = toolOption(page, 'greet');
    await expect(greet).toContainText('Says hello (built-in).');
    await expect(greet.locator('.badge').first()).toHaveText('builtin');
    const file = join(server.library, 'runner-state', 'SKILL.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'description: Says hello (built-in).\n    kind: builtin\n    target: echo',
        'description: Says hello from a shell.\n    kind: shell\n    command: echo {{text}}\n    args:\n      text: What to say',
      ),
    );
    await expect(greet).toContainText('Says hello from a shell.');
    await expect(greet.locator('.badge').first()).toHaveText('shell');
    await pickTool(page, 'greet');
    await expect(page.locator('.call-head')).toContainText('Says hello from a shell.');
  });

  test('output cut at 1 MiB says so in the status line, with the full size', async ({ page }) => {
    await openSkill(page, 'runner-state', 'Run');
    await pickTool(page, 'flood');
    await page.getByRole('button', { name: 'Run tool' }).click();
    await expect(output(page).locator('.output-head strong')).toHaveText(
      'OK — output truncated at 1 MiB of 1.4 MiB',
    );
  });
});

test.describe("the Servers view's tool caller", () => {
  /** A second project root holding a skill named like one of the library's. */
  let other: string;
  test.beforeEach(async ({ page }) => {
    pageErrors = watchPageErrors(page);
    other = mkdtempSync(join(tmpdir(), 'skillbench-e2e-other-'));
    cpSync(join(REPO, 'test', 'fixtures', 'editing', 'commented-skill'), join(other, 'commented-skill'), {
      recursive: true,
    });
    server = await startServe({ workbench: true, projects: [other] });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(server.url);
    await showView(page, 'Servers');
    await page
      .getByRole('listbox', { name: 'Server' })
      .getByRole('option', { name: /everything/ })
      .click();
    await page.getByRole('tablist', { name: 'Server views' }).getByRole('tab', { name: 'Tools' }).click();
  });

  test('Ctrl/Cmd+Enter calls the tool and Esc cancels the call, as in the runner', async ({ page }) => {
    await pickTool(page, 'echo');
    await form(page)
      .getByLabel(/^message/)
      .fill('by keyboard');
    await page.keyboard.press(`${MOD}+Enter`);
    await expect(output(page).getByLabel('Text output')).toHaveText('Echo: by keyboard', { timeout: 20_000 });

    await pickTool(page, 'trigger-long-running-operation');
    await form(page)
      .getByLabel(/^duration/)
      .fill('30');
    await page.keyboard.press(`${MOD}+Enter`);
    await expect(page.getByRole('status').filter({ hasText: /Running…/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(output(page).getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 10_000 });
  });

  test('wrapping offers a skill without errors, tells same-named skills apart, and opens the new tool', async ({
    page,
  }) => {
    await pickTool(page, 'get-sum');
    await page.getByRole('button', { name: 'Wrap as skill tool…' }).click();
    const dialog = page.getByRole('dialog');
    const skill = dialog.getByLabel('Skill');
    const labels = await skill.locator('option').allTextContents();
    expect(labels).toContain('Bad_Name (has errors)');
    expect(labels).toContain(`commented-skill — ${server.library}`);
    expect(labels).toContain(`commented-skill — ${other}`);
    expect(await skill.locator('option:checked').textContent()).not.toContain('(has errors)');

    await skill.selectOption({ label: `commented-skill — ${server.library}` });
    await dialog.getByLabel('Tool name').fill('add_to_two');
    await dialog.getByRole('button', { name: 'Add to skill' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'commented-skill' })).toBeVisible();
    await expect(selectedTool(page)).toContainText('add_to_two');
  });
});
