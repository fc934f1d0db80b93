// What the end-to-end specs share: opening a skill on a tab, driving Monaco with the keyboard, screenshots.
import type { VIEWS } from '../../shared/views.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { REPO } from './serve-fixture.js';

export const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

export async function openSkill(
  page: Page,
  name: string,
  tab?: 'Overview' | 'Edit' | 'Run' | 'Preview' | 'Evals',
) {
  const list = page.getByRole('listbox', { name: 'Skills' });
  // In a narrow window the library is a drawer, opened by its toggle (it closes again on the pick).
  if (!(await list.isVisible())) await page.getByRole('button', { name: 'Library', exact: true }).click();
  await list.getByRole('option').filter({ hasText: name }).first().click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  if (tab) await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: tab }).click();
}

/** Waits for Monaco and puts the cursor at line/column (1-based) with its "Go to line" box (Ctrl+G). */
export async function editorCursor(page: Page, line: number, column = 1) {
  const editor = page.locator('.editor-view .monaco-editor').first();
  await expect(editor).toBeVisible();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
}

export async function shot(page: Page, name: string) {
  const dir = join(REPO, 'test-results', 'e2e-screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Saves into docs/screenshots (the README shows these). */
export async function docShot(page: Page, name: string) {
  mkdirSync(join(REPO, 'docs', 'screenshots'), { recursive: true });
  await page.screenshot({ path: join(REPO, 'docs', 'screenshots', `${name}.png`) });
}

/** Collects the page's uncaught errors and console errors (the app must run under its CSP without any). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Shows a top-level view by its tab in the top bar. */
export async function showView(page: Page, label: (typeof VIEWS)[number]['label']) {
  await page
    .getByRole('navigation', { name: 'Workbench' })
    .getByRole('tab', { name: label, exact: true })
    .click();
}

/** Adds a model provider in Settings → Model providers (the Evals tab runs against it). */
export async function addModelProvider(page: Page, baseURL: string, key: string, model = 'scripted-1') {
  await showView(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add a provider' });
  await form.getByLabel('Name').fill('fake');
  await form.getByLabel('Kind').selectOption('anthropic');
  await form.getByLabel('Base URL').fill(baseURL);
  await form.getByLabel('Model').fill(model);
  await form.getByLabel('API key').fill(key);
  await form.getByRole('button', { name: 'Add provider' }).click();
  await expect(page.getByRole('list', { name: 'Model providers' })).toContainText('key set');
  return form;
}

/** The runner's JSON pane (its Monaco lines). */
export const jsonPane = (page: Page) => page.locator('.json-editor .view-lines');

/**
 * The runner's JSON pane's text as a value. Monaco positions its line elements absolutely and reuses them after
 * edits, so the lines are read in the order of their position, not of the DOM.
 */
export async function shownJson(page: Page): Promise<unknown> {
  const text = await jsonPane(page).evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('.view-line')]
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
      .join('\n'),
  );
  return JSON.parse(text) as unknown;
}
