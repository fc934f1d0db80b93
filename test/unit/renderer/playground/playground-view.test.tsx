// @vitest-environment jsdom
// The Playground over an in-process Host and the fake model server: a turn streams its steps, the tool call waits
// for the author (the model gets no result before Run), runs, and the answer follows; a refusal is told to the
// model; Stop cancels a waiting call; nothing is written until Save or a Keep button is clicked, and the status
// line names the file written.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Host } from '../../../../electron/host/host.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { ListedEntry } from '../../../../shared/types.js';
import { BufferStore } from '../../../../renderer/src/editor/buffers.js';
import PlaygroundView from '../../../../renderer/src/playground/PlaygroundView.js';
import { startFakeModelServer, type FakeModelServer } from '../../../fakes/model-server.js';
import { playgroundScript } from '../../../fakes/playground-model.js';
import { FIXTURES, hostApi, REPO } from '../../../helpers.js';

const QUESTION = 'Say hello to Ada from the platform team';
let model: FakeModelServer;
let host: Host;
let api: HostApi;
let folder: string;
let entries: ListedEntry[];

beforeAll(async () => {
  // The host runs in this jsdom page, where the model SDKs refuse to run (they look for a browser's navigator).
  vi.stubGlobal('navigator', undefined);
  model = await startFakeModelServer(
    playgroundScript({ skill: 'runner-demo', tool: 'runner-demo__greet-team', input: { person: 'Ada' } }),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await model.close();
});

beforeEach(async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-playground-'));
  folder = join(root, 'runner-demo');
  cpSync(join(FIXTURES, 'workbench', 'runner-demo'), folder, { recursive: true });
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-playground-data-')),
    projectRoots: [root],
    trustProjectRoots: true,
    watch: false,
  });
  api = hostApi(host);
  const saved = await api.invoke('evals:save-provider', {
    provider: { name: 'fake', kind: 'anthropic', model: 'scripted-1', baseURL: model.anthropicBaseURL },
    key: 'sk-test-playground-0123',
  });
  if (!saved.ok) throw new Error(saved.error.message);
  const listed = await api.invoke('skills:list', {});
  if (!listed.ok) throw new Error(listed.error.message);
  entries = listed.value.entries;
  model.received.length = 0;
});
afterEach(async () => {
  cleanup();
  await host.close();
});

/** The Playground opened with `selected` the library's selection (runner-demo unless given). */
function playground(selected = entries.find((e) => e.skill?.name === 'runner-demo')) {
  const buffers = new BufferStore(api);
  return (
    <PlaygroundView
      host={api}
      entries={entries}
      entry={selected}
      buffers={buffers}
      theme="light"
      profile="skillbench"
      onShow={() => undefined}
    />
  );
}

function renderPlayground() {
  render(playground());
  return screen.getByRole('region', { name: 'Playground' });
}

const toolResultSent = () =>
  model.received.some((r) => JSON.stringify(r.body).includes('Hello Ada from platform'));

/** Sends the question as turn `number` and answers with its tool call, waiting for approval. */
async function ask(view: HTMLElement, number = 1) {
  const box = within(view).getByRole('textbox', { name: 'Message to the model' });
  await waitFor(() => expect(within(view).getByLabelText('Provider')).toHaveProperty('value', 'fake'));
  fireEvent.change(box, { target: { value: QUESTION } });
  fireEvent.keyDown(box, { key: 'Enter' });
  const turn = await within(view).findByRole('listitem', { name: `Turn ${number}` });
  const card = await within(turn).findByRole(
    'region',
    { name: 'Tool call runner-demo__greet-team' },
    { timeout: 10_000 },
  );
  await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Waiting for your approval'));
  return card;
}

