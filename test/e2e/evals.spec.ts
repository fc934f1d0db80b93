// The Evals tab (issue 15) against `skillbench serve` and the fake model server started here: a provider set up
// through Settings (its key write-only), the trigger set edited, a trigger eval run with its results, the library's
// collision heat map, an output eval with its benchmark chart, and a transcript opened.
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../fakes/model-server.js';
import { EVAL_SKILLS, OPTIMIZE, optimizerScript, scriptedServer } from '../integration/evals/routes.js';
import { addModelProvider, docShot, openSkill, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

const KEY = 'sk-e2e-not-shown';

let model: FakeModelServer;
let server: Served;
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  model = await startFakeModelServer(scriptedServer());
  server = await startServe({ skills: EVAL_SKILLS });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
});
test.afterEach(async () => {
  server.stop();
  await model.close();
  expect(pageErrors).toEqual([]);
});

async function addProvider(page: Page) {
  const form = await addModelProvider(page, model.anthropicBaseURL, KEY);
  const list = page.getByRole('list', { name: 'Model providers' });
  await expect(list).toContainText(model.anthropicBaseURL);
  await expect(page.getByText(KEY)).toHaveCount(0);
  await expect(form.getByLabel('API key')).toHaveValue('');
  await form.scrollIntoViewIfNeeded();
  await docShot(page, 'evals-providers');
}

