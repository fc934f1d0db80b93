// Browser mode in a real Chromium: the token in the URL becomes a cookie, the page loads under its CSP with no
// console errors, and the page's own origin can call the contract while other origins cannot.
import { expect, test } from '@playwright/test';
import { startServe } from './serve-fixture.js';

test('opens from the printed URL and talks to the host with the token cookie', async ({ page }) => {
  const server = await startServe();
  try {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(server.url);
    expect(new URL(page.url()).search).toBe(''); // the token left the address bar
    await expect(page.getByRole('heading', { name: 'Skillbench' })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Skills' }).getByRole('option').first()).toBeVisible();
    const listed = await page.evaluate(async () => {
      const r = await fetch('/api/skills:list', { method: 'POST', body: '{}' });
      const body = (await r.json()) as { value: { entries: Array<{ skill?: { name: string } }> } };
      return body.value.entries.map((e) => e.skill?.name);
    });
    expect(listed).toEqual(expect.arrayContaining(['commented-skill', 'text-toolkit']));
    expect(problems).toEqual([]);
  } finally {
    server.stop();
  }
});

test('refuses a page without the token', async ({ page }) => {
  const server = await startServe();
  try {
    const response = await page.goto(server.origin);
    expect(response?.status()).toBe(401);
  } finally {
    server.stop();
  }
});
