// The Playground's conversation as the renderer rebuilds it from streamed steps, and the readings the view makes:
// the catalog's counts, the skills a turn fired, which skill a kept eval belongs to.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLibrary } from '../../../../electron/core/skills/index.js';
import type { ChatStep, ChatTurn } from '../../../../shared/chat.js';
import { renderAvailableSkills } from '../../../../shared/catalog.js';
import { listedEntry } from '../../../../shared/types.js';
import {
  catalogLabel,
  entryNamed,
  firedSkills,
  keepTarget,
  stepsOf,
  usageText,
  waitingCall,
  withStep,
} from '../../../../renderer/src/playground/conversation-model.js';
import { FIXTURES } from '../../../helpers.js';

const entries = loadLibrary([{ path: join(FIXTURES, 'workbench') }]).entries.map(listedEntry);
const demo = entries.find((e) => e.skill?.name === 'runner-demo')!;
const other = entries.find((e) => e.skill?.name === 'proper-name')!;

const skillStep = (skill: string): ChatStep => ({
  type: 'skill',
  callId: `c-${skill}`,
  skill,
  instructions: 'Do.',
});
const toolStep = (state: Extract<ChatStep, { type: 'tool' }>['state']): ChatStep => ({
  type: 'tool',
  callId: 't1',
  name: 'runner-demo__say',
  skill: 'runner-demo',
  tool: 'say',
  args: { text: 'hi' },
  state,
});

describe('a conversation rebuilt from streamed steps', () => {
  it('puts each step at its index, a later one with the same index replacing it', () => {
    let turns: ChatTurn[] = [{ user: 'hello', steps: [] }];
    const user = () => 'unused';
    turns = withStep(
      turns,
      { turn: 0, index: 0, step: { type: 'text', text: 'Hel', streaming: true } },
      user,
    );
    turns = withStep(turns, { turn: 0, index: 0, step: { type: 'text', text: 'Hello there' } }, user);
    turns = withStep(turns, { turn: 0, index: 1, step: toolStep('waiting') }, user);
    expect(turns).toEqual([
      { user: 'hello', steps: [{ type: 'text', text: 'Hello there' }, toolStep('waiting')] },
    ]);
    expect(waitingCall(turns)).toBe(true);
    turns = withStep(turns, { turn: 0, index: 1, step: toolStep('done') }, user);
    expect(waitingCall(turns)).toBe(false);
  });

  it("starts the turns the host began by itself (a replay's) with their user text", () => {
    const users = ['first', 'second'];
    const turns = withStep([], { turn: 1, index: 0, step: { type: 'text', text: 'ok' } }, (t) => users[t]!);
    expect(turns.map((t) => t.user)).toEqual(['first', 'second']);
    expect(turns[0]!.steps).toEqual([]);
  });

  it('skips the holes of steps not received yet', () => {
    const turns = withStep(
      [{ user: 'q', steps: [] }],
      { turn: 0, index: 2, step: { type: 'no-skill', reason: 'r' } },
      () => '',
    );
    expect(stepsOf(turns[0]!)).toEqual([{ index: 2, step: { type: 'no-skill', reason: 'r' } }]);
  });
});

describe("the view's readings", () => {
  it('counts the skills of the catalog sent and the tools offered', () => {
    const system = `You are helpful.\n${renderAvailableSkills(entries)}`;
    expect(
      catalogLabel({ type: 'request', system, tools: [{ name: 'Skill', description: 'Load a skill' }] }),
    ).toBe('Catalog sent (2 skills, 1 tool)');
    expect(catalogLabel({ type: 'request', system: 'none', tools: [] })).toBe(
      'Catalog sent (0 skills, 0 tools)',
    );
  });

  it('lists the skills a turn loaded, not a name the catalog did not have', () => {
    const turn: ChatTurn = {
      user: 'q',
      steps: [
        skillStep('runner-demo'),
        { type: 'skill', callId: 'x', skill: 'nope', problem: 'not in the catalog' },
      ],
    };
    expect(firedSkills(turn)).toEqual(['runner-demo']);
  });

  it('finds the entry a model-facing skill name stands for', () => {
    expect(entryNamed(entries, 'runner-demo')?.id).toBe(demo.id);
    expect(entryNamed(entries, 'missing')).toBeUndefined();
  });

  it('keeps an eval for the skill the Playground is opened for, else for the one skill that fired', () => {
    const fired: ChatTurn = { user: 'q', steps: [skillStep('runner-demo')] };
    expect(keepTarget(entries, other, [fired])?.id).toBe(other.id);
    expect(keepTarget(entries, undefined, [fired])?.id).toBe(demo.id);
    const both: ChatTurn = { user: 'q', steps: [skillStep('runner-demo'), skillStep('proper-name')] };
    expect(keepTarget(entries, undefined, [both])).toBeUndefined();
    expect(keepTarget(entries, undefined, [{ user: 'q', steps: [] }])).toBeUndefined();
  });
});

describe("a turn's usage", () => {
  it('is told as the eval runs tell it, the cost when the model has a price', () => {
    const u = { inputTokens: 1200, outputTokens: 80, cacheReadTokens: 0, cacheWriteTokens: 0 };
    expect(usageText(u)).toBe('Tokens: 1,200 in, 80 out');
    expect(usageText({ ...u, cacheReadTokens: 3000, costUsd: 0.0042 })).toBe(
      'Tokens: 1,200 in, 3,000 cache read, 80 out · $0.0042',
    );
  });
});
