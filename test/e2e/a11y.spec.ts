// Accessibility: axe-core on every view and skill tab in the light and the dark theme, the runner with a form of
// every kind of control, the Add skills panel looking inside a source, the Evals tab with its results, heat map
// and proposals, and the Playground with a conversation (both themes), with no serious or critical violation. axe is injected by the test; the page's CSP is bypassed for
// that script only in this spec.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer } from '../fakes/model-server.js';
import { EVAL_SKILLS, scriptedServer } from '../integration/evals/routes.js';
import { VIEWS } from '../../shared/views.js';
import { addModelProvider, openSkill, showView, watchPageErrors } from './helpers.js';
import { playgroundScript } from '../fakes/playground-model.js';
import { REPO, startServe, type Served } from './serve-fixture.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test.use({ bypassCSP: true });

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ skills: ['form-shapes', ...EVAL_SKILLS] });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Serious and critical violations on the page as it is now, as "rule: help (targets)" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    // The name-contains-label rule is still marked experimental in axe, so it is switched on by name.
    const rules = { 'label-content-name-mismatch': { enabled: true } };
    return (await axe.run(document, { rules })).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the library page', async ({ page }) => {
  await expect(page.getByRole('listbox', { name: 'Skills' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the editor', async ({ page }) => {
  await openSkill(page, 'form-shapes', 'Edit');
  await expect(page.locator('.editor-view .monaco-editor').first()).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the runner, on forms with unions, nullable fields, maps, tuples and recursion', async ({ page }) => {
  await openSkill(page, 'form-shapes', 'Run');
  const tools = page.getByRole('listbox', { name: 'Tool' });
  for (const name of [
    'shape',
    'nullable-default-null',
    'env-map',
    'point',
    'binary',
    'conditional',
    'people',
  ]) {
    await tools
      .getByRole('option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .click();
    await expect(page.getByRole('region', { name: 'Arguments form' })).toBeVisible();
    const add = page.getByRole('region', { name: 'Arguments form' }).getByRole('button', { name: /^Add / });
    if (await add.count()) await add.first().click();
    expect(await seriousViolations(page), name).toEqual([]);
  }
});

test('the Add skills panel, looking inside a source with findings and tools', async ({ page }) => {
  await page.getByRole('button', { name: 'Add skills' }).click();
  const panel = page.getByRole('region', { name: 'Add skills' });
  await panel.getByRole('textbox', { name: 'Source' }).fill(join(REPO, 'test', 'fixtures', 'manage', 'repo'));
  await panel.getByRole('button', { name: 'Look inside' }).click();
  await expect(panel.getByRole('article', { name: 'Skill pdf-tools' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Evals tab, with trigger results, the collision heat map, proposals and output evals', async ({
  page,
}) => {
  const model = await startFakeModelServer(scriptedServer());
  try {
    await addModelProvider(page, model.anthropicBaseURL, 'sk-a11y');
    expect(await seriousViolations(page), 'Settings with a provider').toEqual([]);
    await openSkill(page, 'csv-report', 'Evals');
    const bar = page.getByRole('group', { name: 'Model' });
    await bar.getByLabel('Runs').fill('1');
    // The trigger run is stopped by a budget, so its notice is checked too; the other runs have none.
    await bar.getByLabel('Max tokens').fill('200');
    await page.getByRole('button', { name: 'Run trigger eval' }).click();
    await expect(page.getByRole('status', { name: 'Stopped by the budget' })).toBeVisible();
    await bar.getByLabel('Max tokens').fill('');
    await page.getByRole('button', { name: 'Run library collisions' }).click();
    await expect(page.getByRole('table', { name: 'Collision matrix' })).toBeVisible();
    await page.getByRole('button', { name: 'Generate near-misses…' }).click();
    await expect(page.getByRole('region', { name: 'Proposed queries' })).toBeVisible();
    await page.getByRole('button', { name: 'Run output evals' }).click();
    await expect(page.getByRole('img', { name: /^Pass rate/ })).toBeVisible();
    await page.getByRole('button', { name: 'Transcript of Summarise this CSV: with_skill run 1' }).click();
    await expect(page.getByRole('region', { name: 'Transcript' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await model.close();
  }
});

for (const scheme of ['light', 'dark'] as const)
  test(`the Playground, with a tool call waiting, its output and a replay beside it, in the ${scheme} theme`, async ({
    page,
  }) => {
    const model = await startFakeModelServer(
      playgroundScript({
        skill: 'greeting-shell',
        tool: 'greeting-shell__greet',
        input: { name: 'Ada', place: 'Lyon' },
      }),
    );
    try {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await addModelProvider(page, model.anthropicBaseURL, 'sk-a11y');
      await showView(page, 'Playground');
      const playground = page.getByRole('region', { name: 'Playground' });
      await playground.getByRole('textbox', { name: 'Message to the model' }).fill('Greet Ada in Lyon');
      await playground.getByRole('button', { name: 'Send' }).click();
      const card = playground.getByRole('region', { name: 'Tool call greeting-shell__greet' });
      await expect(card.getByRole('status')).toHaveText('Waiting for your approval');
      await playground.getByText(/^Catalog sent/).click();
      expect(await seriousViolations(page), 'a call waiting').toEqual([]);
      await card.getByRole('button', { name: 'Run' }).click();
      await expect(playground.getByText('the tool said Hello, Ada! Welcome to Lyon.')).toBeVisible();
      const replay = playground.getByRole('region', { name: 'Replay' });
      await replay.getByRole('button', { name: 'Save and replay' }).click();
      await replay
        .getByRole('region', { name: 'Tool call greeting-shell__greet' })
        .getByRole('button', { name: 'Run' })
        .click();
      await expect(replay.getByRole('region', { name: 'Replay comparison' })).toBeVisible();
      expect(await seriousViolations(page), 'a replay compared').toEqual([]);
    } finally {
      await model.close();
    }
  });

for (const scheme of ['light', 'dark'] as const)
  test(`every view and every skill tab, in the ${scheme} theme (the theme follows the system's)`, async ({
    page,
  }) => {
    server.stop();
    server = await startServe({ workbench: true, skills: ['runtime/cc-commands'] });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(server.url);
    pageErrors.length = 0; // the first page's reconnects to the server stopped above
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const found: string[] = [];
    const check = async (where: string) =>
      found.push(...(await seriousViolations(page)).map((v) => `${where}: ${v}`));
    const loaded = () => expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 30_000 });

    // A selected row with error, warning and tool badges, and a skill whose preview has commands to run.
    await openSkill(page, 'Bad_Name');
    await check('the library, with a row selected');
    await openSkill(page, 'cc-commands');
    await check('Overview');
    const skillTabs = page.getByRole('tablist', { name: 'Skill views' });
    for (const tab of ['Edit', 'Run', 'Preview', 'Evals']) {
      await skillTabs.getByRole('tab', { name: tab }).click();
      await loaded();
      if (tab === 'Edit') await expect(page.locator('.editor-view .monaco-editor').first()).toBeVisible();
      if (tab === 'Preview')
        await expect(page.getByRole('button', { name: 'Run in sandbox: command 1' })).toBeVisible();
      await check(tab);
    }
    const views = page.getByRole('tablist', { name: 'Views' });
    for (const view of VIEWS.filter((v) => v.id !== 'skill')) {
      await views.getByRole('tab', { name: view.label }).click();
      await loaded();
      await check(view.label);
    }
    await page.getByRole('button', { name: 'Add skills' }).click();
    await expect(page.getByRole('region', { name: 'Add skills' })).toBeVisible();
    await check('Add skills');
    expect(found).toEqual([]);
  });
