// The editor: typing and saving changes exactly the typed bytes; broken YAML shows a marker on its line; quick
// fixes; a change on disk under unsaved edits shows a banner on the tab (merge per hunk, undoable discard); the
// watcher keeps seeing outside changes after saves; drafts survive a closed window; the frontmatter panel writes
// through the yaml Document API; the file tree shows folders; the frontmatter is highlighted as YAML.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
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

const LONG_FOLDER = 'a-folder-name-long-enough-to-test-how-quick-fix-titles-wrap';

test('long quick-fix titles and problems are shown whole: in the light-bulb menu and the Problems panel', async ({
  page,
}) => {
  server.stop();
  server = await startServe({ skills: [LONG_FOLDER] });
  await page.goto(server.url);
  pageErrors.length = 0; // the first page's reconnects to the server stopped above
  const title = `Set name to "${LONG_FOLDER}"`;
  await openSkill(page, 'short-name', 'Edit');
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByText('name-folder-mismatch')).toBeVisible();
  // Every entry of the panel (its message and its fix buttons) shows its whole text: nothing clipped.
  const clipped = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((els) =>
        els
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
          .map((el) => el.textContent),
      );
  await expect(problems.getByRole('button', { name: title })).toBeVisible();
  expect(await clipped('.problems li button, .problems li button > span')).toEqual([]);
  // The panel is resizable: from its separator by keyboard (20 px a step) and by dragging.
  const separator = page.getByRole('separator', { name: 'Resize the problems panel' });
  const height = async () => (await problems.boundingBox())!.height;
  const before = await height();
  await separator.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(height).toBe(before + 40);
  const bar = (await separator.boundingBox())!;
  await page.mouse.move(bar.x + 100, bar.y + 2);
  await page.mouse.down();
  await page.mouse.move(bar.x + 100, bar.y + 62, { steps: 4 });
  await page.mouse.up();
  await expect.poll(height).toBe(before + 40 - 60);
  // The light-bulb menu is wide enough for the title, or wraps it: never cut off.
  await editorCursor(page, 2, 8);
  await page.keyboard.press(`${MOD}+.`);
  const action = page.locator('.action-widget').getByText(title);
  await expect(action).toBeVisible();
  await docShot(page, 'editor-quick-fix-long');
  expect(await clipped('.action-widget .monaco-list-row, .action-widget .monaco-list-row .title')).toEqual(
    [],
  );
  const [item, menu] = [await action.boundingBox(), await page.locator('.action-widget').boundingBox()];
  expect(item!.x + item!.width).toBeLessThanOrEqual(menu!.x + menu!.width);
  await page.keyboard.press('Escape');
});

const line = (page: Page, text: string) => page.locator('.editor-view .view-line').filter({ hasText: text });

