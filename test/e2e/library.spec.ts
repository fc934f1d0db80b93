// The library screen: browse every root's skills with their badges, search, and open one to see its problems.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO, startServe } from './serve-fixture.js';

test('browse, search and open a skill', async ({ page }) => {
  const server = await startServe();
  try {
    await page.setViewportSize({ width: 1100, height: 640 });
    await page.goto(server.url);
    const options = page.getByRole('listbox', { name: 'Skills' }).getByRole('option');
    await expect(options.filter({ hasText: 'text-toolkit' })).toBeVisible();
    await expect(page.getByText('10 of 10 skills')).toBeVisible();
    await expect(options.filter({ hasText: 'Bad_Name' }).getByText('1 error')).toBeVisible();
    await expect(options.filter({ hasText: 'text-toolkit' }).getByText('5 tools')).toBeVisible();

    await page.getByRole('button', { name: 'Has errors' }).click();
    await expect(page.getByText('1 of 10 skills')).toBeVisible();
    await expect(options).toHaveText([/Bad_Name/]);
    await page.getByRole('button', { name: 'Has errors' }).click();
    await page.getByRole('button', { name: 'Has tools' }).click();
    await expect(page.getByText('6 of 10 skills')).toBeVisible();
    await page.getByRole('button', { name: 'Has tools' }).click();
    await page.getByRole('combobox', { name: 'Root' }).selectOption('bundled');
    await expect(page.getByText('7 of 10 skills')).toBeVisible();
    await page.getByRole('combobox', { name: 'Root' }).selectOption('');

    await page.getByRole('searchbox', { name: 'Search skills' }).fill('comment');
    await expect(page.getByText('2 of 10 skills')).toBeVisible();
    await expect(options).toHaveCount(2);

    await options.filter({ hasText: 'desc-comment' }).click();
    const details = page.getByRole('article');
    await expect(page.getByRole('heading', { level: 2, name: 'desc-comment' })).toBeVisible();
    await expect(details.getByText('comment-in-value')).toBeVisible();
    await expect(details.getByText('3:14')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search skills' }).fill('');
    await options.filter({ hasText: 'text-toolkit' }).click();
    await expect(page.getByRole('region', { name: 'Tools' }).getByText('encode')).toBeVisible();
    mkdirSync(join(REPO, 'docs', 'screenshots'), { recursive: true });
    await page.screenshot({ path: join(REPO, 'docs', 'screenshots', 'library.png') });
  } finally {
    server.stop();
  }
});
