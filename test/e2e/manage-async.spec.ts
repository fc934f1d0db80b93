// Issue 17 in the app: with two projects open, the Add skills panel asks which one to install into; a look at a git
// source shows its progress while git clones, and Cancel stops it (nothing fetched is left, nothing written). The
// server's `git` is a slow one (test/integration/slow-git.ts) that holds each clone until the test lets it go.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { agentHomeEnv, fixtureRepo } from '../integration/manage-fixtures.js';
import { makeSlowGit, type SlowGit } from '../integration/slow-git.js';
import { docShot, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let tmp: string;
let source: string;
let second: string;
let slow: SlowGit;
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  tmp = mkdtempSync(join(tmpdir(), 'skillbench-e2e-manage-async-'));
  source = fixtureRepo(join(tmp, 'skills-repo'));
  second = join(tmp, 'website');
  for (const d of [join(tmp, 'home'), join(tmp, 'temp'), second]) mkdirSync(d);
  slow = makeSlowGit(join(tmp, 'slow-git'));
  server = await startServe({
    projects: [second],
    env: {
      ...agentHomeEnv(tmp),
      PATH: `${slow.bin}:${process.env.PATH ?? ''}`,
      TMPDIR: join(tmp, 'temp'),
    },
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
});
test.afterEach(() => {
  slow.release();
  server.stop();
  rmSync(tmp, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('choose the project, follow a clone as it runs, cancel it', async ({ page }) => {
  await page.getByRole('button', { name: 'Add skills' }).click();
  const panel = page.getByRole('region', { name: 'Add skills' });
  const project = panel.getByRole('combobox', { name: 'Project' });
  await expect(project).toHaveValue(server.library);
  await project.selectOption(second);
  // The agents' folders offered are the chosen project's.
  await expect(panel.locator('label', { hasText: 'Claude Code' })).toHaveAttribute(
    'title',
    join(second, '.claude', 'skills'),
  );

  await panel.getByRole('textbox', { name: 'Source' }).fill(source);
  await panel.getByRole('button', { name: 'Look inside' }).click();
  await slow.started();
  await expect(panel.getByRole('status', { name: 'Fetch progress' })).toContainText(`Fetching ${source}…`);
  // Other requests are answered while git runs: the library can still be browsed.
  await page.getByRole('listbox', { name: 'Skills' }).getByText('desc-comment').first().click();
  await page.getByRole('button', { name: 'Add skills' }).click();
  await expect(panel.getByRole('status', { name: 'Fetch progress' })).toBeVisible();
  await docShot(page, 'manage-fetching');

  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('status', { name: 'Cancelled' })).toHaveText(
    `Fetching ${source} was cancelled; nothing was written.`,
  );
  await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect(readdirSync(join(tmp, 'temp')).filter((n) => n.startsWith('skillbench-source-'))).toEqual([]);
  expect(readdirSync(second)).toEqual([]);
});
