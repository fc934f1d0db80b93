// Keyboard only (page.keyboard, never a click): add a skill from the palette, open another with the focus left on its
// tab, fix an error with Monaco's quick fix and leave the editor with Tab once Ctrl+M says so, run a tool with
// Ctrl+Enter and save the call as a case.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MOD, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ skills: ['runner-state'] });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first()).toBeVisible();
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

/** Whether the focus is on `target` or inside it. */
const holdsFocus = async (target: Locator) =>
  (await target.count()) > 0 &&
  (await target
    .first()
    .evaluate((el) => el === document.activeElement || el.contains(document.activeElement)));

/** Presses Tab until the focus reaches `target`, as a keyboard user would (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await holdsFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

/** Runs a palette command by typing its words. */
async function command(page: Page, words: string) {
  await page.keyboard.press(`${MOD}+k`);
  await expect(page.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Go to a skill or run a command' })).toHaveCount(0);
}

test('add a skill, fix an error, run a tool and save a case without the mouse', async ({ page }) => {
  // Add a skill: the palette's New skill… opens its dialog, Enter creates it and the editor opens on it.
  await command(page, 'new skill');
  const create = page.getByRole('dialog', { name: 'New skill' });
  await expect(create.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('keyboard-made');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'keyboard-made' })).toBeVisible();
  expect(existsSync(join(server.library, 'keyboard-made', 'SKILL.md'))).toBe(true);

  // Fix an error: the palette opens the skill and leaves the focus on its tab; → goes to Edit.
  await command(page, 'desc-comment');
  const tabs = page.getByRole('tablist', { name: 'Skill views' });
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Edit', selected: true })).toBeFocused();
  const editor = page.locator('.editor-view .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByText('comment-in-value')).toBeVisible();
  await tabTo(page, editor);
  await page.keyboard.press('Control+g');
  await page.keyboard.type('3:16');
  await page.keyboard.press('Enter');
  await page.keyboard.press(`${MOD}+.`);
  await expect(page.locator('.action-widget').getByText('Quote the whole line as the value')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(problems.getByText('No problems.')).toBeVisible();
  await page.keyboard.press(`${MOD}+s`);
  await expect
    .poll(() => readFileSync(join(server.library, 'desc-comment', 'SKILL.md'), 'utf8'))
    .toContain('description: "Use for C# or F # code"');

  // Tab types a tab in Monaco until Ctrl+M: the toolbar says so, and then Tab leaves the editor.
  const hint = page.locator('.editor-view .toolbar');
  await expect(hint).toContainText('Tab moves focus: Ctrl+M');
  await page.keyboard.press('Control+m');
  await expect(hint).toContainText('Tab moves focus (Ctrl+M to type tabs)');
  await page.keyboard.press('Tab');
  expect(await holdsFocus(editor)).toBe(false);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

  // Run a tool: the palette opens runner-state on its Overview tab, → → is Run; its first tool is greet (echo).
  await command(page, 'runner-state');
  await expect(tabs.getByRole('tab', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Run', selected: true })).toBeFocused();
  const field = page.getByRole('region', { name: 'Arguments form' }).getByLabel(/^text/);
  await tabTo(page, field);
  await page.keyboard.type('typed, not clicked');
  await page.keyboard.press(`${MOD}+Enter`);
  await expect(page.getByRole('region', { name: 'Output' }).getByLabel('Text output')).toHaveText(
    'typed, not clicked',
  );

  // Save it as a case: Tab to the button, Enter, the dialog's Name has the focus, Enter saves.
  await tabTo(page, page.getByRole('button', { name: 'Save as case' }));
  await page.keyboard.press('Enter');
  const saving = page.getByRole('dialog', { name: 'Save this call as a case' });
  await expect(saving.getByLabel('Name')).toBeFocused();
  await page.keyboard.press(`${MOD}+a`);
  await page.keyboard.type('by-keyboard');
  await tabTo(page, saving.getByRole('button', { name: 'Save case' }));
  await page.keyboard.press('Enter');
  await expect(saving).toHaveCount(0);
  await expect
    .poll(() => existsSync(join(server.library, 'runner-state', 'tests', 'by-keyboard.case.json')))
    .toBe(true);
  expect(
    JSON.parse(readFileSync(join(server.library, 'runner-state', 'tests', 'by-keyboard.case.json'), 'utf8')),
  ).toMatchObject({
    tool: 'greet',
    args: { text: 'typed, not clicked' },
  });
});
