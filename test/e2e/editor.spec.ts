// The editor: typing and saving changes exactly the typed bytes; broken YAML shows a marker on its line; quick
// fixes; a change on disk under unsaved edits opens the conflict dialog; drafts survive a closed window; the
// frontmatter panel writes through the yaml Document API.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { watchPageErrors, docShot, editorCursor, MOD, openSkill, shot } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

test('edit and save: the bytes on disk change exactly as typed, nothing else', async ({ page }) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  const before = readFileSync(file);
  await openSkill(page, 'commented-skill', 'Edit');
  await editorCursor(page, 9);
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed in the browser.');
  await expect(page.getByRole('tab', { name: /SKILL\.md ●/ })).toBeVisible();
  await expect(page.getByText('— unsaved')).toBeVisible();
  await page.keyboard.press(`${MOD}+s`);
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expect(page.getByText('— unsaved')).toHaveCount(0);
  const after = readFileSync(file);
  expect(after.toString('utf8')).toBe(
    before.toString('utf8').replace('Body stays.', 'Body stays. Typed in the browser.'),
  );
  expect(after.length).toBe(before.length + ' Typed in the browser.'.length);
  await shot(page, 'editor-saved');
});

test('break the YAML: the marker sits on the broken line, in the editor and the problems list', async ({
  page,
}) => {
  await openSkill(page, 'commented-skill', 'Edit');
  await editorCursor(page, 4, 200); // Monaco clamps the column to the end of the line
  await page.keyboard.type(': oops');
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByRole('button', { name: /error\s*4:\d+/ })).toBeVisible();
  // Monaco draws the error squiggle on line 4 (the same top as line 4 of the text).
  const squiggle = page.locator('.editor-view .squiggly-error').first();
  await expect(squiggle).toBeVisible();
  const line4 = page.locator('.editor-view .view-line').filter({ hasText: 'description: A skill' });
  const [a, b] = [await squiggle.boundingBox(), await line4.boundingBox()];
  expect(Math.abs((a?.y ?? 0) - (b?.y ?? -100))).toBeLessThan(4);
  await expect(page.getByRole('complementary', { name: 'Frontmatter' })).toContainText(
    'YAML error at line 4',
  );
  await docShot(page, 'editor-yaml-error');
  // Undo makes it go away again (Monaco may split the typing into more than one undo step).
  await expect(async () => {
    await page.keyboard.press(`${MOD}+z`);
    await expect(problems.getByText('No problems.')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.locator('.editor-view .view-line').filter({ hasText: 'oops' })).toHaveCount(0);
});

test('quick fix from the light bulb, then saved', async ({ page }) => {
  const file = join(server.library, 'desc-comment', 'SKILL.md');
  await openSkill(page, 'desc-comment', 'Edit');
  await expect(page.getByRole('region', { name: 'Problems' }).getByText('comment-in-value')).toBeVisible();
  await editorCursor(page, 3, 16);
  await page.keyboard.press(`${MOD}+.`);
  const action = page.locator('.action-widget').getByText('Quote the whole line as the value');
  await expect(action).toBeVisible();
  await shot(page, 'editor-quick-fix');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Problems' }).getByText('No problems.')).toBeVisible();
  await page.keyboard.press(`${MOD}+s`);
  await expect
    .poll(() => readFileSync(file, 'utf8'))
    .toBe('---\nname: desc-comment\ndescription: "Use for C# or F # code"\n---\nbody\n');
});

test('a change on disk under unsaved edits opens the conflict dialog: compare, then overwrite', async ({
  page,
}) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  await openSkill(page, 'commented-skill', 'Edit');
  await editorCursor(page, 9);
  await page.keyboard.press('End');
  await page.keyboard.type(' Mine.');
  const theirs = readFileSync(file, 'utf8').replace('Body stays.', 'Body changed elsewhere.');
  writeFileSync(file, theirs);
  const dialog = page.getByRole('dialog', { name: 'SKILL.md changed on disk' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Compare' }).click();
  await expect(dialog.locator('.monaco-diff-editor')).toBeVisible();
  await expect(dialog.getByText('Body changed elsewhere.')).toBeVisible();
  await docShot(page, 'editor-conflict');
  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => readFileSync(file, 'utf8')).toContain('Body stays. Mine.');
});

test('a change on disk to a clean buffer is simply reloaded; reload from disk drops edits', async ({
  page,
}) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  await openSkill(page, 'commented-skill', 'Edit');
  await expect(page.locator('.editor-view .view-line').filter({ hasText: 'Body stays.' })).toBeVisible();
  writeFileSync(file, readFileSync(file, 'utf8').replace('Body stays.', 'Body reloaded.'));
  await expect(page.locator('.editor-view .view-line').filter({ hasText: 'Body reloaded.' })).toBeVisible();
  await editorCursor(page, 9);
  await page.keyboard.type('Lost ');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Body reloaded.', 'Body again.'));
  const dialog = page.getByRole('dialog', { name: 'SKILL.md changed on disk' });
  await dialog.getByRole('button', { name: 'Reload from disk' }).click();
  await expect(page.locator('.editor-view .view-line').filter({ hasText: 'Body again.' })).toBeVisible();
  await expect(page.getByText('— unsaved')).toHaveCount(0);
});

test('unsaved edits survive a closed window as a draft', async ({ page, context }) => {
  await openSkill(page, 'commented-skill', 'Edit');
  await editorCursor(page, 9);
  await page.keyboard.type('Draft ');
  await page.waitForTimeout(800); // the draft is written shortly after typing stops
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await again.goto(server.url);
  await again.getByRole('button', { name: 'commented-skill/SKILL.md' }).click();
  await expect(again.getByText(/Restored unsaved changes/)).toBeVisible();
  await expect(
    again.locator('.editor-view .view-line').filter({ hasText: 'Draft Body stays.' }),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Discard them' }).click();
  await expect(again.locator('.editor-view .view-line').filter({ hasText: 'Body stays.' })).toBeVisible();
  await expect(again.locator('.editor-view .view-line').filter({ hasText: 'Draft' })).toHaveCount(0);
  await expect(again.getByText('— unsaved')).toHaveCount(0);
});

test('the frontmatter panel edits a field, keeping comments and order', async ({ page }) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  await openSkill(page, 'commented-skill', 'Edit');
  const panel = page.getByRole('complementary', { name: 'Frontmatter' });
  await panel.getByLabel('description').fill('Edited from the panel.');
  await panel.getByLabel('license').fill('MIT');
  await docShot(page, 'editor');
  await page.keyboard.press(`${MOD}+s`);
  await expect
    .poll(() => readFileSync(file, 'utf8'))
    .toBe(
      '---\n# The name must match the folder.\nname: commented-skill   # keep this comment\ndescription: Edited from the panel.\nmetadata:\n  owner: team\nlicense: MIT\n---\n\nBody stays.\n',
    );
});
