// Skills as files: create from the template, duplicate, rename and delete with confirmation; the command palette;
// the preview with arguments substituted; settings (theme, MCP servers checked before saving, roots).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { docShot, editorCursor, MOD, openSkill, showView, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  // Deleted skills go to a trash folder of the test's own.
  process.env.XDG_DATA_HOME = mkdtempSync(join(tmpdir(), 'skillbench-e2e-trash-'));
  server = await startServe({ workbench: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await expect(page.getByText(/\d+ of \d+ skills/)).toBeVisible();
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

test('create a skill from the template, duplicate it, rename it, delete it', async ({ page }) => {
  await page.getByRole('button', { name: 'New skill' }).click();
  const create = page.getByRole('dialog', { name: 'New skill' });
  await create.getByLabel('Name').fill('Bad Name');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByRole('alert')).toContainText('Lowercase letters');
  await create.getByLabel('Name').fill('fresh-skill');
  await create.getByLabel('Description').fill('Made in the browser.');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'fresh-skill' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Edit', selected: true })).toBeVisible();
  const manifest = join(server.library, 'fresh-skill', 'SKILL.md');
  expect(readFileSync(manifest, 'utf8')).toContain('name: fresh-skill\ndescription: "Made in the browser."');

  await page.getByRole('button', { name: 'Duplicate' }).click();
  const dup = page.getByRole('dialog', { name: 'Duplicate fresh-skill' });
  await expect(dup.getByLabel('Name')).toHaveValue('fresh-skill-copy');
  await dup.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'fresh-skill-copy' })).toBeVisible();
  expect(readFileSync(join(server.library, 'fresh-skill-copy', 'SKILL.md'), 'utf8')).toContain(
    'name: fresh-skill-copy',
  );

  await page.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename fresh-skill-copy' });
  await rename.getByLabel('Name').fill('renamed-skill');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'renamed-skill' })).toBeVisible();
  expect(existsSync(join(server.library, 'fresh-skill-copy'))).toBe(false);
  expect(readFileSync(join(server.library, 'renamed-skill', 'SKILL.md'), 'utf8')).toContain(
    'name: renamed-skill',
  );

  await page.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete renamed-skill?' });
  await expect(del).toContainText('goes to the trash');
  await docShot(page, 'delete-confirmation');
  await del.getByRole('button', { name: 'Cancel' }).click();
  expect(existsSync(join(server.library, 'renamed-skill'))).toBe(true);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(existsSync(join(server.library, 'renamed-skill'))).toBe(false);
  await expect(
    page.getByRole('listbox', { name: 'Skills' }).getByRole('option').filter({ hasText: 'renamed-skill' }),
  ).toHaveCount(0);
});

test('rename and delete wait until unsaved edits are saved or reverted; bundled skills are read-only', async ({
  page,
}) => {
  await openSkill(page, 'commented-skill', 'Edit');
  await page.locator('.editor-view .monaco-editor .view-lines').click();
  await page.keyboard.type('x');
  await page.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete commented-skill?' });
  await expect(del).toContainText('unsaved changes in 1 file');
  await expect(del.getByRole('button', { name: 'Move to trash' })).toBeDisabled();
  await del.getByRole('button', { name: 'Cancel' }).click();
  await openSkill(page, 'text-toolkit');
  await expect(page.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
});

test('the command palette opens skills and runs actions from the keyboard', async ({ page }) => {
  await page.keyboard.press(`${MOD}+k`);
  const palette = page.getByRole('dialog', { name: 'Go to a skill or run a command' });
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type('runner');
  await docShot(page, 'palette');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'runner-demo' })).toBeVisible();
  await page.keyboard.press(`${MOD}+k`);
  await page.keyboard.type('preview runner');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Preview', selected: true })).toBeVisible();
  await page.keyboard.press(`${MOD}+k`);
  await page.keyboard.type('settings');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press(`${MOD}+k`);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});

test('preview: the instructions with the typed arguments substituted, and the catalog entry', async ({
  page,
}) => {
  await openSkill(page, 'runner-demo', 'Preview');
  await page.getByLabel('Arguments', { exact: true }).fill('src/app.ts "deep review"');
  const rendered = page.getByRole('region', { name: 'Rendered instructions' });
  await expect(rendered).toContainText(
    'Review src/app.ts in deep review mode. All arguments: src/app.ts "deep review"',
  );
  await expect(page.getByRole('region', { name: 'Catalog entry' })).toContainText('<name>runner-demo</name>');
  await docShot(page, 'preview');
});

