// Saved conversations (written atomically, listed newest first, read back checked with the file named), a replay's
// comparison, and keeping a turn or a conversation as an eval, read back by the existing readers.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_VERSION, type ChatTurn, type Conversation } from '../../../shared/chat.js';
import {
  conversationFileName,
  listConversations,
  readConversation,
  saveConversation,
} from '../../../electron/core/chat/conversations.js';
import { keepOutputEval, keepTriggerQuery } from '../../../electron/core/chat/keep.js';
import { compareTurn, turnSummary } from '../../../electron/core/chat/replay.js';
import { readEvalsFile } from '../../../electron/core/evals/evals-file.js';
import { readTriggerSet } from '../../../electron/core/evals/triggers.js';
import { FIXTURES } from '../../helpers.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'skillbench-conversations-'));

const turn = (user: string, answer: string, tools: string[] = []): ChatTurn => ({
  user,
  steps: [
    { type: 'skill', callId: 's1', skill: 'weather', instructions: 'x', tools },
    ...tools.map((name, i) => ({
      type: 'tool' as const,
      callId: `t${i}`,
      name,
      skill: 'weather',
      tool: name.split('__')[1] ?? name,
      args: {},
      state: 'done' as const,
    })),
    { type: 'text', text: 'Looking…' },
    { type: 'text', text: answer },
  ],
});

const conversation = (id: string, created: string, turns: ChatTurn[]): Conversation => ({
  version: CONVERSATION_VERSION,
  id,
  title: turns[0]?.user ?? '',
  created,
  provider: 'fake',
  model: 'scripted-1',
  profile: 'skillbench',
  skill: 'weather',
  allowedTools: [],
  turns,
});

/** No roots to keep to here: the host's guard is tested through the host (test/integration/host/chat.test.ts). */
const asIs = (file: string) => file;

describe('saved conversations', () => {
  it('writes one file per id, lists them newest first, an unreadable one with its problem', () => {
    const dir = tmp();
    const older = conversation('a', '2026-01-01T00:00:00.000Z', [turn('First', 'One.')]);
    const newer = conversation('b/../c', '2026-02-01T00:00:00.000Z', [turn('Second', 'Two.')]);
    expect(saveConversation(dir, older)).toBe(join(dir, 'a.json'));
    expect(saveConversation(dir, newer)).toBe(join(dir, conversationFileName('b/../c')));
    expect(conversationFileName('b/../c')).toBe('b_.._c.json');
    writeFileSync(join(dir, 'broken.json'), '{"version": 1');
    const list = listConversations(dir);
    expect(list.map((c) => c.id)).toEqual(['broken', 'b/../c', 'a']);
    expect(list[0]?.title).toMatch(/^Unreadable: .*broken\.json/);
    expect(list[1]).toEqual({
      file: join(dir, 'b_.._c.json'),
      id: 'b/../c',
      title: 'Second',
      created: '2026-02-01T00:00:00.000Z',
      turns: 1,
    });
    expect(readConversation(join(dir, 'a.json'))).toEqual(older);
    expect(listConversations(join(dir, 'none'))).toEqual([]);
  });

  it('refuses a file that is not a conversation, naming it and what is wrong', () => {
    const dir = tmp();
    const file = join(dir, 'x.json');
    writeFileSync(file, JSON.stringify({ ...conversation('x', 'now', []), profile: 'vim' }));
    expect(() => readConversation(file)).toThrow(`${file} is not a saved Playground conversation: "profile"`);
    writeFileSync(
      file,
      JSON.stringify({ ...conversation('x', 'now', []), turns: [{ user: 'hi', steps: [{ type: 'boom' }] }] }),
    );
    expect(() => readConversation(file)).toThrow('turns[0].steps[0] has an unknown type "boom"');
    expect(() => readConversation(join(dir, 'missing.json'))).toThrow(/No conversation at .*missing\.json/);
    // A hand-edited step the view could not draw (a request without its prompt, a text that is no string).
    for (const [step, problem] of [
      [{ type: 'request' }, 'turns[0].steps[0] (request) needs "system" as a string'],
      [{ type: 'text', text: {} }, 'turns[0].steps[0] (text) needs "text" as a string'],
      [
        {
          type: 'tool',
          callId: 'c',
          name: 'a__b',
          skill: 'a',
          tool: 'b',
          state: 'done',
          output: { output: 1 },
        },
        'turns[0].steps[0] (tool) has an "output" without its text and isError',
      ],
    ] as const) {
      writeFileSync(
        file,
        JSON.stringify({ ...conversation('x', 'now', []), turns: [{ user: 'hi', steps: [step] }] }),
      );
      expect(() => readConversation(file)).toThrow(problem);
    }
  });
});

