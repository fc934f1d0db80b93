// Owns keeping what a Playground conversation showed as an eval: a user turn as a trigger query (into the skill's
// trigger set), or the conversation as an output eval in skill-creator's evals/evals.json, its answer as the first
// expected output for the author to edit.
// Tested by: test/integration/chat/conversations.test.ts
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Conversation } from '../../../shared/chat.js';
import { DEFAULT_EVALS_FILE, parseTriggerSet, queryKey } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { parseJsonText } from '../../../shared/json-read.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { parseEvalsFile } from '../evals/evals-file.js';
import { appendToTriggerSet, resolveTriggerSet } from '../evals/triggers.js';
import { turnSummary } from './replay.js';

/**
 * The path a keep writes, as `writable` returns it: the caller's guard (the host's writable roots) sees the file
 * itself, so an `evals/` folder that links out of the roots is refused, not written through.
 */
export type WritableFile = (file: string) => string;

/** Appends `query` to the trigger set of the skill in `skillDir`; `added` false when the set has it already. */
export function keepTriggerQuery(
  skillDir: string,
  query: string,
  shouldTrigger: boolean,
  writable: WritableFile,
): { file: string; added: boolean } {
  const set = resolveTriggerSet(skillDir);
  const file = writable(set.path);
  if (set.exists) {
    const existing = parseTriggerSet(readFileSync(file, 'utf8'), set.path);
    if (existing.some((q) => queryKey(q.query) === queryKey(query))) return { file: set.path, added: false };
  }
  appendToTriggerSet(file, [{ query, should_trigger: shouldTrigger }]);
  return { file: set.path, added: true };
}

/**
 * Appends the conversation to `<skill folder>/evals/evals.json` (created in skill-creator's format when missing):
 * the user turns as the prompt, the last answer as `expected_output`, no expectations yet. The file is checked
 * first, so a broken one is refused with the reader's message, never overwritten; entries keep their own keys.
 */
export function keepOutputEval(
  skill: { name: string; sourcePath: string },
  conversation: Conversation,
  writable: WritableFile,
): { file: string; id: number } {
  const last = conversation.turns.at(-1);
  if (!last) throw new SkillError('InvalidArgs', 'The conversation has no turn to keep yet.');
  const file = join(dirname(skill.sourcePath), DEFAULT_EVALS_FILE);
  const target = writable(file);
  let data: { skill_name: string; evals: unknown[] } = { skill_name: skill.name, evals: [] };
  if (existsSync(target)) {
    const text = readFileSync(target, 'utf8');
    parseEvalsFile(text, file);
    data = parseJsonText(text, file) as unknown as typeof data;
  } else mkdirSync(dirname(target), { recursive: true });
  const ids = data.evals.map((e) => Number((e as { id?: unknown }).id)).filter(Number.isFinite);
  const id = Math.max(0, ...ids) + 1;
  data.evals.push({
    id,
    prompt: conversation.turns.map((t) => t.user).join('\n\n'),
    expected_output: turnSummary(last).answer,
    files: [],
    expectations: [],
  });
  writeFileAtomically(target, `${JSON.stringify(data, null, 2)}\n`);
  return { file, id };
}