test('settings: theme applies at once, MCP servers are checked before saving, roots can be added', async ({
  page,
}) => {
  await showView(page, 'Settings');
  const settings = page.getByRole('region', { name: 'Settings' });
  await settings.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await settings.getByLabel('MCP servers JSON').fill('{ "mcpServers": { "broken": { "args": ["x"] } } }');
  await settings.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(settings.getByRole('alert')).toContainText('give either "command"');
  await settings
    .getByLabel('MCP servers JSON')
    .fill('{ "mcpServers": { "other": { "command": "node", "args": ["x.js"] } } }');
  await settings.getByRole('button', { name: 'Save MCP servers' }).click();
  await expect(settings.getByText('MCP servers saved.')).toBeVisible();
  await expect(settings.getByRole('listitem').filter({ hasText: 'other' })).toBeVisible();
  const extra = mkdtempSync(join(tmpdir(), 'skillbench-e2e-root-'));
  await settings.getByLabel('Folder to add as a root').fill(extra);
  await settings.getByRole('button', { name: 'Add root' }).click();
  await expect(settings.getByText(extra)).toBeVisible();
  await docShot(page, 'settings-dark');
  await settings.getByRole('button', { name: `Remove root ${extra}` }).click();
  await expect(settings.getByText(extra)).toHaveCount(0);
});

test("the skill's other files open from the file tree, which follows the folder on disk", async ({
  page,
}) => {
  await openSkill(page, 'runner-demo', 'Edit');
  const files = page.getByRole('navigation', { name: 'Files' });
  await files.getByRole('button', { name: 'say-hello.case.json' }).click();
  await expect(page.getByRole('tab', { name: 'tests/say-hello.case.json' })).toBeVisible();
  await expect(
    page.locator('.editor-view .view-line').filter({ hasText: 'say echoes its text' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Problems' })).toContainText(
    "Only the skill's manifest is validated.",
  );
  // Ctrl/Cmd+S saves the file in the active tab, not the one the editor first opened.
  const manifestBefore = readFileSync(join(server.library, 'runner-demo', 'SKILL.md'), 'utf8');
  await editorCursor(page, 2, 3);
  await page.keyboard.type('"note": "added", ', { delay: 20 });
  await page.keyboard.press(`${MOD}+s`);
  await expect
    .poll(() => readFileSync(join(server.library, 'runner-demo', 'tests', 'say-hello.case.json'), 'utf8'))
    .toContain('"note": "added", "description"');
  expect(readFileSync(join(server.library, 'runner-demo', 'SKILL.md'), 'utf8')).toBe(manifestBefore);
  writeFileSync(join(server.library, 'runner-demo', 'NOTES.md'), '# Notes\n');
  await expect(files.getByRole('button', { name: 'NOTES.md' })).toBeVisible();
  // Closed from the keyboard: Delete on the focused tab (the × beside it is the mouse's shortcut).
  await page.getByRole('tab', { name: 'tests/say-hello.case.json' }).focus();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('tab', { name: 'tests/say-hello.case.json' })).toHaveCount(0);
});

test('a fix that renames the folder goes through the rename dialog', async ({ page }) => {
  await openSkill(page, 'proper-name', 'Edit');
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByText('name-folder-mismatch')).toBeVisible();
  await expect(problems.getByRole('button', { name: 'Set name to "misnamed-folder"' })).toBeVisible();
  await problems.getByRole('button', { name: 'Rename the folder to "proper-name"' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename proper-name' });
  await expect(dialog.getByLabel('Name')).toHaveValue('proper-name');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toHaveCount(0);
  expect(existsSync(join(server.library, 'proper-name', 'SKILL.md'))).toBe(true);
  expect(existsSync(join(server.library, 'misnamed-folder'))).toBe(false);
  await expect(
    page.getByRole('listbox', { name: 'Skills' }).getByRole('option').filter({ hasText: 'proper-name' }),
  ).not.toContainText('error');
});
