// `chat:*` served by an in-process Host: a turn streamed through the real SDK against the fake model server, its steps
// as `chat:step` events, a tool call waiting for `chat:approve` and run through the workspace's executor, stop, save,
// list, open, replay, and keeping a turn or the conversation as an eval.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStep, ChatTurn, Conversation, ReplayTurnComparison } from '../../../shared/chat.js';
import type { EventOf, HostApi } from '../../../shared/ipc.js';
import { Host } from '../../../electron/host/host.js';
import { readEvalsFile } from '../../../electron/core/evals/evals-file.js';
import { readTriggerSet } from '../../../electron/core/evals/triggers.js';
import { startFakeModelServer, type FakeModelServer } from '../../fakes/model-server.js';
import { hostApi, REPO } from '../../helpers.js';
import { chatLibrary, offeredTools, scriptReplies } from '../chat/fixture.js';

let server: FakeModelServer;
const hosts: Host[] = [];
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ text: 'unset' }));
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function open(kind: 'anthropic' | 'openai' = 'anthropic', { linked = false } = {}) {
  const real = chatLibrary();
  // `linked`: the root is reached through a symbolic link (as macOS's /tmp is).
  const library = linked ? join(mkdtempSync(join(tmpdir(), 'skillbench-chat-link-')), 'lib') : real;
  if (linked) symlinkSync(real, library, 'dir');
  const dataDir = mkdtempSync(join(tmpdir(), 'skillbench-chat-data-'));
  const host = new Host({
    bundledSkills: join(REPO, 'skills'),
    userDataDir: dataDir,
    projectRoots: [library],
    trustProjectRoots: true,
    watch: false,
  });
  hosts.push(host);
  const api: HostApi = hostApi(host);
  const ok = async <T>(channel: string, request: unknown): Promise<T> => {
    const r = await host.handle(channel, request);
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
    return r.value as T;
  };
  const err = async (channel: string, request: unknown) => {
    const r = await host.handle(channel, request);
    if (r.ok) throw new Error(`${channel} was expected to fail`);
    return r.error;
  };
  await ok('evals:save-provider', {
    provider: {
      name: 'fake',
      kind,
      model: 'scripted-1',
      baseURL: kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL,
    },
    key: 'sk-test-chat-0123456789',
  });
  const events: Array<EventOf<'chat:step'>> = [];
  api.on('chat:step', (e) => events.push(e));
  const weatherId = host.workspace.skill('weather').id;
  return { host, api, ok, err, events, library, dataDir, weatherId };
}

/** Approves every waiting tool call with `decision` as its step arrives. */
function approveAll(
  h: Awaited<ReturnType<typeof open>>,
  decide: (step: Extract<ChatStep, { type: 'tool' }>) => unknown = () => ({ decision: 'allow' }),
) {
  h.api.on('chat:step', (e) => {
    if (e.step.type === 'tool' && e.step.state === 'waiting')
      void h.ok('chat:approve', {
        conversationId: e.conversationId,
        callId: e.step.callId,
        decision: decide(e.step),
      });
  });
}

const weatherTurn = () => [
  { tool: 'Skill', input: { skill: 'weather', args: 'Paris' } },
  { tool: 'weather__forecast', input: { city: 'Paris' } },
  { text: 'It is sunny in Paris.' },
];

