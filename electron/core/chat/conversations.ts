// Owns saved Playground conversations: where they live (a skill's `.skillbench/conversations/`, or the data folder's
// `conversations/` for library-wide ones), writing one atomically, listing a folder's, and reading one back checked,
// with a message that names the file.
// Tested by: test/integration/chat/conversations.test.ts
import { existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  CONVERSATION_VERSION,
  CONVERSATIONS_DIR,
  type ChatStep,
  type Conversation,
  type ConversationListItem,
} from '../../../shared/chat.js';
import { SkillError } from '../../../shared/errors.js';
import { parseJsonText } from '../../../shared/json-read.js';
import { VALIDATION_PROFILES, type ValidationProfile } from '../../../shared/types.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { readRegularFile } from '../fs/read-regular.js';

/** A conversation file is read only up to this size. */
const MAX_CONVERSATION_BYTES = 32 * 1024 * 1024;
const STEP_TYPES: ReadonlySet<ChatStep['type']> = new Set([
  'request',
  'text',
  'skill',
  'tool',
  'no-skill',
  'stopped',
]);

const TOOL_STATES: ReadonlySet<string> = new Set([
  'waiting',
  'running',
  'done',
  'error',
  'refused',
  'cancelled',
]);

/** The string fields each step type must have, and those it may have (what the Playground draws). */
const STEP_FIELDS: Record<ChatStep['type'], { strings: string[]; optional: string[] }> = {
  request: { strings: ['system'], optional: [] },
  text: { strings: ['text'], optional: [] },
  skill: { strings: ['callId', 'skill'], optional: ['args', 'instructions', 'problem'] },
  tool: { strings: ['callId', 'name', 'skill', 'tool', 'state'], optional: ['refusal', 'approvedBy'] },
  'no-skill': { strings: ['reason'], optional: [] },
  stopped: { strings: ['reason'], optional: [] },
};

/** What is wrong with a saved step, or undefined: a hand-edited file must not break the view that draws it. */
function stepProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not an object';
  const step = value as Record<string, unknown>;
  const type = step.type as ChatStep['type'];
  if (!STEP_TYPES.has(type)) return `has an unknown type ${JSON.stringify(step.type)}`;
  const { strings, optional } = STEP_FIELDS[type];
  for (const key of strings) if (typeof step[key] !== 'string') return `(${type}) needs "${key}" as a string`;
  for (const key of optional)
    if (step[key] !== undefined && typeof step[key] !== 'string')
      return `(${type}) has a "${key}" that is not a string`;
  const allStrings = (list: unknown) => Array.isArray(list) && list.every((x) => typeof x === 'string');
  if (
    type === 'request' &&
    !(
      Array.isArray(step.tools) &&
      step.tools.every((t) => typeof (t as { name?: unknown })?.name === 'string')
    )
  )
    return '(request) needs "tools" as a list of {name, description}';
  if (type === 'skill' && step.tools !== undefined && !allStrings(step.tools))
    return '(skill) has "tools" that is not a list of names';
  if (type === 'tool') {
    if (!TOOL_STATES.has(step.state as string))
      return `(tool) has an unknown state ${JSON.stringify(step.state)}`;
    const output = step.output as { output?: unknown; isError?: unknown } | undefined;
    if (output !== undefined && (typeof output?.output !== 'string' || typeof output.isError !== 'boolean'))
      return '(tool) has an "output" without its text and isError';
  }
  return undefined;
}

/** The folder of a skill's conversations. */
export const skillConversationsDir = (skillFolder: string): string => join(skillFolder, CONVERSATIONS_DIR);
/** The folder of library-wide conversations, in the app's (or the CLI's) data folder. */
export const libraryConversationsDir = (dataDir: string): string => join(dataDir, 'conversations');

/** A conversation id as a file name: anything but letters, digits, `.`, `_` and `-` becomes `_`. */
export function conversationFileName(id: string): string {
  const safe = id
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200);
  return `${safe || 'conversation'}.json`;
}

/** Writes the conversation to `dir`, named by its id; returns the file. */
export function saveConversation(dir: string, conversation: Conversation): string {
  const file = join(dir, conversationFileName(conversation.id));
  writeConversation(file, conversation);
  return file;
}

/** Writes the conversation to `file` (its folder created), atomically. */
export function writeConversation(file: string, conversation: Conversation): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomically(file, `${JSON.stringify(conversation, null, 2)}\n`);
}

/** A conversation file's text checked into a Conversation; anything else is InvalidFormat naming the file. */
export function parseConversation(text: string, file: string): Conversation {
  const fail = (what: string): never => {
    throw new SkillError('InvalidFormat', `${file} is not a saved Playground conversation: ${what}.`);
  };
  const data = parseJsonText(text, file) as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('expected a JSON object');
  if (data.version !== CONVERSATION_VERSION)
    fail(`"version" must be ${CONVERSATION_VERSION} (this file says ${JSON.stringify(data.version)})`);
  for (const key of ['id', 'title', 'created', 'provider', 'model'] as const)
    if (typeof data[key] !== 'string') fail(`"${key}" must be a string`);
  if (!VALIDATION_PROFILES.includes(data.profile as ValidationProfile))
    fail(`"profile" must be one of ${VALIDATION_PROFILES.join(', ')}`);
  if (data.skill !== undefined && typeof data.skill !== 'string') fail('"skill" must be a string');
  if (data.replayOf !== undefined && typeof data.replayOf !== 'string') fail('"replayOf" must be a string');
  if (!Array.isArray(data.allowedTools) || data.allowedTools.some((t) => typeof t !== 'string'))
    fail('"allowedTools" must be a list of tool names');
  if (!Array.isArray(data.turns)) return fail('"turns" must be a list');
  data.turns.forEach((turn: unknown, i) => {
    const t = turn as { user?: unknown; steps?: unknown } | null;
    if (typeof t !== 'object' || t === null || typeof t.user !== 'string')
      fail(`turns[${i}] needs "user" (the message)`);
    if (!Array.isArray(t?.steps)) return fail(`turns[${i}].steps must be a list`);
    t.steps.forEach((step: unknown, j) => {
      const problem = stepProblem(step);
      if (problem) fail(`turns[${i}].steps[${j}] ${problem}`);
    });
  });
  return data as unknown as Conversation;
}

/** A saved conversation, read only from a regular file (a cloned repository could hold a link to a device). */
export function readConversation(file: string): Conversation {
  return parseConversation(readRegularFile(file, MAX_CONVERSATION_BYTES, 'conversation'), file);
}

/**
 * The conversations saved in `dir`, newest first. A file that cannot be read is listed with its problem as the title,
 * so it can be found and removed.
 */
export function listConversations(dir: string): ConversationListItem[] {
  if (!existsSync(dir)) return [];
  const items: ConversationListItem[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const file = join(dir, name);
    try {
      const c = readConversation(file);
      items.push({
        file,
        id: c.id,
        title: c.title,
        created: c.created,
        turns: c.turns.length,
        ...(c.replayOf !== undefined ? { replayOf: c.replayOf } : {}),
      });
    } catch (error) {
      let created = '';
      try {
        created = lstatSync(file).mtime.toISOString();
      } catch {
        // Gone since the folder was read: listed without a date.
      }
      items.push({
        file,
        id: name.replace(/\.json$/, ''),
        title: `Unreadable: ${(error as Error).message}`,
        created,
        turns: 0,
      });
    }
  }
  return items.sort((a, b) => b.created.localeCompare(a.created));
}
