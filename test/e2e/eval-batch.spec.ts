// Batch mode in the Evals tab against `skillbench serve` and the fake model server's Message Batches API: the
// estimate in both modes before the run, the batch's progress while it waits, and its cost (half) after.
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../fakes/model-server.js';
import { EVAL_SKILLS, scriptedServer } from '../integration/evals/routes.js';
import { addModelProvider, openSkill, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

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

test('a trigger eval sent as a batch: the estimate of both modes, its progress, its cost after', async ({
  page,
}) => {
  // A model the price table knows, so that both costs are figures.
  await addModelProvider(page, model.anthropicBaseURL, 'sk-e2e-batch', 'claude-sonnet-4-5');
  await openSkill(page, 'csv-report', 'Evals');
  const estimate = page.getByRole('region', { name: 'Trigger eval' }).getByLabel('Estimated cost');
  await expect(estimate).toContainText(
    /cost about \$\d+\.\d{4} \(without caching \$\d+\.\d{4}\); as a batch about \$\d+\.\d{4}/,
  );
  const [direct, batchEstimate] = [...(await estimate.innerText()).matchAll(/about \$(\d+\.\d{4})/g)].map(
    (m) => Number(m[1]),
  );
  expect(batchEstimate).toBeCloseTo(direct! / 2, 3);
  // The library's collision run: every skill's set (6 + 3 queries), 3 runs each.
  await expect(page.getByRole('region', { name: 'Collisions' }).getByLabel('Estimated cost')).toContainText(
    /^Estimate: 27 requests, .*; as a batch about \$\d+\.\d{4}\.$/,
  );

  model.batch.pollsInProgress = 1; // one poll in progress, then done (the host waits 5 s between polls)
  await page.getByLabel('Batch (half price; results can take minutes to hours)').check();
  // A budget cannot stop a batch sent whole: the tab says so instead of letting it seem to apply.
  await page.getByLabel('Max cost (USD)').fill('5');
  await expect(page.getByRole('status').filter({ hasText: 'A batch is sent whole' })).toBeVisible();
  await page.getByLabel('Max cost (USD)').fill('');
  await page.getByRole('button', { name: 'Run trigger eval' }).click();
  // While it waits: the batch's state and a Cancel that would cancel it at the provider.
  await expect(page.getByRole('button', { name: 'Cancel batch' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Trigger eval' })).toContainText(
    /batch msgbatch_\d+: in_progress/,
  );

  const saved = page.getByRole('region', { name: 'Saved description' });
  await expect(saved).toContainText('4 of 6 queries passed', { timeout: 30_000 });
  await expect(saved).toContainText(/Sent as batch msgbatch_\d+ at half the price\./);
  await expect(saved.getByLabel('Usage and cost')).toContainText(/cost \$\d+\.\d{4}/);
  expect(model.batch.batches.size).toBe(1);
  expect([...model.batch.batches.values()][0]!.lines).toHaveLength(18);
});
