// Owns saved Playground conversations: where they live (a skill's `.skillbench/conversations/`, or the data folder's
// `conversations/` for library-wide ones), writing one atomically, listing a folder's, and reading one back checked,
// with a message that names the file.
// Tested by: test/integration/chat/conversations.test.ts
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
      const type = (step as { type?: unknown } | null)?.type;
      if (!STEP_TYPES.has(type as ChatStep['type']))
        fail(`turns[${i}].steps[${j}] has an unknown type ${JSON.stringify(type)}`);
    });
  });
  return data as unknown as Conversation;
}

export function readConversation(file: string): Conversation {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new SkillError(
      'NotFound',
      `No conversation at ${file} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}).`,
    );
  }
  if (size > MAX_CONVERSATION_BYTES)
    throw new SkillError(
      'InvalidFormat',
      `${file} is larger than 32 MiB: not a conversation Skillbench saved.`,
    );
  return parseConversation(readFileSync(file, 'utf8'), file);
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
        created = statSync(file).mtime.toISOString();
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
