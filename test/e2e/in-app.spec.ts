// What the app does itself instead of sending the author to a terminal or a text file: new files from templates in
// the file tree, bundled examples read-only with Duplicate to edit, an Add server form beside the MCP JSON, Pack
// anyway when the findings refuse a pack, and a checked folder path where browser mode has no folder dialog.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openSkill, shot, showView, watchPageErrors } from './helpers.js';
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

test('New file: a template opens in the editor, a name out of the folder or one taken is refused', async ({
  page,
}) => {
  await openSkill(page, 'commented-skill', 'Edit');
  const files = page.getByRole('navigation', { name: 'Files' });
  await files.getByRole('button', { name: 'New…' }).click();
  let dialog = page.getByRole('dialog', { name: 'New file' });
  await dialog.getByLabel('What').selectOption('evals');
  await expect(dialog.getByText('Creates evals/evals.json.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'evals/evals.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(files.getByRole('button', { name: 'evals.json' })).toBeVisible();
  const file = join(server.library, 'commented-skill', 'evals', 'evals.json');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ skill_name: 'commented-skill' });
  writeFileSync(file, '{"mine": true}');

  await files.getByRole('button', { name: 'New…' }).click();
  dialog = page.getByRole('dialog', { name: 'New file' });
  const path = dialog.getByLabel('Path in the skill folder');
  await path.fill('../escape.md');
  await expect(dialog.getByRole('alert')).toContainText('climbs out with ".."');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await path.fill('evals/evals.json');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'already exists in the skill folder; nothing was changed',
  );
  expect(readFileSync(file, 'utf8')).toBe('{"mine": true}');
  expect(existsSync(join(server.library, 'escape.md'))).toBe(false);
});

test('a bundled example opens read-only: typing changes nothing, and Duplicate to edit opens the dialog', async ({
  page,
}) => {
  await openSkill(page, 'text-toolkit', 'Edit');
  const note = page.getByRole('note', { name: 'Read-only' });
  await expect(note).toContainText('bundled example: it is read-only');
  await expect(
    page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name: 'New…' }),
  ).toHaveCount(0);
  const editor = page.locator('.editor-view .monaco-editor').first();
  await editor.locator('.view-lines').click();
  await page.keyboard.type('typed into a bundled skill');
  await expect(page.getByText('— unsaved')).toHaveCount(0);
  await expect(editor).not.toContainText('typed into a bundled skill');
  await expect(page.locator('.editor-view .toolbar').getByRole('button', { name: 'Save' })).toBeDisabled();
  await note.getByRole('button', { name: 'Duplicate to edit…' }).click();
  await expect(page.getByRole('dialog')).toContainText('Duplicate');
});

test('Add server: a stdio and a URL server join the JSON beside the form; a taken name is refused', async ({
  page,
}) => {
  await showView(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a server' });
  const json = page.getByLabel('MCP servers JSON');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form.getByText('Give the server a name, like files or github.')).toBeVisible();
  await expect(form.getByText('A stdio server needs the command that starts it, like npx.')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill('files');
  await form.getByLabel('Command', { exact: true }).fill('node');
  await form.getByLabel('Arguments (one per line)').fill('server.js\n--root\n/tmp/my folder');
  await form.getByLabel('Environment (KEY=value, one per line)').fill('LOG=debug');
  await expect(form.getByLabel('Entry to add')).toContainText('"command": "node"');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(page.getByText('MCP servers saved.')).toBeVisible();
  expect(JSON.parse(await json.inputValue())).toEqual({
    mcpServers: {
      files: { command: 'node', args: ['server.js', '--root', '/tmp/my folder'], env: { LOG: 'debug' } },
    },
  });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');

  await form.getByLabel('Name', { exact: true }).fill('files');
  await form.getByLabel('Kind').selectOption('url');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form.getByText('A server named files is already in the JSON')).toBeVisible();
  await expect(form.getByText('A URL server needs its address')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill('remote');
  await form.getByLabel('URL', { exact: true }).fill('https://example.com/mcp');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(json).toHaveValue(/"remote": \{\s*"url": "https:\/\/example.com\/mcp"/);
  await expect(page.getByRole('list').filter({ hasText: 'remote' }).first()).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'settings-add-server');
});

test('Pack refused for its findings offers Pack anyway, which is not focused and packs', async ({ page }) => {
  await openSkill(page, 'Bad_Name');
  await page.getByRole('button', { name: 'Pack…' }).click();
  const panel = page.getByRole('region', { name: 'Pack' });
  await panel.getByRole('button', { name: 'Pack', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('(or choose Pack anyway)');
  await expect(panel.getByRole('alert')).not.toContainText('--force');
  const anyway = panel.getByRole('button', { name: 'Pack anyway' });
  await expect(anyway).toBeVisible();
  await expect(anyway).not.toBeFocused();
  await shot(page, 'pack-anyway');
  await anyway.click();
  await expect(panel.getByRole('status')).toContainText('Packed Bad_Name into');
  expect(existsSync(join(server.library, 'Bad_Name.zip'))).toBe(true);
});

test('browser mode: no folder dialog; the typed path is checked by the server before it is added', async ({
  page,
}) => {
  await showView(page, 'Settings');
  const roots = page.getByRole('group', { name: 'Roots' });
  await expect(roots.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0);
  await expect(roots.getByText('a browser page cannot open a folder dialog')).toBeVisible();
  const field = roots.getByLabel('Folder to add as a root');
  const work = mkdtempSync(join(tmpdir(), 'skillbench-e2e-folder-'));
  await field.fill(join(work, 'missing'));
  await expect(roots.getByText(`${join(work, 'missing')} does not exist: check the spelling`)).toBeVisible();
  await expect(roots.getByRole('button', { name: 'Add root' })).toBeDisabled();
  writeFileSync(join(work, 'a-file.txt'), 'x');
  await field.fill(join(work, 'a-file.txt'));
  await expect(roots.getByText('is a file, not a folder')).toBeVisible();
  await field.fill(work);
  await expect(roots.getByText(`${work} is a folder.`)).toBeVisible();
  await roots.getByRole('button', { name: 'Add root' }).click();
  await expect(roots.getByRole('listitem').filter({ hasText: work })).toBeVisible();
});
