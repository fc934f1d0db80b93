// The Playground's turn through the real SDKs, streaming, against the fake model server: the catalog and the Skill
// tool, instructions as delivered, the skill's tools offered by composed name with locked args hidden, approvals
// (allow, refuse, allow for the conversation, edited args), trust, stop mid-stream, no-skill reasons and the round cap.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDecision, ChatStep, ChatTurn } from '../../../shared/chat.js';
import { withUnsaved } from '../../../electron/core/chat/catalog.js';
import { ChatSession } from '../../../electron/core/chat/session.js';
import type { ToolStep } from '../../../electron/core/chat/turn.js';
import { ModelClient } from '../../../electron/core/models/model-client.js';
import { createProvider, type ProviderKind } from '../../../electron/core/models/providers/index.js';
import { Workspace } from '../../../electron/core/workspace.js';
import { startFakeModelServer, type FakeModelServer, type Reply } from '../../fakes/model-server.js';
import { chatLibrary, offeredTools, scriptReplies } from './fixture.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());

function setup(
  o: {
    kind?: ProviderKind;
    trusted?: boolean;
    focus?: string;
    decide?: (step: ToolStep) => ApprovalDecision | Promise<ApprovalDecision>;
    allowedTools?: string[];
  } = {},
) {
  const kind = o.kind ?? 'anthropic';
  const library = chatLibrary();
  const workspace = Workspace.open({ roots: [{ path: library }], trust: () => o.trusted ?? true });
  const client = new ModelClient(
    createProvider(
      {
        name: 'fake',
        kind,
        model: 'scripted-1',
        baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
      },
      { apiKey: 'k' },
    ),
    { maxRetries: 0 },
  );
  const asked: ToolStep[] = [];
  const events: Array<{ turn: number; index: number; step: ChatStep }> = [];
  const focus = o.focus !== undefined ? workspace.skill(o.focus) : undefined;
  const session = new ChatSession({
    id: 'test',
    client,
    profile: 'skillbench',
    // The executor of the moment, as the host's: an update may replace it.
    tools: {
      describeTools: (skillId) => workspace.executor.describeTools(skillId),
      executeTool: (skillId, tool, args, opts) => workspace.executor.executeTool(skillId, tool, args, opts),
    },
    ...(focus ? { skill: { id: focus.id, name: focus.name } } : {}),
    ...(o.allowedTools ? { allowedTools: o.allowedTools } : {}),
    approve: async (step) => {
      asked.push(step);
      return (await o.decide?.(step)) ?? { decision: 'allow' };
    },
    onStep: (turn, index, step) => events.push({ turn, index, step }),
  });
  const send = (text: string) => session.send(text, workspace.entries);
  return { library, workspace, session, send, asked, events };
}

const toolSteps = (turn: ChatTurn) =>
  turn.steps.filter((s): s is Extract<ChatStep, { type: 'tool' }> => s.type === 'tool');