describe('chat:send', () => {
  it('streams a turn: the catalog, the skill loaded, an approved call run by the executor, the answer', async () => {
    const h = await open();
    approveAll(h);
    const seen = scriptReplies(server, weatherTurn());
    const turn = await h.ok<ChatTurn>('chat:send', {
      conversationId: 'c1',
      provider: 'fake',
      skillId: h.weatherId,
      text: 'What is the weather in Paris?',
    });
    expect(turn.steps.map((s) => s.type)).toEqual(['request', 'skill', 'tool', 'text']);
    const [request, skill, tool, text] = turn.steps;
    expect(request).toMatchObject({ type: 'request', tools: [{ name: 'Skill' }] });
    expect(request?.type === 'request' && request.system).toContain('<name>weather</name>');
    expect(skill).toMatchObject({
      type: 'skill',
      skill: 'weather',
      args: 'Paris',
      tools: ['weather__forecast', 'weather__note'],
    });
    expect(skill?.type === 'skill' && skill.instructions).toContain('Give the forecast for Paris');
    expect(skill?.type === 'skill' && skill.instructions).toContain('!`date +%F`');
    expect(tool).toMatchObject({
      type: 'tool',
      name: 'weather__forecast',
      state: 'done',
      approvedBy: 'author',
      sent: { city: 'Paris' },
    });
    expect(tool?.type === 'tool' && tool.output?.output.trim()).toBe('Forecast for Paris in celsius');
    expect(text).toEqual({ type: 'text', text: 'It is sunny in Paris.' });
    // Streamed, and the skill's tools offered once loaded, the locked arg hidden.
    expect(seen.every((r) => r.body.stream === true)).toBe(true);
    const forecast = offeredTools(seen[1]!).find((t) => t.name === 'weather__forecast');
    expect(JSON.stringify(forecast?.schema)).not.toContain('units');
    // Steps went out as events, the tool's several times under one index, ending as the turn has it.
    const last = new Map<number, ChatStep>();
    for (const e of h.events.filter((e) => e.conversationId === 'c1')) last.set(e.index, e.step);
    expect([...last.values()]).toEqual(turn.steps);
    expect(h.events.filter((e) => e.index === 2).map((e) => e.step.type === 'tool' && e.step.state)).toEqual([
      'waiting',
      'running',
      'done',
    ]);
  });

  it('refuses a second send while a turn runs (Busy), and stops a waiting call', async () => {
    const h = await open();
    scriptReplies(server, weatherTurn());
    const first = h.ok<ChatTurn>('chat:send', { conversationId: 'c2', provider: 'fake', text: 'Weather?' });
    await expect.poll(() => h.events.some((e) => e.step.type === 'tool')).toBe(true);
    const busy = await h.err('chat:send', { conversationId: 'c2', provider: 'fake', text: 'Again' });
    expect(busy.message).toMatch(/^Busy/);
    await h.ok('chat:stop', { conversationId: 'c2' });
    const turn = await first;
    expect(turn.steps.at(-1)).toEqual({ type: 'stopped', reason: 'Stopped by the author.' });
    expect(turn.steps.find((s) => s.type === 'tool')).toMatchObject({ state: 'cancelled' });
    // The conversation goes on.
    scriptReplies(server, [{ text: 'Hello again.' }]);
    const next = await h.ok<ChatTurn>('chat:send', { conversationId: 'c2', provider: 'fake', text: 'Hi' });
    expect(next.steps.find((s) => s.type === 'text')).toEqual({ type: 'text', text: 'Hello again.' });
  });

  it('refuses Claude Code with the reason', async () => {
    const h = await open();
    await h.ok('evals:save-provider', { provider: { name: 'cc', kind: 'claude-code', model: 'sonnet' } });
    const e = await h.err('chat:send', { conversationId: 'c3', provider: 'cc', text: 'Hi' });
    expect(e.message).toContain('Claude Code runs its own tools');
  });
});

