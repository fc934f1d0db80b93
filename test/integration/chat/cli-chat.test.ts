// `skillbench chat` in-process against the fake model server: turns given with --message, calls refused unless
// --allow names them, the answer streamed to stdout, --format json, --save, and --replay after SKILL.md changed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, ReplayTurnComparison } from '../../../shared/chat.js';
import { readConversation } from '../../../electron/core/chat/conversations.js';
import { runCaptured } from '../run-cli.js';
import { useCliSession } from '../evals/cli-session.js';
import { chatLibrary, scriptReplies } from './fixture.js';

const session = useCliSession();

const chat = (library: string, ...extra: string[]) =>
  runCaptured([
    'chat',
    join(library, 'weather'),
    '--root',
    library,
    '--anthropic',
    '--model',
    'm1',
    '--base-url',
    session.server.anthropicBaseURL,
    '--trust',
    ...extra,
  ]);

const weatherTurn = () => [
  { tool: 'Skill', input: { skill: 'weather', args: 'Paris' } },
  { tool: 'weather__forecast', input: { city: 'Paris' } },
  { text: 'It is sunny in Paris.' },
];

describe('skillbench chat', () => {
  it('refuses a call --allow does not name, says so, and streams the answer', async () => {
    const library = chatLibrary();
    const seen = scriptReplies(session.server, weatherTurn());
    const r = await chat(library, '--message', 'What is the weather in Paris?');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('[skill] weather loaded (tools: weather__forecast, weather__note)');
    expect(r.stdout).toContain(
      '[tool] weather__forecast {"city":"Paris"} refused: not allowed on the command line: pass --allow weather__forecast to run it',
    );
    expect(r.stdout).toContain('It is sunny in Paris.\n');
    expect(seen.every((q) => q.body.stream === true)).toBe(true);
    // The model was told the call was refused.
    expect(JSON.stringify(seen[2]?.body.messages)).toContain('The author refused this call');
  });

  it('runs the tools --allow names, prints the conversation as JSON, saves it and replays it', async () => {
    const library = chatLibrary();
    scriptReplies(session.server, weatherTurn());
    const r = await chat(
      library,
      '--message',
      'What is the weather in Paris?',
      '--allow',
      'weather__forecast',
      '--format',
      'json',
      '--save',
    );
    expect(r.code).toBe(0);
    const conversation = JSON.parse(r.stdout) as Conversation;
    expect(conversation).toMatchObject({ skill: 'weather', allowedTools: ['weather__forecast'] });
    const tool = conversation.turns[0]?.steps.find((s) => s.type === 'tool');
    expect(tool).toMatchObject({ state: 'done', approvedBy: 'conversation' });
    expect(tool?.type === 'tool' && tool.output?.output.trim()).toBe('Forecast for Paris in celsius');
    const saved = /Saved the conversation to (.+)\n/.exec(r.stderr)?.[1] ?? '';
    expect(saved).toContain(join('weather', '.skillbench', 'conversations', `${conversation.id}.json`));
    const file = join(library, 'weather', '.skillbench', 'conversations', `${conversation.id}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(conversation);

    // The description is edited on disk: the model now answers directly.
    const manifest = join(library, 'weather', 'SKILL.md');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('Report the weather for a city.', 'Report tides.'),
    );
    const seen = scriptReplies(session.server, [{ text: 'No idea.' }]);
    const replay = await chat(library, '--replay', file, '--format', 'json');
    expect(replay.code).toBe(0);
    expect(JSON.stringify(seen[0]?.body.system)).toContain('Report tides.');
    const out = JSON.parse(replay.stdout) as {
      conversation: Conversation;
      comparison: ReplayTurnComparison[];
    };
    expect(out.conversation.replayOf).toBe(conversation.id);
    expect(out.comparison[0]).toMatchObject({
      before: { skills: ['weather'], tools: ['weather__forecast'] },
      after: { skills: [], tools: [], answer: 'No idea.' },
      changed: true,
    });
    const text = await chat(library, '--replay', file);
    expect(text.stdout).toContain('skills: weather → (none)');
  });

  it('needs a terminal or --message, and refuses Claude Code with the reason', async () => {
    const library = chatLibrary();
    const none = await chat(library);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('chat needs a terminal, or the turns as --message TEXT');
    const cc = await runCaptured(['chat', '--root', library, '--claude-code', '--message', 'Hi']);
    expect(cc.code).toBe(1);
    expect(cc.stderr).toContain('Claude Code runs its own tools');
  });

  it('takes the model from a providers file (--provider NAME) and saves to --save FILE', async () => {
    const library = chatLibrary();
    const dir = mkdtempSync(join(tmpdir(), 'skillbench-chat-cli-'));
    const providers = join(dir, 'providers.json');
    writeFileSync(
      providers,
      JSON.stringify({
        providers: [{ name: 'local', kind: 'openai', model: 'm2', baseURL: session.server.openaiBaseURL }],
      }),
    );
    process.env.OPENAI_API_KEY = 'cli-openai-key';
    const seen = scriptReplies(session.server, [{ text: 'Hello there.' }]);
    const file = join(dir, 'saved.json');
    const r = await runCaptured([
      'chat',
      '--root',
      library,
      '--provider',
      'local',
      '--providers',
      providers,
      '--message',
      'Hi',
      '--save',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(seen[0]?.api).toBe('openai');
    expect(r.stdout).toContain('Hello there.\n');
    expect(r.stdout).toContain(
      '[no skill] The model answered without calling Skill; the catalog listed 2 skills',
    );
    expect(readConversation(file)).toMatchObject({ provider: 'local', model: 'm2', turns: [{ user: 'Hi' }] });
    expect(readConversation(file).skill).toBeUndefined();
  });
});