describe('a Playground turn', () => {
  it('shows each step, waits for approval before the tool runs, then shows its output and the answer', async () => {
    const { rerender } = render(playground());
    const view = screen.getByRole('region', { name: 'Playground' });
    const card = await ask(view);
    // Started, the conversation keeps its skill when another is selected in the library.
    const demoId = entries.find((e) => e.skill?.name === 'runner-demo')?.id;
    rerender(playground(entries.find((e) => e.skill?.name === 'greeting-shell')));
    expect(within(view).getByLabelText('For')).toHaveProperty('value', demoId);
    const turn = within(view).getByRole('listitem', { name: 'Turn 1' });
    expect(within(turn).getByText(/^Catalog sent \(\d+ skills, \d+ tools?\)$/)).toBeTruthy();
    expect(within(turn).getByRole('region', { name: 'Skill runner-demo' }).textContent).toContain('loaded');
    expect(within(view).getByRole('status', { name: 'Approval' }).textContent).toBe(
      'A tool call waits for your approval.',
    );
    // Waiting: the model has had no result, however long it waits.
    await new Promise((r) => setTimeout(r, 300));
    expect(toolResultSent()).toBe(false);
    expect(within(view).getByRole('button', { name: 'Stop' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Run' }));
    await within(turn).findByText('the tool said Hello Ada from platform', undefined, { timeout: 10_000 });
    expect(within(card).getByLabelText('Text output').textContent).toContain('Hello Ada from platform');
    expect(within(view).getByRole('status', { name: 'Approval' }).textContent).toBe('');
    expect(toolResultSent()).toBe(true);
    expect(existsSync(join(folder, '.skillbench', 'conversations'))).toBe(false);
  });

  it('tells the model a refusal, and runs nothing', async () => {
    const view = renderPlayground();
    const card = await ask(view);
    fireEvent.change(within(card).getByRole('textbox', { name: /Reason to refuse/ }), {
      target: { value: 'not Ada' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Refused'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(within(view).getByRole('button', { name: 'Send' })).toBeTruthy());
    expect(toolResultSent()).toBe(false);
    expect(JSON.stringify(model.received.at(-1)?.body)).toContain('not Ada');
  });
});

describe('stopping a turn', () => {
  it('cancels the waiting call, says the turn stopped, and lets the conversation go on', async () => {
    const view = renderPlayground();
    const card = await ask(view);
    const stop = within(view).getByRole('button', { name: 'Stop' });
    stop.focus();
    fireEvent.click(stop);
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Cancelled'), {
      timeout: 10_000,
    });
    const turn = within(view).getByRole('listitem', { name: 'Turn 1' });
    await waitFor(() => expect(turn.querySelector('.stopped-step')?.textContent).toMatch(/^Stopped\./));
    await waitFor(() => expect(within(view).getByRole('button', { name: 'Send' })).toBeTruthy());
    // Stop went with the turn: the focus is back in the message box.
    expect(document.activeElement).toBe(within(view).getByRole('textbox', { name: 'Message to the model' }));
    expect(toolResultSent()).toBe(false);
    // The next turn asks again.
    await ask(view, 2);
  });
});

describe('a saved conversation', () => {
  it('opens from the list in place of the current one, shown, not continued, and replayable', async () => {
    const view = renderPlayground();
    const card = await ask(view);
    fireEvent.click(within(card).getByRole('button', { name: 'Run' }));
    await within(view).findByText('the tool said Hello Ada from platform', undefined, { timeout: 10_000 });
    fireEvent.click(within(view).getByRole('button', { name: 'Save' }));
    const listed = await within(view).findByRole('button', { name: QUESTION });
    fireEvent.click(within(view).getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(within(view).queryByRole('list', { name: 'Conversation' })).toBeNull());

    fireEvent.click(listed);
    const turn = await within(view).findByRole('listitem', { name: 'Turn 1' });
    expect(within(turn).getByText('the tool said Hello Ada from platform')).toBeTruthy();
    // Its tool call is shown as it ran, with nothing left to answer.
    const shown = within(turn).getByRole('region', { name: 'Tool call runner-demo__greet-team' });
    expect(within(shown).queryByRole('button', { name: 'Run' })).toBeNull();
    expect(within(view).getByRole('textbox', { name: 'Message to the model' })).toHaveProperty(
      'placeholder',
      'A saved conversation is shown: replay it, or start a New conversation.',
    );
    expect(within(view).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(within(view).getByRole('button', { name: 'Replay' })).toHaveProperty('disabled', false);
    // Kept as an output eval from its file: the host no longer holds it in memory.
    fireEvent.click(within(view).getByRole('button', { name: 'Keep as output eval' }));
    const status = () => view.querySelector('.playground-status')?.textContent ?? '';
    await waitFor(() => expect(status()).toMatch(/^Kept as output eval \d+ of runner-demo in /));
    const evals = JSON.parse(readFileSync(join(folder, 'evals', 'evals.json'), 'utf8')) as {
      evals: Array<{ prompt: string; expected_output: string }>;
    };
    expect(evals.evals.at(-1)).toMatchObject({
      prompt: QUESTION,
      expected_output: 'the tool said Hello Ada from platform',
    });
  });
});

describe('leaving a conversation', () => {
  it('with unsaved turns asks in a banner first: Keep it, Save then go on, or Discard it', async () => {
    const view = renderPlayground();
    const card = await ask(view);
    fireEvent.click(within(card).getByRole('button', { name: 'Run' }));
    await within(view).findByText('the tool said Hello Ada from platform', undefined, { timeout: 10_000 });
    const conversation = () => within(view).queryByRole('list', { name: 'Conversation' });

    fireEvent.click(within(view).getByRole('button', { name: 'New conversation' }));
    const banner = within(view).getByRole('status', { name: 'Unsaved conversation' });
    expect(banner.textContent).toContain('This conversation has 1 unsaved turn.');
    // Nothing is lost by the click, and no choice takes the focus.
    expect(conversation()).not.toBeNull();
    expect(banner.contains(document.activeElement)).toBe(false);
    fireEvent.click(within(banner).getByRole('button', { name: 'Keep it' }));
    expect(within(view).queryByRole('status', { name: 'Unsaved conversation' })).toBeNull();
    expect(conversation()).not.toBeNull();

    fireEvent.click(within(view).getByRole('button', { name: 'New conversation' }));
    fireEvent.click(
      within(within(view).getByRole('status', { name: 'Unsaved conversation' })).getByRole('button', {
        name: 'Save, then go on',
      }),
    );
    await waitFor(() => expect(conversation()).toBeNull());
    const saved = join(folder, '.skillbench', 'conversations');
    expect(readdirSync(saved).length).toBeGreaterThan(0);

    // A saved conversation is left without asking; a new unsaved one can be discarded.
    const again = await ask(view);
    fireEvent.click(within(again).getByRole('button', { name: 'Refuse' }));
    await within(view).findAllByText(/refused/i, undefined, { timeout: 10_000 });
    fireEvent.click(within(view).getByRole('button', { name: 'New conversation' }));
    fireEvent.click(
      within(within(view).getByRole('status', { name: 'Unsaved conversation' })).getByRole('button', {
        name: 'Discard it',
      }),
    );
    await waitFor(() => expect(conversation()).toBeNull());
  });
});

describe('what a click writes', () => {
  it('saves the conversation and keeps a turn as a trigger query, naming each file', async () => {
    const view = renderPlayground();
    const card = await ask(view);
    fireEvent.click(within(card).getByRole('button', { name: 'Run' }));
    await within(view).findByText('the tool said Hello Ada from platform', undefined, { timeout: 10_000 });
    const status = () => view.querySelector('.playground-status')?.textContent ?? '';

    fireEvent.click(within(view).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(status()).toMatch(/^Saved to /));
    const saved = status().replace(/^Saved to /, '');
    expect(saved.startsWith(join(folder, '.skillbench', 'conversations'))).toBe(true);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({ turns: [{ user: QUESTION }] });
    // The saved list shows it.
    await within(view).findByRole('button', { name: QUESTION });

    const keep = within(view).getByRole('group', { name: 'Keep turn 1 as a trigger query' });
    fireEvent.click(within(keep).getByRole('button', { name: 'Should not trigger' }));
    await waitFor(() => expect(status()).toMatch(/^Kept as a query that should not trigger runner-demo in /));
    const set = JSON.parse(readFileSync(status().replace(/^.* in /, ''), 'utf8')) as unknown[];
    expect(set).toContainEqual({ query: QUESTION, should_trigger: false });
    fireEvent.click(within(keep).getByRole('button', { name: 'Should not trigger' }));
    await waitFor(() => expect(status()).toMatch(/^Already in .*: nothing written$/));

    fireEvent.click(within(view).getByRole('button', { name: 'Keep as output eval' }));
    await waitFor(() => expect(status()).toMatch(/^Kept as output eval \d+ of runner-demo in /));
    const evalsFile = status().replace(/^.* in (.*) \(edit .*$/, '$1');
    expect(evalsFile).toBe(join(folder, 'evals', 'evals.json'));
    const evals = JSON.parse(readFileSync(evalsFile, 'utf8')) as { evals: Array<{ prompt: string }> };
    expect(evals.evals.at(-1)?.prompt).toContain(QUESTION);
  });
});