describe('saved conversations', () => {
  it('saves in the skill folder, lists, opens, replays against edited files and keeps evals', async () => {
    const h = await open('openai');
    approveAll(h);
    scriptReplies(server, weatherTurn());
    await h.ok('chat:send', {
      conversationId: 'c4',
      provider: 'fake',
      skillId: h.weatherId,
      text: 'What is the weather in Paris?',
    });
    const { file, conversation } = await h.ok<{ file: string; conversation: Conversation }>('chat:save', {
      conversationId: 'c4',
    });
    expect(file).toBe(join(h.library, 'weather', '.skillbench', 'conversations', 'c4.json'));
    expect(conversation).toMatchObject({ id: 'c4', skill: 'weather', provider: 'fake', model: 'scripted-1' });
    const list = await h.ok<Array<{ file: string; turns: number }>>('chat:list', { skillId: h.weatherId });
    expect(list).toEqual([expect.objectContaining({ file, id: 'c4', turns: 1 })]);
    expect(await h.ok<Conversation>('chat:open', { file })).toEqual(conversation);
    const outside = join(h.dataDir, 'elsewhere.json');
    writeFileSync(outside, '{}');
    expect((await h.err('chat:open', { file: outside })).code).toBe('PermissionDenied');

    // Replay with the unsaved text: the description changed, the model now answers directly.
    const edited = readFileSync(join(h.library, 'weather', 'SKILL.md'), 'utf8').replace(
      'Report the weather for a city.',
      'Report tides.',
    );
    const seen = scriptReplies(server, [{ text: 'No idea.' }]);
    const replay = await h.ok<{ conversation: Conversation; comparison: ReplayTurnComparison[] }>(
      'chat:replay',
      { conversationId: 'r1', file, unsaved: [{ skillId: h.weatherId, text: edited }] },
    );
    expect(JSON.stringify(seen[0]?.body)).toContain('Report tides.');
    expect(replay.conversation.replayOf).toBe('c4');
    expect(replay.comparison).toEqual([
      {
        user: 'What is the weather in Paris?',
        before: { skills: ['weather'], tools: ['weather__forecast'], answer: 'It is sunny in Paris.' },
        after: { skills: [], tools: [], answer: 'No idea.' },
        changed: true,
      },
    ]);

    const trigger = await h.ok<{ file: string; added: boolean }>('chat:keep-trigger', {
      skillId: h.weatherId,
      query: 'What is the weather in Paris?',
      shouldTrigger: true,
    });
    expect(trigger.added).toBe(true);
    expect(readTriggerSet(trigger.file, 'app')).toEqual([
      { query: 'What is the weather in Paris?', should_trigger: true },
    ]);
    const again = await h.ok<{ added: boolean }>('chat:keep-trigger', {
      skillId: h.weatherId,
      query: '  what is the weather in  paris?',
      shouldTrigger: false,
    });
    expect(again.added).toBe(false);

    const kept = await h.ok<{ file: string; id: number }>('chat:keep-output-eval', {
      skillId: h.weatherId,
      conversationId: 'c4',
    });
    expect(kept).toEqual({ file: join(h.library, 'weather', 'evals', 'evals.json'), id: 1 });
    expect(readEvalsFile(kept.file, 'app')).toEqual({
      skill_name: 'weather',
      evals: [
        {
          id: 1,
          prompt: 'What is the weather in Paris?',
          expected_output: 'It is sunny in Paris.',
          files: [],
          expectations: [],
        },
      ],
    });

    // A saved conversation opened from the list (no longer in memory) is kept by its file.
    await h.ok('chat:reset', { conversationId: 'c4' });
    const fromFile = await h.ok<{ file: string; id: number }>('chat:keep-output-eval', {
      skillId: h.weatherId,
      file,
    });
    expect(fromFile.id).toBe(2);
    expect(readEvalsFile(fromFile.file, 'app').evals[1]).toMatchObject({
      prompt: 'What is the weather in Paris?',
      expected_output: 'It is sunny in Paris.',
    });
    expect(
      (await h.err('chat:keep-output-eval', { skillId: h.weatherId, conversationId: 'c4', file })).code,
    ).toBe('InvalidArgs');
    expect(
      (await h.err('chat:keep-output-eval', { skillId: h.weatherId, file: '/etc/passwd.json' })).code,
    ).toBe('PermissionDenied');
  });

  it('saves a library-wide conversation in the data folder and lists it', async () => {
    const h = await open();
    scriptReplies(server, [{ text: 'Hi.' }]);
    await h.ok('chat:send', { conversationId: 'lib/1', provider: 'fake', text: 'Hello' });
    const { file } = await h.ok<{ file: string }>('chat:save', { conversationId: 'lib/1' });
    expect(file).toBe(join(h.dataDir, 'conversations', 'lib_1.json'));
    expect(existsSync(file)).toBe(true);
    expect(await h.ok('chat:list', {})).toEqual([
      expect.objectContaining({ file, id: 'lib/1', title: 'Hello', turns: 1 }),
    ]);
  });

  it('opens and replays a conversation of a root reached through a link, by either path', async () => {
    const h = await open('anthropic', { linked: true });
    scriptReplies(server, [{ text: 'Hi.' }]);
    await h.ok('chat:send', { conversationId: 'l1', provider: 'fake', skillId: h.weatherId, text: 'Hello' });
    const { file } = await h.ok<{ file: string }>('chat:save', { conversationId: 'l1' });
    const viaLink = join(h.library, 'weather', '.skillbench', 'conversations', 'l1.json');
    expect(realpathSync(file)).toBe(realpathSync(viaLink));
    expect((await h.ok<Conversation>('chat:open', { file })).id).toBe('l1');
    expect((await h.ok<Conversation>('chat:open', { file: viaLink })).id).toBe('l1');
    scriptReplies(server, [{ text: 'Hi.' }]);
    const replay = await h.ok<{ conversation: Conversation }>('chat:replay', {
      conversationId: 'l2',
      file: viaLink,
    });
    expect(replay.conversation).toMatchObject({ skill: 'weather', replayOf: 'l1' });
  });
});