describe('replay comparison', () => {
  it('summarises skills, tools and the last answer, and marks a change', () => {
    const before = turn('Weather?', 'Sunny.', ['weather__forecast']);
    expect(turnSummary(before)).toEqual({
      skills: ['weather'],
      tools: ['weather__forecast'],
      answer: 'Sunny.',
    });
    expect(compareTurn(before, turn('Weather?', 'Sunny.', ['weather__forecast'])).changed).toBe(false);
    expect(compareTurn(before, turn('Weather?', 'Sunny.')).changed).toBe(true);
    expect(compareTurn(before, turn('Weather?', 'Rain.', ['weather__forecast'])).changed).toBe(true);
  });
});

describe('keep as eval', () => {
  it('appends a trigger query to the skill’s set (the older name when only it exists), once', () => {
    const skill = tmp();
    mkdirSync(join(skill, 'evals'));
    copyFileSync(
      join(FIXTURES, 'evals', 'library', 'pdf-extract', 'evals', 'triggers.json'),
      join(skill, 'evals', 'triggers.json'),
    );
    const kept = keepTriggerQuery(skill, 'Read the pages of memo.pdf', true, asIs);
    expect(kept).toEqual({ file: join(skill, 'evals', 'triggers.json'), added: true });
    expect(readTriggerSet(kept.file, 'cli').at(-1)).toEqual({
      query: 'Read the pages of memo.pdf',
      should_trigger: true,
    });
    expect(keepTriggerQuery(skill, 'read the pages of  MEMO.pdf ', false, asIs).added).toBe(false);
    expect(readTriggerSet(kept.file, 'cli')).toHaveLength(4);
    const fresh = tmp();
    expect(keepTriggerQuery(fresh, 'Hello', false, asIs)).toEqual({
      file: join(fresh, 'evals', 'trigger-eval.json'),
      added: true,
    });
  });

  it('appends the conversation to skill-creator’s evals.json, its entries kept, the answer as expected output', () => {
    const skill = tmp();
    mkdirSync(join(skill, 'evals'));
    const file = join(skill, 'evals', 'evals.json');
    copyFileSync(join(FIXTURES, 'evals', 'skill-creator', 'evals-first-stage.json'), file);
    const before = readEvalsFile(file, 'cli');
    const c = conversation('k', 'now', [turn('Summarise a.csv', 'Ok.'), turn('Now as a table', '| a |')]);
    expect(keepOutputEval({ name: 'csv-report', sourcePath: join(skill, 'SKILL.md') }, c, asIs)).toEqual({
      file,
      id: 3,
    });
    const after = readEvalsFile(file, 'cli');
    expect(after.skill_name).toBe('csv-report');
    expect(after.evals.slice(0, 2)).toEqual(before.evals);
    expect(after.evals[2]).toEqual({
      id: 3,
      prompt: 'Summarise a.csv\n\nNow as a table',
      expected_output: '| a |',
      files: [],
      expectations: [],
    });
    // A broken file is refused with the reader's message, never overwritten.
    writeFileSync(file, '{"evals": [{"id": 1}]}');
    expect(() => keepOutputEval({ name: 'x', sourcePath: join(skill, 'SKILL.md') }, c, asIs)).toThrow(
      /prompt/,
    );
    expect(readFileSync(file, 'utf8')).toBe('{"evals": [{"id": 1}]}');
  });
});
