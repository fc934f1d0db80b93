// The Playground against `skillbench serve` and a fake model (Anthropic's API, streamed): a question loads
// runner-demo, its tool runs only after the author approves it, the conversation is replayed against the editor's
// unsaved description and compared, and the turn is kept as a trigger query in the skill's trigger set.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../fakes/model-server.js';
import { addModelProvider, docShot, openSkill, shownJson, showView, watchPageErrors } from './helpers.js';
import { playgroundScript } from '../fakes/playground-model.js';
import { startServe, type Served } from './serve-fixture.js';

const EDITED = 'Greets teammates on the platform team.';
const QUESTION = 'Say hello to Ada from the platform team';

let model: FakeModelServer;
let server: Served;
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  model = await startFakeModelServer(
    playgroundScript({
      skill: 'runner-demo',
      tool: 'runner-demo__greet-team',
      input: { person: 'Ada' },
      edited: EDITED,
    }),
  );
  server = await startServe({ workbench: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url);
});
test.afterEach(async () => {
  server.stop();
  await model.close();
  expect(pageErrors).toEqual([]);
});

/** Whether the model was ever sent the tool's result (it is, only once the call ran). */
const toolResultSent = () =>
  model.received.some((r) => JSON.stringify(r.body).includes('Hello Ada from platform'));

test('ask, approve the tool, replay against an unsaved edit, keep the turn as a trigger query', async ({
  page,
}) => {
  const skillFolder = join(server.library, 'runner-demo');
  await addModelProvider(page, model.anthropicBaseURL, 'sk-playground');
  await openSkill(page, 'runner-demo');
  await showView(page, 'Playground');
  const playground = page.getByRole('region', { name: 'Playground' });
  await expect(playground.getByLabel('For')).toHaveValue(/runner-demo$/);

  const message = playground.getByRole('textbox', { name: 'Message to the model' });
  await message.fill(QUESTION);
  await message.press('Enter');
  const turn = playground
    .getByRole('list', { name: 'Conversation' })
    .getByRole('listitem', { name: 'Turn 1' });
  await expect(turn.getByText(/^Catalog sent \(\d+ skills, \d+ tools?\)$/)).toBeVisible();
  const skill = turn.getByRole('region', { name: 'Skill runner-demo' });
  await expect(skill).toContainText('Skill runner-demo loaded');
  await skill.getByText('Instructions as the model received them').click();
  await expect(skill.locator('pre')).toContainText('Review');

  // The call waits: nothing ran, the model has no result, the form holds the model's arguments.
  const card = turn.getByRole('region', { name: 'Tool call runner-demo__greet-team' });
  await expect(card.getByRole('status')).toHaveText('Waiting for your approval');
  await expect(card.getByRole('textbox', { name: /person/ })).toHaveValue('Ada');
  expect(toolResultSent()).toBe(false);
  await expect(playground.getByRole('button', { name: 'Stop' })).toBeVisible();
  await docShot(page, 'playground-approval');
  // The runner's JSON pane, on request, holds the same arguments.
  await card.getByRole('button', { name: 'JSON', pressed: false }).click();
  await expect.poll(() => shownJson(page)).toEqual({ person: 'Ada' });

  await card.getByRole('button', { name: 'Run' }).click();
  await expect(card.getByLabel('Text output')).toContainText('Hello Ada from platform');
  await expect(turn.getByText('the tool said Hello Ada from platform')).toBeVisible();
  expect(toolResultSent()).toBe(true);
  await expect(playground.getByRole('button', { name: 'Send' })).toBeVisible();
  // Nothing was written without a click: no conversation saved yet.
  expect(existsSync(join(skillFolder, '.skillbench', 'conversations'))).toBe(false);

  // An unsaved edit of the description, in the editor's frontmatter panel.
  await openSkill(page, 'runner-demo', 'Edit');
  await page.getByRole('complementary', { name: 'Frontmatter' }).getByLabel('description').fill(EDITED);
  await showView(page, 'Playground');
  // The conversation came back with the view.
  await expect(turn.getByText('the tool said Hello Ada from platform')).toBeVisible();

  const replay = playground.getByRole('region', { name: 'Replay' });
  await replay.getByLabel('Replay against').selectOption('unsaved');
  await replay.getByRole('button', { name: 'Save and replay' }).click();
  const replayCard = replay.getByRole('region', { name: 'Tool call runner-demo__greet-team' });
  await replayCard.getByRole('button', { name: 'Run' }).click();
  const compared = replay.getByRole('region', { name: 'Replay comparison' });
  await expect(compared).toContainText('1 of 1 turns changed');
  const table = compared.getByRole('table', { name: 'Turn 1 compared' });
  await expect(table.getByRole('row', { name: /Skills fired/ })).toContainText('runner-demo');
  await expect(table.getByRole('row', { name: /Tools called/ })).toContainText('runner-demo__greet-team');
  await expect(table.getByRole('row', { name: /Answer/ })).toContainText(
    'With the edited skill: the tool said Hello Ada from platform',
  );
  await expect(compared.locator('.answer-diff ins')).not.toHaveCount(0);
  // The original was saved by that click, in the skill's folder; the edit stays unsaved.
  expect(readdirSync(join(skillFolder, '.skillbench', 'conversations'))).toHaveLength(1);
  expect(readFileSync(join(skillFolder, 'SKILL.md'), 'utf8')).not.toContain(EDITED);
  await docShot(page, 'playground-replay');

  await turn
    .getByRole('group', { name: 'Keep turn 1 as a trigger query' })
    .getByRole('button', { name: 'Should trigger' })
    .click();
  const status = playground.locator('.playground-status');
  await expect(status).toContainText('Kept as a query that should trigger runner-demo in');
  const file = (await status.textContent())?.replace(/^.* in /, '') ?? '';
  expect(file).toMatch(/trigger-eval\.json$/);
  const set = JSON.parse(readFileSync(file, 'utf8')) as Array<{ query: string; should_trigger: boolean }>;
  expect(set).toContainEqual({ query: QUESTION, should_trigger: true });
});