describe('what someone else wrote into a skill folder', () => {
  it('a replay asks for every call again, whatever the file’s allowedTools says', async () => {
    const h = await open();
    const dir = join(h.library, 'weather', '.skillbench', 'conversations');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'planted.json');
    const planted: Conversation = {
      version: 1,
      id: 'planted',
      title: 'Regression check',
      created: '2026-01-01T00:00:00.000Z',
      provider: 'fake',
      model: 'scripted-1',
      profile: 'skillbench',
      skill: 'weather',
      allowedTools: ['weather__forecast'],
      turns: [{ user: 'What is the weather in Paris?', steps: [] }],
    };
    writeFileSync(file, JSON.stringify(planted));
    scriptReplies(server, weatherTurn());
    const replay = h.ok('chat:replay', { conversationId: 'planted-replay', file });
    await expect
      .poll(() => h.events.find((e) => e.conversationId === 'planted-replay' && e.step.type === 'tool')?.step)
      .toMatchObject({ type: 'tool', name: 'weather__forecast', state: 'waiting' });
    await h.ok('chat:stop', { conversationId: 'planted-replay' });
    await replay;
    const states = h.events.flatMap((e) =>
      e.conversationId === 'planted-replay' && e.step.type === 'tool' ? [e.step.state] : [],
    );
    expect(states).not.toContain('running');
    expect(states.at(-1)).toBe('cancelled');
  });

  it('a conversation file that is a link (to a device that never ends) is listed as unreadable, never read', async () => {
    const h = await open();
    const dir = join(h.library, 'weather', '.skillbench', 'conversations');
    mkdirSync(dir, { recursive: true });
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    const listed = await h.ok<Array<{ title: string }>>('chat:list', { skillId: h.weatherId });
    expect(listed).toHaveLength(1);
    expect(listed[0]?.title).toMatch(/^Unreadable: .* is a link/);
  });

  it('keeping an eval through an evals/ folder that links out of the roots is refused, nothing written there', async () => {
    const h = await open();
    const outside = mkdtempSync(join(tmpdir(), 'skillbench-outside-'));
    symlinkSync(outside, join(h.library, 'notes', 'evals'));
    const notesId = h.host.workspace.skill('notes').id;
    const trigger = await h.err('chat:keep-trigger', {
      skillId: notesId,
      query: 'Note this',
      shouldTrigger: true,
    });
    expect(trigger.code).toBe('PermissionDenied');
    scriptReplies(server, [{ text: 'Noted.' }]);
    await h.ok('chat:send', { conversationId: 'n1', provider: 'fake', skillId: notesId, text: 'Note this' });
    const output = await h.err('chat:keep-output-eval', { skillId: notesId, conversationId: 'n1' });
    expect(output.code).toBe('PermissionDenied');
    expect(existsSync(join(outside, 'trigger-eval.json'))).toBe(false);
    expect(existsSync(join(outside, 'evals.json'))).toBe(false);
  });
});
