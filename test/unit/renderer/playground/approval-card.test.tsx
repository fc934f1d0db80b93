// @vitest-environment jsdom
// A tool call the model asked for waits in a card with the runner's form, prefilled with the model's arguments:
// nothing is decided until a button is pressed, edits go with the approval, a refusal carries its reason, and a
// call already decided shows what ran and its output, with no buttons left.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../../../electron/host/host.js';
import type { ApprovalDecision, ChatStep } from '../../../../shared/chat.js';
import type { HostApi } from '../../../../shared/ipc.js';
import type { ListedEntry } from '../../../../shared/types.js';
import { ApprovalCard } from '../../../../renderer/src/playground/ApprovalCard.js';
import { FIXTURES, hostApi, REPO } from '../../../helpers.js';

let host: Host;
let api: HostApi;
let entries: ListedEntry[];

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'skillbench-approval-'));
  cpSync(join(FIXTURES, 'workbench', 'runner-demo'), join(root, 'runner-demo'), { recursive: true });
  host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-approval-data-')),
    projectRoots: [root],
    watch: false,
  });
  api = hostApi(host);
  const listed = await api.invoke('skills:list', {});
  if (!listed.ok) throw new Error(listed.error.message);
  entries = listed.value.entries;
});
afterAll(() => host.close());
afterEach(cleanup);

type ToolStep = Extract<ChatStep, { type: 'tool' }>;
const call = (patch: Partial<ToolStep> = {}): ToolStep => ({
  type: 'tool',
  callId: `call-${Math.random()}`,
  name: 'runner-demo__greet-team',
  skill: 'runner-demo',
  tool: 'greet-team',
  args: { person: 'Ada' },
  state: 'waiting',
  ...patch,
});

function renderCard(step: ToolStep) {
  const decisions: ApprovalDecision[] = [];
  render(
    <ApprovalCard
      host={api}
      entries={entries}
      step={step}
      scope="conversation-1"
      theme="light"
      onDecide={(callId, d) => {
        expect(callId).toBe(step.callId);
        decisions.push(d);
        return Promise.resolve();
      }}
    />,
  );
  return { decisions, card: screen.getByRole('region', { name: 'Tool call runner-demo__greet-team' }) };
}

describe('a tool call waiting for approval', () => {
  it("shows the runner's form with the model's arguments and decides nothing by itself", async () => {
    const { decisions, card } = renderCard(call());
    const person = await within(card).findByRole('textbox', { name: /person/ });
    expect(person).toHaveProperty('value', 'Ada');
    expect(within(card).getByRole('status').textContent).toBe('Waiting for your approval');
    // Not a dialog: it takes no focus, and Refuse is never the default.
    expect(card.contains(document.activeElement)).toBe(false);
    expect(decisions).toEqual([]);
  });

  it('runs with the arguments as the author edited them', async () => {
    const { decisions, card } = renderCard(call());
    fireEvent.change(await within(card).findByRole('textbox', { name: /person/ }), {
      target: { value: 'Grace' },
    });
    const run = within(card).getByRole('button', { name: 'Run' });
    run.focus();
    fireEvent.click(run);
    await waitFor(() => expect(decisions).toEqual([{ decision: 'allow', args: { person: 'Grace' } }]));
    // The buttons go with the decision; the focus stays on the card, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it('allows the tool for the rest of the conversation', async () => {
    const { decisions, card } = renderCard(call());
    await within(card).findByRole('textbox', { name: /person/ });
    fireEvent.click(
      within(card).getByRole('button', { name: 'Always allow greet-team in this conversation' }),
    );
    await waitFor(() => expect(decisions).toEqual([{ decision: 'allow-tool', args: { person: 'Ada' } }]));
  });

  it('refuses with the reason typed', async () => {
    const { decisions, card } = renderCard(call());
    fireEvent.change(within(card).getByRole('textbox', { name: /Reason to refuse/ }), {
      target: { value: 'not today' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'refuse', reason: 'not today' }]));
  });

  it('says why it asks again when the tool allowed for the conversation changed', () => {
    const notice = 'This tool changed since it was allowed for the conversation: asking again.';
    const { card } = renderCard(call({ notice }));
    expect(within(card).getByRole('note').textContent).toBe(notice);
    expect(within(card).getByRole('button', { name: 'Run' })).toBeTruthy();
  });

  it("blocks Run while the arguments do not fit the tool's schema", async () => {
    const { decisions, card } = renderCard(call({ args: {} }));
    await within(card).findByRole('textbox', { name: /person/ });
    fireEvent.click(within(card).getByRole('button', { name: 'Run' }));
    expect((await within(card).findByRole('alert')).textContent).toMatch(/do not match the tool's schema/);
    expect(decisions).toEqual([]);
  });
});

describe('a decided tool call', () => {
  it('shows the arguments asked for and run, and the output, without buttons', () => {
    renderCard(
      call({
        state: 'done',
        approvedBy: 'author',
        sent: { person: 'Grace' },
        output: { output: 'Hello Grace from platform\n', isError: false, durationMs: 12, exitCode: 0 },
      }),
    );
    const card = screen.getByRole('region', { name: 'Tool call runner-demo__greet-team' });
    expect(within(card).queryAllByRole('button', { name: /Run|Refuse|Always allow/ })).toEqual([]);
    expect(within(card).getByLabelText('Arguments run (edited)').textContent).toContain('"Grace"');
    expect(within(card).getByLabelText('Text output').textContent).toBe('Hello Grace from platform\n');
  });

  it('says a refusal and its reason', () => {
    renderCard(call({ state: 'refused', refusal: 'not today' }));
    expect(screen.getByText('Refused: not today')).toBeTruthy();
  });
});
