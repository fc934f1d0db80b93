// Owns replaying a saved conversation: its user turns sent again, in order, against the library as it is now, and
// each turn summarised beside the original's (which skills fired, which tools were called, the answer).
// Tested by: test/integration/chat/conversations.test.ts
import type { ChatTurn, Conversation, ReplayTurnComparison, TurnSummary } from '../../../shared/chat.js';
import type { LibraryEntry } from '../../../shared/types.js';
import type { ChatSession } from './session.js';

/** What a turn did, for the side-by-side view: skills loaded, tools called (composed names), the last answer. */
export function turnSummary(turn: ChatTurn): TurnSummary {
  const skills: string[] = [];
  const tools: string[] = [];
  let answer = '';
  for (const step of turn.steps) {
    if (step.type === 'skill' && step.problem === undefined) skills.push(step.skill);
    else if (step.type === 'tool') tools.push(step.name);
    else if (step.type === 'text') answer = step.text;
  }
  return { skills, tools, answer };
}

export function compareTurn(before: ChatTurn, after: ChatTurn): ReplayTurnComparison {
  const b = turnSummary(before);
  const a = turnSummary(after);
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return {
    user: before.user,
    before: b,
    after: a,
    changed: !same(b.skills, a.skills) || !same(b.tools, a.tools) || b.answer !== a.answer,
  };
}

/**
 * Sends the original's user turns through `session` (a new conversation, `replayOf` set), against `entries()` as they
 * are at each turn. A turn that stops (the author, the budget, a provider failure) ends the replay there.
 */
export async function replayConversation(
  session: ChatSession,
  original: Conversation,
  entries: () => readonly LibraryEntry[],
): Promise<{ conversation: Conversation; comparison: ReplayTurnComparison[] }> {
  const comparison: ReplayTurnComparison[] = [];
  for (const before of original.turns) {
    const after = await session.send(before.user, entries());
    comparison.push(compareTurn(before, after));
    if (after.steps.at(-1)?.type === 'stopped') break;
  }
  return { conversation: session.conversation, comparison };
}