test('set up a provider, edit and run a trigger set, see the results and the collision heat map', async ({
  page,
}) => {
  await addProvider(page);
  await openSkill(page, 'csv-report', 'Evals');
  const set = page.getByRole('region', { name: 'Trigger set' });
  await expect(set.getByLabel('Query 6', { exact: true })).toHaveValue(
    'Write a commit message for my staged changes',
  );
  // Editing: a row added and removed leaves the set as it was (nothing to save).
  await set.getByRole('button', { name: 'Add query' }).click();
  await set.getByLabel('Query 7', { exact: true }).fill('Chart the columns of sales.csv');
  await expect(set.getByRole('status')).toContainText('4 should trigger, 3 should not · unsaved');
  await set.getByRole('button', { name: 'Remove query 7' }).click();

  await page.getByRole('button', { name: 'Run trigger eval' }).click();
  const saved = page.getByRole('region', { name: 'Saved description' });
  await expect(saved).toContainText('4 of 6 queries passed');
  // Both views, labelled: over runs as skill-creator counts, and per query.
  const views = saved.getByRole('table', { name: 'Precision and recall, Saved description' });
  await expect(views.getByRole('row', { name: /over runs \(skill-creator\)/ })).toContainText(
    '75.0% (6/8)66.7% (6/9)72.2% (13/18)',
  );
  await expect(views.getByRole('row', { name: /per query/ })).toContainText(
    '66.7% (2/3)66.7% (2/3)66.7% (4/6)',
  );
  const plot = saved.getByRole('row').filter({ hasText: 'Plot the monthly totals in metrics.csv' });
  await expect(plot).toContainText('1/3');
  await expect(plot).toContainText('FAIL');
  await expect(plot).toContainText('pdf-extract ×1');
  expect(model.received.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  await docShot(page, 'evals-triggers');

  await page.getByRole('button', { name: 'Run library collisions' }).click();
  const heat = page.getByRole('table', { name: 'Collision matrix' });
  // pdf-extract's queries fired csv-report twice: the collision off the diagonal.
  await expect(heat.getByRole('row').nth(2).getByRole('cell')).toHaveText(['2 runs', '4 runs']);
  await expect(heat).toHaveAccessibleDescription(/^Each cell counts runs/);
  await expect(heat.getByRole('columnheader')).toHaveText([/queries of/, 'csv-report', 'pdf-extract']);
  await heat.scrollIntoViewIfNeeded();
  await docShot(page, 'evals-collisions');

  // The results are files: they reopen with the tab.
  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Evals' }).click();
  await expect(page.getByRole('region', { name: 'Saved description' })).toContainText('66.7%');
  await expect(page.getByRole('table', { name: 'Collision matrix' })).toBeVisible();
});

test('run an output eval, see the benchmark chart and open a transcript', async ({ page }) => {
  await addProvider(page);
  await openSkill(page, 'csv-report', 'Evals');
  await page.getByRole('spinbutton', { name: 'Runs' }).fill('1');
  await page.getByRole('button', { name: 'Run output evals' }).click();
  const output = page.getByRole('region', { name: 'Output evals' });
  const benchmark = output.getByRole('definition').first();
  await expect(benchmark).toContainText('100.0%');
  await expect(
    output.getByRole('img', { name: /^Pass rate \(%\): with skill 100\.0, without skill 66\.7/ }),
  ).toBeVisible();
  // Beside the results: what the iteration used and cost (executor and grader together).
  await expect(output.getByLabel('Usage and cost')).toContainText(/^Tokens [\d,]+ in, .* out; cost /);
  // Named by the start of its prompt, not by its folder (eval-1).
  await output.getByRole('button', { name: 'Transcript of Summarise this CSV: with_skill run 1' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('list', { name: 'Messages' })).toContainText('csv-report__count_rows');
  await expect(transcript.getByRole('list', { name: 'Messages' })).toContainText('## Report');
  await expect(transcript.getByRole('region', { name: 'Grading' })).toContainText('3/3 passed');
  await expect(transcript.getByRole('region', { name: 'Grading' })).toContainText('Evidence: first line');
  await transcript.scrollIntoViewIfNeeded();
  await docShot(page, 'evals-output');
});

test('generate near-misses with the model, take some of them, and save the set', async ({ page }) => {
  await addProvider(page);
  await openSkill(page, 'csv-report', 'Evals');
  const set = page.getByRole('region', { name: 'Trigger set' });
  await expect(set.getByLabel('Query 6', { exact: true })).toHaveValue(
    'Write a commit message for my staged changes',
  );
  // A row typed before asking stays where it is.
  await set.getByRole('button', { name: 'Add query' }).click();
  await set.getByLabel('Query 7', { exact: true }).fill('Chart the columns of sales.csv');
  await set.getByRole('button', { name: 'Generate near-misses…' }).click();
  const proposals = set.getByRole('region', { name: 'Proposed queries' });
  await expect(proposals).toContainText('4 new, 2 already in the set left out');
  await expect(proposals.getByRole('row')).toHaveCount(5);
  await expect(set.getByLabel('Query 8', { exact: true })).toHaveCount(0);
  await proposals.getByRole('button', { name: 'Add "Extract the tables from q3.pdf into a CSV"' }).click();
  await proposals.getByRole('checkbox', { name: 'Select "Make a report from q3-sales.csv"' }).check();
  await proposals.scrollIntoViewIfNeeded();
  await docShot(page, 'evals-generate');
  await proposals.getByRole('button', { name: 'Add selected (1)' }).click();
  await expect(set.getByLabel('Query 7', { exact: true })).toHaveValue('Chart the columns of sales.csv');
  await expect(set.getByLabel('Query 8', { exact: true })).toHaveValue(
    'Extract the tables from q3.pdf into a CSV',
  );
  await expect(set.getByLabel('Query 8 should trigger', { exact: true })).not.toBeChecked();
  await expect(set.getByLabel('Query 9', { exact: true })).toHaveValue('Make a report from q3-sales.csv');
  await expect(set.getByRole('status').last()).toContainText('Added 1 query; not saved yet.');
  await set.getByRole('button', { name: 'Save trigger set' }).click();
  await expect(set.getByText('Saved.')).toBeVisible();
  await expect(proposals.getByRole('row')).toHaveCount(3); // the two not taken are still offered
  // They were paid for: switching tabs and back keeps them.
  const tabs = page.getByRole('tablist', { name: 'Skill views' });
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  await tabs.getByRole('tab', { name: 'Evals' }).click();
  await expect(page.getByRole('region', { name: 'Proposed queries' }).getByRole('row')).toHaveCount(3);
});

test('a budget set in the tab stops a run, says so, and is remembered for the skill', async ({ page }) => {
  await addProvider(page);
  await openSkill(page, 'csv-report', 'Evals');
  const bar = page.getByRole('group', { name: 'Model' });
  await bar.getByLabel('Max tokens').fill('many');
  await expect(bar.getByRole('alert')).toHaveText(
    'Max tokens is a whole number of at least 1 (got "many"), or empty for no limit.',
  );
  await expect(page.getByRole('button', { name: 'Run trigger eval' })).toBeDisabled();
  await bar.getByLabel('Max tokens').fill('200');
  await page.getByRole('button', { name: 'Run trigger eval' }).click();
  const saved = page.getByRole('region', { name: 'Saved description' });
  const stop = saved.getByRole('status', { name: 'Stopped by the budget' });
  await expect(stop).toContainText(
    /Stopped by the budget: token budget spent: \d+ of 200 tokens used; \d of 6 queries finished \(\d+ of 18 runs\)\./,
  );
  await expect(saved.getByRole('row').filter({ hasText: 'skipped' }).first()).toBeVisible();
  await saved.scrollIntoViewIfNeeded();
  await docShot(page, 'evals-budget');

  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Evals' }).click();
  await expect(bar.getByLabel('Max tokens')).toHaveValue('200');
  await expect(page.getByRole('status', { name: 'Stopped by the budget' })).toBeVisible();
});

test('optimise the description: the iterations, the diff of SKILL.md, and apply it', async ({ page }) => {
  model.script = optimizerScript();
  await addProvider(page);
  await openSkill(page, 'csv-report', 'Evals');
  const section = page.getByRole('region', { name: 'Description optimisation' });
  await section.getByRole('button', { name: 'Optimise description…' }).click();
  const best = section
    .getByRole('table', { name: 'Iterations' })
    .getByRole('row')
    .filter({ hasText: 'best' });
  await expect(best).toContainText(OPTIMIZE.first);
  await expect(best).toContainText('3/4');
  await expect(section.getByLabel('Proposed change to SKILL.md')).toContainText(
    `+description: "${OPTIMIZE.first}"`,
  );
  await section.scrollIntoViewIfNeeded();
  await docShot(page, 'evals-optimize');
  await section.getByRole('button', { name: 'Apply to SKILL.md' }).click();
  await expect(section.getByRole('status')).toHaveText('Applied to SKILL.md.');
  await page.getByRole('tablist', { name: 'Skill views' }).getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByText(OPTIMIZE.first).first()).toBeVisible();
});