describe.each<ProviderKind>(['anthropic', 'openai'])('a turn over the %s SDK, streamed', (kind) => {
  it('loads the skill, offers its tools by composed name, runs an approved call and answers', async () => {
    const { send, asked, events } = setup({ kind });
    const seen = scriptReplies(server, [
      { tool: 'Skill', input: { skill: 'weather', args: 'Paris' } },
      { tool: 'weather__forecast', input: { city: 'Paris' } },
      { text: 'It is sunny in Paris.' },
    ]);
    const turn = await send('What is the weather in Paris?');
    expect(seen).toHaveLength(3);
    expect(seen.every((r) => r.body.stream === true)).toBe(true);
    // First request: the catalog in the system prompt, the Skill tool alone.
    expect(offeredTools(seen[0]!).map((t) => t.name)).toEqual(['Skill']);
    expect(JSON.stringify(seen[0]!.body)).toContain('<name>weather</name>');
    expect(JSON.stringify(seen[0]!.body)).not.toContain('<name>hidden-helper</name>');
    // Once loaded: the skill's tools as `tools` advertises them, the locked `units` hidden.
    const offered = offeredTools(seen[1]!);
    expect(offered.map((t) => t.name)).toEqual(['Skill', 'weather__forecast', 'weather__note']);
    expect(offered[1]?.schema).toMatchObject({
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(JSON.stringify(offered[1]?.schema)).not.toContain('units');
    // The Skill call's result is the instructions as delivered.
    expect(JSON.stringify(seen[1]!.body.messages)).toContain(
      'Give the forecast for Paris with the forecast tool.',
    );

    expect(turn.steps.map((s) => s.type)).toEqual(['request', 'skill', 'tool', 'text']);
    expect(turn.steps[1]).toEqual({
      type: 'skill',
      callId: expect.any(String) as unknown,
      skill: 'weather',
      args: 'Paris',
      instructions:
        '# Weather\n\nGive the forecast for Paris with the forecast tool.\nToday is !`date +%F`.\n',
      tools: ['weather__forecast', 'weather__note'],
    });
    expect(asked.map((s) => [s.name, s.state])).toEqual([['weather__forecast', 'waiting']]);
    const [tool] = toolSteps(turn);
    expect(tool).toMatchObject({ skill: 'weather', tool: 'forecast', state: 'done', approvedBy: 'author' });
    expect(tool?.output?.output.trim()).toBe('Forecast for Paris in celsius');
    expect(turn.steps.at(-1)).toEqual({ type: 'text', text: 'It is sunny in Paris.' });
    expect(turn.usage).toMatchObject({ inputTokens: 300, outputTokens: 60 });
    expect(events.every((e) => e.turn === 0)).toBe(true);
  });

  it('stops mid-stream and goes on with the next turn', async () => {
    const { send, session, events } = setup({ kind });
    scriptReplies(server, [{ text: 'The weather in', stall: true }, { text: 'Back.' }]);
    const pending = send('Hello?');
    // The text so far arrives as a streaming step; the stream then stalls.
    await expect
      .poll(() => events.find((e) => e.step.type === 'text')?.step)
      .toEqual({ type: 'text', text: 'The weather in', streaming: true });
    expect(session.busy).toBe(true);
    session.stop();
    const turn = await pending;
    expect(turn.steps.slice(1)).toEqual([
      { type: 'text', text: 'The weather in' },
      { type: 'stopped', reason: 'Stopped by the author.' },
    ]);
    const next = await send('Still there?');
    expect(next.steps.at(-1)).toMatchObject({ type: 'no-skill' });
    expect(next.steps).toContainEqual({ type: 'text', text: 'Back.' });
  });
});

describe('approvals', () => {
  const loadThen = (...calls: Reply[]): Reply[] => [
    { tool: 'Skill', input: { skill: 'weather' } },
    ...calls,
    { text: 'Done.' },
  ];

  it('tells the model of a refusal, and runs a tool allowed for the conversation without asking again', async () => {
    const { send, asked } = setup({
      decide: (step) =>
        step.name === 'weather__forecast'
          ? { decision: 'refuse', reason: 'not today' }
          : { decision: 'allow-tool' },
    });
    const seen = scriptReplies(
      server,
      loadThen(
        { tool: 'weather__forecast', input: { city: 'Oslo' } },
        { tool: 'weather__note', input: { text: 'one' } },
        { tool: 'weather__note', input: { text: 'two' } },
      ),
    );
    const turn = await send('Weather in Oslo, and take notes');
    const [forecast, first, second] = toolSteps(turn);
    expect(forecast).toMatchObject({ state: 'refused', refusal: 'not today' });
    expect(forecast?.output).toBeUndefined();
    expect(JSON.stringify(seen[2]?.body.messages)).toContain('The author refused this call: not today');
    expect(first).toMatchObject({ state: 'done', approvedBy: 'author', output: { output: 'one' } });
    expect(second).toMatchObject({ state: 'done', approvedBy: 'conversation', output: { output: 'two' } });
    expect(asked.map((s) => s.name)).toEqual(['weather__forecast', 'weather__note']);
    // The next turn remembers it: no question asked.
    scriptReplies(server, [{ tool: 'weather__note', input: { text: 'three' } }, { text: 'Ok.' }]);
    const next = await send('One more note');
    expect(toolSteps(next)[0]).toMatchObject({ approvedBy: 'conversation', state: 'done' });
    expect(asked).toHaveLength(2);
  });

  it('runs the edited args, and an edit the schema refuses is the call’s error the model sees', async () => {
    let n = 0;
    const { send } = setup({
      decide: () => ({ decision: 'allow', args: n++ === 0 ? { city: 'Rome' } : { city: 5 } }),
    });
    const seen = scriptReplies(
      server,
      loadThen(
        { tool: 'weather__forecast', input: { city: 'Paris' } },
        { tool: 'weather__forecast', input: { city: 'Paris' } },
      ),
    );
    const turn = await send('Weather?');
    const [edited, invalid] = toolSteps(turn);
    expect(edited).toMatchObject({ args: { city: 'Paris' }, sent: { city: 'Rome' }, state: 'done' });
    expect(edited?.output?.output.trim()).toBe('Forecast for Rome in celsius');
    expect(invalid).toMatchObject({ state: 'error', sent: { city: 5 } });
    expect(invalid?.output?.output).toMatch(/city/);
    expect(JSON.stringify(seen[3]?.body)).toContain('city');
  });

  it('refuses an untrusted library’s shell tool by trust, as the call’s error, and runs its built-in', async () => {
    const { send } = setup({ trusted: false });
    scriptReplies(
      server,
      loadThen(
        { tool: 'weather__forecast', input: { city: 'Paris' } },
        { tool: 'weather__note', input: { text: 'kept' } },
      ),
    );
    const turn = await send('Weather?');
    const [forecast, note] = toolSteps(turn);
    expect(forecast?.state).toBe('error');
    expect(forecast?.output?.output).toMatch(/trust/i);
    expect(note).toMatchObject({ state: 'done', output: { output: 'kept' } });
  });

  it('answers an unknown tool or skill with an error the model sees, and stops at the round cap', async () => {
    const { send } = setup();
    const seen = scriptReplies(server, [
      { tool: 'weather__forecast', input: { city: 'Paris' } },
      { tool: 'Skill', input: { skill: 'nope' } },
      { text: 'Sorry.' },
    ]);
    const turn = await send('Weather?');
    expect(toolSteps(turn)[0]).toMatchObject({ state: 'error', skill: '' });
    expect(turn.steps.find((s) => s.type === 'skill')).toMatchObject({
      skill: 'nope',
      problem: 'There is no skill "nope" in <available_skills>: no loaded skill has that name.',
    });
    expect(JSON.stringify(seen[2]?.body.messages)).toContain('There is no skill \\"nope\\"');
    expect(turn.steps.at(-1)).toEqual({
      type: 'no-skill',
      reason: 'The model called Skill with "nope", which loaded nothing (see the skill step).',
    });

    scriptReplies(
      server,
      Array.from({ length: 30 }, () => ({ tool: 'Skill', input: { skill: 'notes' } })),
    );
    const capped = await send('Loop');
    expect(capped.steps.filter((s) => s.type === 'skill')).toHaveLength(20);
    expect(capped.steps.at(-1)).toEqual({
      type: 'stopped',
      reason:
        'Stopped after 20 model requests in this turn: the model kept calling tools. Send another message to go on.',
    });
  });
});

describe('an allow for the conversation', () => {
  it('asks again when the allowed tool changed on disk since, saying so', async () => {
    const { send, asked, library, workspace } = setup({
      decide: () => (asked.length === 1 ? { decision: 'allow-tool' } : { decision: 'refuse' }),
    });
    scriptReplies(server, [
      { tool: 'Skill', input: { skill: 'weather' } },
      { tool: 'weather__forecast', input: { city: 'Oslo' } },
      { text: 'Done.' },
    ]);
    await send('Weather in Oslo');
    // The same composed name, now running another command.
    const file = join(library, 'weather', 'SKILL.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('echo Forecast for', 'echo Changed for'));
    workspace.update([file]);
    scriptReplies(server, [{ tool: 'weather__forecast', input: { city: 'Oslo' } }, { text: 'Ok.' }]);
    const next = await send('Again');
    expect(asked.map((s) => s.state)).toEqual(['waiting', 'waiting']);
    expect(asked[1]?.notice).toBe(
      'This tool changed since it was allowed for the conversation: asking again.',
    );
    expect(toolSteps(next)[0]).toMatchObject({ state: 'refused' });
  });

  it('pins a name allowed by a saved conversation to the tool at its first call', async () => {
    const { send, asked, library, workspace } = setup({
      allowedTools: ['weather__forecast'],
      decide: () => ({ decision: 'refuse' }),
    });
    scriptReplies(server, [
      { tool: 'Skill', input: { skill: 'weather' } },
      { tool: 'weather__forecast', input: { city: 'Oslo' } },
      { text: 'Done.' },
    ]);
    const first = await send('Weather in Oslo');
    expect(toolSteps(first)[0]).toMatchObject({ state: 'done', approvedBy: 'conversation' });
    const file = join(library, 'weather', 'SKILL.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('units: celsius', 'units: kelvin'));
    workspace.update([file]);
    scriptReplies(server, [{ tool: 'weather__forecast', input: { city: 'Oslo' } }, { text: 'Ok.' }]);
    await send('Again');
    expect(asked.map((s) => [s.name, s.state])).toEqual([['weather__forecast', 'waiting']]);
  });
});

describe('call keys', () => {
  it('approves calls by their own key when the model sends empty, duplicate or reused ids', async () => {
    const { send, asked } = setup({
      kind: 'openai',
      decide: (step) => ({ decision: 'allow', args: { text: `edited ${step.callId}` } }),
    });
    const seen = scriptReplies(server, [
      { tool: 'Skill', input: { skill: 'weather' }, id: '' },
      {
        tool: 'weather__note',
        input: { text: 'a' },
        id: 'call_0',
        more: [
          { tool: 'weather__note', input: { text: 'b' }, id: 'call_0' },
          { tool: 'weather__note', input: { text: 'c' }, id: '' },
        ],
      },
      { text: 'Done.' },
    ]);
    const turn = await send('Notes');
    const keys = asked.map((s) => s.callId);
    expect(keys).toEqual(['0.2', '0.3', '0.4']);
    expect(turn.steps[1]).toMatchObject({ type: 'skill', callId: '0.1' });
    expect(toolSteps(turn).map((s) => s.output?.output)).toEqual(['edited 0.2', 'edited 0.3', 'edited 0.4']);
    // Each call has its own result, in order, under the model's id (the SDK fills in an empty one).
    const results = (seen[2]?.body.messages as Array<Record<string, unknown>>).filter(
      (m) => m.role === 'tool',
    );
    expect(results.map((m) => m.content)).toEqual([
      expect.stringContaining('# Weather') as unknown,
      'edited 0.2',
      'edited 0.3',
      'edited 0.4',
    ]);
    expect(results.slice(1, 3).map((m) => m.tool_call_id)).toEqual(['call_0', 'call_0']);
    // The next turn's call reuses the id "call_0": a key of its own.
    scriptReplies(server, [{ tool: 'weather__note', input: { text: 'd' }, id: 'call_0' }, { text: 'Ok.' }]);
    await send('One more');
    expect(asked.at(-1)?.callId).toBe('1.1');
  });
});

describe('a turn that fires no skill', () => {
  it('says why: the focus skill was listed, or why it is not, or what the catalog held', async () => {
    scriptReplies(server, [{ text: 'Hi.' }]);
    const listed = await setup({ focus: 'weather' }).send('Hello');
    expect(listed.steps.at(-1)).toEqual({
      type: 'no-skill',
      reason:
        'The model answered without calling Skill; weather was in the catalog with the description "Report the weather for a city. Use when the user asks about the weather or a forecast.".',
    });
    scriptReplies(server, [{ text: 'Hi.' }]);
    const hidden = await setup({ focus: 'hidden-helper' }).send('Hello');
    expect(hidden.steps.at(-1)).toEqual({
      type: 'no-skill',
      reason:
        'hidden-helper is not in the catalog for the skillbench profile: it sets disable-model-invocation: true, so only the user can invoke it.',
    });
    scriptReplies(server, [{ text: 'Hi.' }]);
    const library = await setup().send('Hello');
    expect(library.steps.at(-1)).toEqual({
      type: 'no-skill',
      reason: 'The model answered without calling Skill; the catalog listed 2 skills: notes, weather.',
    });
  });
});

describe('unsaved text', () => {
  it('replaces the description and instructions for the run; text that does not parse is refused', () => {
    const { workspace, library } = setup();
    const weather = workspace.skill('weather');
    const parse = (path: string, text: string) => workspace.entryOfText(path, text);
    const text = '---\nname: weather\ndescription: Tides only.\n---\nCheck the tides.\n';
    const entries = withUnsaved(workspace.entries, [{ skillId: weather.id, text }], parse);
    const edited = entries.find((e) => e.id === weather.id)?.skill;
    expect(edited).toMatchObject({ description: 'Tides only.', instructions: 'Check the tides.\n' });
    expect(edited?.tools.map((t) => t.name)).toEqual(['forecast', 'note']);
    expect(join(library, 'weather', 'SKILL.md')).toBe(edited?.sourcePath);
    expect(() => withUnsaved(workspace.entries, [{ skillId: 'nope', text }], parse)).toThrow(/No skill/);
  });
});
