// Owns the Playground's conversation as the renderer holds it: turns rebuilt from the host's streamed steps (a
// step sent again under its index replaces the earlier one), and the small readings the view makes of them.
// Tested by: test/unit/renderer/playground/conversation-model.test.ts
import type { ChatStep, ChatTurn, ChatUsage } from '../../../shared/chat.js';
import { qualifiedName } from '../../../shared/effective.js';
import type { ListedEntry } from '../../../shared/types.js';
import { formatUsd, tokensText } from '../../../shared/usage.js';

/** One streamed step: `turn` 0-based in the conversation, `index` in the turn. */
export interface StepEvent {
  turn: number;
  index: number;
  step: ChatStep;
}

/**
 * The turns with one streamed step in place. A turn the view has not started yet (a replay's, whose user turns
 * the host sends) is added with the user text `userOf` gives.
 */
export function withStep(
  turns: readonly ChatTurn[],
  e: StepEvent,
  userOf: (turn: number) => string,
): ChatTurn[] {
  const next = [...turns];
  for (let t = next.length; t <= e.turn; t++) next.push({ user: userOf(t), steps: [] });
  const turn = next[e.turn];
  if (!turn) return next;
  const steps = [...turn.steps];
  steps[e.index] = e.step;
  // Steps may arrive out of order: a hole stays empty until its step comes, and is never drawn.
  next[e.turn] = { ...turn, steps };
  return next;
}

/** The turn's steps in order, without the holes of steps not received yet. */
export const stepsOf = (turn: ChatTurn): Array<{ index: number; step: ChatStep }> =>
  turn.steps.flatMap((step, index) => (step ? [{ index, step }] : []));

/** "Catalog sent (3 skills, 4 tools)": what the first request carried, counted from its catalog. */
export function catalogLabel(step: Extract<ChatStep, { type: 'request' }>): string {
  const skills = step.system.match(/<skill>/g)?.length ?? 0;
  return `Catalog sent (${plural(skills, 'skill')}, ${plural(step.tools.length, 'tool')})`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The skills a turn loaded, in order. */
export const firedSkills = (turn: ChatTurn): string[] =>
  stepsOf(turn).flatMap(({ step }) => (step.type === 'skill' && !step.problem ? [step.skill] : []));

/** Whether a turn is waiting for the author (a tool call to approve). */
export const waitingCall = (turns: readonly ChatTurn[]): boolean =>
  turns.some((t) => t.steps.some((s) => s?.type === 'tool' && s.state === 'waiting'));

/** The library entry a model-facing skill name stands for (the catalog's qualified name, else the plain name). */
export function entryNamed(entries: readonly ListedEntry[], name: string): ListedEntry | undefined {
  const live = entries.filter((e) => e.skill && e.status !== 'excluded' && e.status !== 'shadowed');
  return (
    live.find((e) => e.skill && qualifiedName(e.skill) === name) ?? live.find((e) => e.skill?.name === name)
  );
}

/**
 * The skill a kept eval belongs to: the one the Playground is opened for, else the one the turns fired (only when
 * exactly one did: an eval kept for the wrong skill would skew its set).
 */
export function keepTarget(
  entries: readonly ListedEntry[],
  opened: ListedEntry | undefined,
  turns: readonly ChatTurn[],
): ListedEntry | undefined {
  if (opened) return opened;
  const fired = [...new Set(turns.flatMap(firedSkills))];
  return fired.length === 1 && fired[0] ? entryNamed(entries, fired[0]) : undefined;
}

/** "Tokens: 1,200 in, 80 out · $0.0042" for a finished turn, in the words the eval runs use. */
export function usageText(u: ChatUsage): string {
  const tokens = tokensText({
    input_tokens: u.inputTokens,
    cache_creation_input_tokens: u.cacheWriteTokens,
    cache_read_input_tokens: u.cacheReadTokens,
    output_tokens: u.outputTokens,
    cost_usd: u.costUsd ?? null,
    cost_without_cache_usd: null,
  });
  return `Tokens: ${tokens}${u.costUsd !== undefined ? ` · ${formatUsd(u.costUsd)}` : ''}`;
}
