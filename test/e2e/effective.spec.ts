// Issue 11: a skill's effective values, as the selected profile's runtime reads them, in the skill details.
import { expect, test } from '@playwright/test';
import { docShot, openSkill } from './helpers.js';
import { startServe } from './serve-fixture.js';

test("the skill details show each key's effective value and where it comes from", async ({ page }) => {
  const server = await startServe();
  try {
    await page.setViewportSize({ width: 1100, height: 760 });
    await page.goto(server.url);
    await openSkill(page, 'text-toolkit', 'Overview');
    const effective = page.getByRole('region', { name: 'Effective values' });
    await expect(effective.getByRole('heading', { name: /as Skillbench reads them/ })).toBeVisible();
    await expect(effective.getByRole('row', { name: /user-invocable true default/ })).toBeVisible();
    await expect(effective.getByRole('row', { name: /name text-toolkit written/ })).toBeVisible();
    await effective.scrollIntoViewIfNeeded();
    await docShot(page, 'effective-values');
  } finally {
    server.stop();
  }
});

test('the preview lists Claude Code commands and runs one only on request, in the sandbox', async ({
  page,
}) => {
  const server = await startServe({ skills: ['runtime/cc-commands'] });
  try {
    await page.setViewportSize({ width: 1100, height: 760 });
    await page.goto(server.url);
    await openSkill(page, 'cc-commands', 'Preview');
    const commands = page.getByRole('note', { name: 'Commands Claude Code would run' });
    await expect(commands.getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Output of command 4' })).toHaveCount(0);
    await commands.getByRole('button', { name: 'Run in sandbox: command 4' }).click();
    const output = page.getByRole('region', { name: 'Output of command 4' });
    await expect(output).toContainText('bash exited with 0');
    await expect(output).toContainText('/library/cc-commands');
    await output.scrollIntoViewIfNeeded();
    await docShot(page, 'preview-commands');
  } finally {
    server.stop();
  }
});
