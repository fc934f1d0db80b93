// The Servers view (issue 16) against server-everything started by `skillbench serve`: call a tool, read a resource,
// get a prompt, answer an elicitation through the form, approve a sampling request, wrap a tool into a skill and run
// it from the runner.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer } from '../fakes/model-server.js';
import { docShot, showView, watchPageErrors } from './helpers.js';
import { startServe, type Served } from './serve-fixture.js';

let server: Served;
let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = watchPageErrors(page);
  server = await startServe({ workbench: true });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(server.url);
  await showView(page, 'Servers');
  await page
    .getByRole('listbox', { name: 'Server' })
    .getByRole('option', { name: /everything/ })
    .click();
});
test.afterEach(() => {
  server.stop();
  expect(pageErrors).toEqual([]);
});

const serverTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Server views' }).getByRole('tab', { name }).click();
const pick = (page: Page, list: string, name: string | RegExp) =>
  page.getByRole('listbox', { name: list }).getByRole('option').filter({ hasText: name }).first().click();
/** A server tool by its exact name (its option also shows the description). */
const pickTool = (page: Page, name: string) =>
  page
    .getByRole('listbox', { name: 'Tool' })
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .click();
const output = (page: Page) => page.getByRole('region', { name: 'Output' });

test('connect, call a tool, read a resource and a template, get a prompt, see the protocol log', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  // Starting the server (a node process) can take a while on a loaded machine.
  await expect(page.getByRole('region', { name: 'Instructions' })).toContainText('Everything Server', {
    timeout: 30_000,
  });
  await expect(page.getByText('connected').first()).toBeVisible();
  await docShot(page, 'servers');

  await serverTab(page, 'Tools');
  await pickTool(page, 'get-sum');
  const form = page.getByRole('region', { name: 'Arguments form' });
  await form.getByLabel(/^a/).fill('2');
  await form.getByLabel(/^b/).fill('40');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(output(page).getByLabel('Text output')).toHaveText('The sum of 2 and 40 is 42.');
  await docShot(page, 'servers-tool');

  await serverTab(page, 'Resources');
  await pick(page, 'Resource', 'architecture.md');
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Architecture');
  await pick(page, 'Resource template', '{resourceId}');
  await page.getByRole('form', { name: 'Template variables' }).getByLabel('resourceId').fill('3');
  await page.getByRole('button', { name: /^Read demo:\/\/resource\/dynamic\/text\/3/ }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Resource 3');

  await serverTab(page, 'Prompts');
  await pick(page, 'Prompt', 'args-prompt');
  await page.getByRole('form', { name: 'Prompt arguments' }).getByLabel('city').fill('Lyon');
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText(
    "What's weather in Lyon?",
  );

  await serverTab(page, 'Protocol log');
  const log = page.getByRole('list', { name: 'Protocol log' });
  await expect(log.getByText('prompts/get', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter messages' }).fill('tools/call');
  await expect(log.getByText('prompts/get', { exact: true })).toHaveCount(0);
  await expect(log.getByText('tools/call', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file, 'utf8')) as {
    server: string;
    messages: Array<{ direction: string; message: { method?: string; params?: { name?: string } } }>;
  };
  expect(exported.server).toBe('everything');
  expect(exported.messages.map((m) => `${m.direction} ${m.message.method}`)).toEqual(['out tools/call']);
  expect(exported.messages[0]?.message.params?.name).toBe('get-sum');
  await log.getByText('tools/call', { exact: true }).click();
  await expect(log.getByText('"get-sum"')).toBeVisible();
  await docShot(page, 'servers-log');
});

test('answer an elicitation through the form and approve a sampling request', async ({ page }) => {
  await serverTab(page, 'Tools');
  await pickTool(page, 'trigger-elicitation-request');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const card = page.getByRole('article', { name: 'elicitation request from everything' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send' })).toBeDisabled();
  // The form is the runner's schema form, each field labelled by its title.
  await card.getByLabel('String', { exact: true }).fill('Ada Lovelace');
  await docShot(page, 'servers-elicitation');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card).toHaveCount(0);
  await expect(output(page).getByLabel('Text output')).toContainText('Ada Lovelace');

  await pickTool(page, 'trigger-sampling-request');
  const form = page.getByRole('region', { name: 'Arguments form' });
  await form.getByLabel(/^prompt/).fill('capital of France?');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const sampling = page.getByRole('article', { name: 'sampling request from everything' });
  await expect(sampling).toContainText('capital of France?');
  await sampling.getByLabel('Sampling reply').fill('Paris, said a human.');
  await docShot(page, 'servers-sampling');
  await sampling.getByRole('button', { name: 'Approve and send' }).click();
  await expect(sampling).toHaveCount(0);
  await expect(output(page).getByLabel('Text output')).toContainText('Paris, said a human.');
});

test('wrap a server tool into a skill with a locked argument and run it from the runner', async ({
  page,
}) => {
  await serverTab(page, 'Tools');
  await pickTool(page, 'get-sum');
  await page.getByRole('button', { name: 'Wrap as skill tool…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Skill').selectOption({ label: 'commented-skill' });
  await dialog.getByLabel('Tool name').fill('add_to_two');
  await dialog.getByRole('checkbox', { name: 'a' }).check();
  await dialog.getByLabel('Locked value of a').fill('2');
  await expect(dialog.getByTestId('composed-name')).toHaveText('commented-skill__add_to_two');
  const schema = dialog.getByLabel('Advertised schema');
  await expect(schema).toContainText('b');
  await expect(schema.getByText(/^a:/)).toHaveCount(0);
  await docShot(page, 'servers-wrap');
  await dialog.getByRole('button', { name: 'Add to skill' }).click();
  await expect(dialog).toHaveCount(0);

  // The manifest kept its comments and gained the tool.
  const manifest = readFileSync(join(server.library, 'commented-skill', 'SKILL.md'), 'utf8');
  expect(manifest).toContain('name: commented-skill   # keep this comment');
  expect(manifest).toMatch(/tools:\n\s+- name: add_to_two\n[\s\S]*target: everything__get-sum\n[\s\S]*a: 2/);

  // The runner opened on that skill: the locked argument is read-only, b is asked for.
  await expect(page.getByRole('heading', { level: 2, name: 'commented-skill' })).toBeVisible();
  await page
    .getByRole('listbox', { name: 'Tool' })
    .getByRole('option')
    .filter({ hasText: 'add_to_two' })
    .click();
  await expect(page.getByRole('region', { name: 'Locked arguments' }).getByRole('textbox')).toHaveValue('2');
  await page.getByRole('region', { name: 'Arguments form' }).getByLabel(/^b/).fill('5');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(output(page).getByLabel('Text output')).toHaveText('The sum of 2 and 5 is 7.');
});

test('draft a sampling reply with a model provider set up in Settings, then approve it', async ({ page }) => {
  const model = await startFakeModelServer(() => ({ text: 'Paris (drafted by the model).' }));
  try {
    await showView(page, 'Settings');
    const form = page.getByRole('form', { name: 'Add a provider' });
    await form.getByLabel('Name').fill('local');
    await form.getByLabel('Kind').selectOption('anthropic');
    await form.getByLabel('Base URL').fill(model.anthropicBaseURL);
    await form.getByLabel('Model').fill('scripted-1');
    await form.getByLabel('API key').fill('sk-e2e-not-shown');
    await form.getByRole('button', { name: 'Add provider' }).click();
    await expect(page.getByRole('list', { name: 'Model providers' })).toContainText('key set');

    await showView(page, 'Servers');
    await page
      .getByRole('listbox', { name: 'Server' })
      .getByRole('option', { name: /everything/ })
      .click();
    await serverTab(page, 'Tools');
    await pickTool(page, 'trigger-sampling-request');
    await page
      .getByRole('region', { name: 'Arguments form' })
      .getByLabel(/^prompt/)
      .fill('capital of France?');
    await page.getByRole('button', { name: 'Call tool' }).click();
    const sampling = page.getByRole('article', { name: 'sampling request from everything' });
    await sampling.getByRole('button', { name: 'Draft with provider' }).click();
    const draft = sampling.getByRole('group', { name: 'Draft reply' });
    await expect(draft).toContainText('Paris (drafted by the model).');
    expect(JSON.stringify(model.received[0]?.body.messages)).toContain('capital of France?');
    await docShot(page, 'servers-sampling-draft');
    await draft.getByRole('button', { name: 'Use the draft' }).click();
    await expect(sampling.getByLabel('Sampling reply')).toHaveValue('Paris (drafted by the model).');
    await sampling.getByRole('button', { name: 'Approve and send' }).click();
    await expect(sampling).toHaveCount(0);
    await expect(output(page).getByLabel('Text output')).toContainText('Paris (drafted by the model).');
  } finally {
    await model.close();
  }
});