test('a bundled skill, library-wide: its shell tool allowed for the conversation runs again without asking; saved in the data folder', async ({
  page,
}) => {
  model.script = playgroundScript({
    skill: 'greeting-shell',
    tool: 'greeting-shell__greet',
    input: { name: 'Ada', place: 'Lisbon' },
  });
  await addModelProvider(page, model.anthropicBaseURL, 'sk-playground');
  await showView(page, 'Playground');
  const playground = page.getByRole('region', { name: 'Playground' });
  await playground.getByLabel('For').selectOption('');
  const message = playground.getByRole('textbox', { name: 'Message to the model' });
  const conversation = playground.getByRole('list', { name: 'Conversation' });

  await message.fill('Greet Ada in Lisbon');
  await message.press('Enter');
  const first = conversation.getByRole('listitem', { name: 'Turn 1' });
  await expect(first.getByRole('region', { name: 'Skill greeting-shell' })).toContainText(
    'Skill greeting-shell loaded',
  );
  const card = first.getByRole('region', { name: 'Tool call greeting-shell__greet' });
  await expect(card.getByRole('status')).toHaveText('Waiting for your approval');
  await card.getByRole('button', { name: 'Always allow greet in this conversation' }).click();
  await expect(first.getByText('the tool said Hello, Ada! Welcome to Lisbon.')).toBeVisible();

  await message.fill('Once more, please');
  await message.press('Enter');
  const second = conversation.getByRole('listitem', { name: 'Turn 2' });
  await expect(second.getByText('the tool said Hello, Ada! Welcome to Lisbon.')).toBeVisible();
  // Allowed for the conversation: it ran without a Run button ever showing in this turn.
  await expect(second.getByRole('button', { name: 'Run' })).toHaveCount(0);

  // Bundled skills are read-only: a library-wide conversation goes to the data folder.
  await playground.getByRole('button', { name: 'Save', exact: true }).click();
  const status = playground.locator('.playground-status');
  await expect(status).toContainText('Saved to');
  const file = (await status.textContent())?.replace(/^Saved to /, '') ?? '';
  expect(file).toMatch(/conversations[\\/][^\\/]+\.json$/);
  expect(file.startsWith(server.library)).toBe(false);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { allowedTools: string[]; turns: unknown[] };
  expect(saved.allowedTools).toEqual(['greeting-shell__greet']);
  expect(saved.turns).toHaveLength(2);
});