test('Monaco trimmed to the features the app uses still completes, explains, finds and goes to a line (issue 14)', async ({
  page,
}) => {
  await openSkill(page, 'commented-skill', 'Edit');
  // Hover (Ctrl+K Ctrl+I): the frontmatter key explains itself from the shared schema.
  await editorCursor(page, 4, 3);
  await page.keyboard.press(`${MOD}+k`);
  await page.keyboard.press(`${MOD}+i`);
  await expect(page.locator('.monaco-hover').filter({ hasText: 'Read by:' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Completion (Ctrl+Space) on a new top-level line of the frontmatter: the keys of the schema.
  await editorCursor(page, 3, 1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('lic');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest.getByText('license')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(line(page, 'license:')).toBeVisible();
  // Find (Ctrl+F): the widget opens and counts the matches.
  await page.keyboard.press(`${MOD}+f`);
  await page.keyboard.type('stays');
  await expect(page.locator('.find-widget .matchesCount')).toHaveText('1 of 1');
});

test('a change on disk under unsaved edits shows a banner on the tab; keys keep typing; merge per hunk', async ({
  page,
}) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  const original = readFileSync(file, 'utf8');
  await openSkill(page, 'commented-skill', 'Edit');
  await editorCursor(page, 9);
  await page.keyboard.press('End');
  await page.keyboard.type(' Mine.');
  // Theirs: the same line changed differently (a conflict) and another line changed (merges by itself).
  writeFileSync(
    file,
    original.replace('Body stays.', 'Body changed elsewhere.').replace('owner: team', 'owner: another team'),
  );
  const banner = page.getByRole('region', { name: 'SKILL.md changed on disk' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Enter and Space go on into the editor: nothing in the banner took the focus.
  await page.keyboard.type(' More');
  await expect(line(page, 'Body stays. Mine. More')).toBeVisible();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Merge…' }).click();
  const merge = page.getByRole('region', { name: 'Merge SKILL.md' });
  await expect(merge.getByRole('heading')).toHaveText('Merge SKILL.md: 2 changed places, 1 conflict');
  await expect(merge.getByRole('button', { name: 'Apply merge' })).toBeDisabled();
  const conflict = merge.getByRole('listitem', { name: 'Hunk 2' });
  await expect(conflict).toContainText('Changed on both sides');
  await conflict.getByRole('button', { name: 'Take both' }).click();
  await expect(merge.getByRole('listitem', { name: 'Hunk 1' })).toContainText('Changed on disk');
  await docShot(page, 'editor-merge');
  await merge.getByRole('button', { name: 'Apply merge' }).click();
  await expect(merge).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Undo available' })).toContainText('Merged');
  await page.keyboard.press(`${MOD}+s`);
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expect
    .poll(() => readFileSync(file, 'utf8'))
    .toBe(
      original
        .replace('owner: team', 'owner: another team')
        .replace('Body stays.', 'Body stays. Mine. More\nBody changed elsewhere.'),
    );
});

test('a change on disk merged by itself leaves the caret where the author was typing', async ({ page }) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  const original = readFileSync(file, 'utf8');
  await openSkill(page, 'commented-skill', 'Edit');
  await editorCursor(page, 9);
  await page.keyboard.press('End');
  await page.keyboard.type(' Mine.');
  // Theirs adds a line above the caret: a merge by itself, no banner to answer.
  writeFileSync(file, original.replace('  owner: team\n', '  owner: team\n  reviewer: someone\n'));
  await expect(page.getByRole('region', { name: 'Undo available' })).toContainText('merged');
  await page.keyboard.type(' Still here.');
  await expect(line(page, 'Body stays. Mine. Still here.')).toBeVisible();
  await expect(line(page, 'reviewer: someone')).toBeVisible();
});

test('taking the disk version says it is undoable, and Undo brings the edits back', async ({ page }) => {
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  await openSkill(page, 'commented-skill', 'Edit');
  await expect(line(page, 'Body stays.')).toBeVisible();
  writeFileSync(file, readFileSync(file, 'utf8').replace('Body stays.', 'Body reloaded.'));
  await expect(line(page, 'Body reloaded.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Reloaded from disk/ })).toBeVisible();
  await editorCursor(page, 9);
  await page.keyboard.type('Kept ');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Body reloaded.', 'Body again.'));
  const banner = page.getByRole('region', { name: 'SKILL.md changed on disk' });
  await expect(banner).toBeVisible();
  await docShot(page, 'editor-banner');
  await banner.getByRole('button', { name: 'Take the disk version (undoable)' }).click();
  await expect(line(page, 'Body again.')).toBeVisible();
  await expect(page.getByText('— unsaved')).toHaveCount(0);
  const undo = page.getByRole('region', { name: 'Undo available' });
  await expect(undo).toContainText('your unsaved edits were set aside. Undo puts your text back');
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(line(page, 'Kept Body reloaded.')).toBeVisible();
  await expect(page.getByText('— unsaved')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Unsaved$/ })).toBeVisible();
});

test('outside changes are still seen after each save in the app, 20 times over', async ({ page }) => {
  test.setTimeout(180_000);
  const file = join(server.library, 'commented-skill', 'SKILL.md');
  const original = readFileSync(file, 'utf8');
  await openSkill(page, 'commented-skill', 'Edit');
  for (let i = 1; i <= 20; i++) {
    await editorCursor(page, 9);
    await page.keyboard.type(`Saved ${i} `);
    await page.keyboard.press(`${MOD}+s`);
    await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
    await expect.poll(() => readFileSync(file, 'utf8')).toContain(`Saved ${i} `);
    writeFileSync(file, original.replace('Body stays.', `Outside ${i}.`));
    await expect(line(page, `Outside ${i}.`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Reloaded from disk/ })).toBeVisible();
  }
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

test('the file tree shows folders, and files open from inside them', async ({ page }) => {
  // This one needs the workbench fixture (a skill with a tests/ folder): a server of its own.
  server.stop();
  server = await startServe({ workbench: true });
  await page.goto(server.url);
  pageErrors.length = 0; // the first page's reconnects to the server stopped above
  await openSkill(page, 'runner-demo', 'Edit');
  const tree = page.getByRole('navigation', { name: 'Files' });
  const folder = tree.getByRole('button', { name: 'tests/' });
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
  await tree.getByRole('button', { name: 'say-hello.case.json' }).click();
  await expect(page.getByRole('tab', { name: 'tests/say-hello.case.json' })).toBeVisible();
  await docShot(page, 'editor-file-tree');
  await folder.click();
  await expect(folder).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByRole('button', { name: 'say-hello.case.json' })).toHaveCount(0);
});

test('the frontmatter is highlighted as YAML, the body as Markdown', async ({ page }) => {
  await openSkill(page, 'commented-skill', 'Edit');
  await page.getByRole('button', { name: 'Frontmatter', pressed: true }).click();
  await expect(line(page, 'owner: team')).toBeVisible();
  // The colours of a YAML key inside the frontmatter, another one indented under `metadata:`, and the body's prose.
  const colours = () =>
    page.locator('.editor-view .view-lines').evaluate((lines) => {
      const colourOf = (text: string) => {
        const span = [...lines.querySelectorAll('.view-line span span')].find((s) => s.textContent === text);
        return span ? getComputedStyle(span).color : 'missing';
      };
      return { name: colourOf('name'), owner: colourOf('owner'), body: colourOf('Body stays.') };
    });
  await expect.poll(async () => (await colours()).owner).not.toBe('missing');
  const { name, owner, body } = await colours();
  expect(owner).toBe(name);
  expect(name).not.toBe(body);
  await docShot(page, 'editor-frontmatter');
});

test('leaving the Edit tab while typing cancels Monaco’s pending requests quietly: no page error', async ({
  page,
}) => {
  await openSkill(page, 'commented-skill', 'Edit');
  const tabs = page.getByRole('tablist', { name: 'Skill views' });
  // Each switch disposes the editor with completion and highlight requests still pending; the afterEach finds any that escaped.
  for (let i = 0; i < 10; i++) {
    await tabs.getByRole('tab', { name: 'Edit' }).click();
    await editorCursor(page, 9);
    await page.keyboard.type('Al');
    await tabs.getByRole('tab', { name: 'Overview' }).click();
  }
  await page.waitForTimeout(500);
});
