// `chat:*`: the Playground. Conversations live here while the app runs, keyed by the window's conversation id; their
// steps go out as `chat:step` events, a tool call waits for `chat:approve`, and tools run through the workspace's
// executor (trust, timeouts, output caps, history) like the Run tab's. Saved only on `chat:save`.
// Tested by: test/integration/host/chat.test.ts
import { basename, dirname, resolve, sep } from 'node:path';
import { CONVERSATIONS_DIR, type ApprovalDecision } from '../../../shared/chat.js';
import { SkillError } from '../../../shared/errors.js';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import { withUnsaved, type UnsavedText } from '../../core/chat/catalog.js';
import {
  libraryConversationsDir,
  listConversations,
  readConversation,
  saveConversation,
  skillConversationsDir,
} from '../../core/chat/conversations.js';
import { keepOutputEval, keepTriggerQuery } from '../../core/chat/keep.js';
import { replayConversation } from '../../core/chat/replay.js';
import { ChatSession } from '../../core/chat/session.js';
import type { ChatTools } from '../../core/chat/turn.js';
import { Budget } from '../../core/models/budget.js';
import { ModelClient } from '../../core/models/model-client.js';
import { confine, realPathOf } from '../../core/fs/confine.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';

interface Started {
  provider: string;
  profile?: ValidationProfile | undefined;
  skillId?: string | undefined;
  allowedTools?: readonly string[];
  replayOf?: string;
}

export function chatHandlers(ctx: HostContext): AreaHandlers<'chat'> {
  const sessions = new Map<string, ChatSession>();
  /** Calls waiting for the author, by conversation id and call id. */
  const waiting = new Map<string, Map<string, (decision: ApprovalDecision) => void>>();
  const libraryDir = () => libraryConversationsDir(ctx.options.userDataDir);
  // The executor of the moment: a reload replaces the workspace's.
  const tools: ChatTools = {
    describeTools: (skillId) => ctx.workspace.executor.describeTools(skillId),
    executeTool: (skillId, tool, args, opts) => ctx.workspace.executor.executeTool(skillId, tool, args, opts),
  };

  const session = (conversationId: string): ChatSession => {
    const found = sessions.get(conversationId);
    if (!found)
      throw new SkillError('NotFound', `No conversation "${conversationId}" is open: send a message first.`);
    return found;
  };

  const start = (conversationId: string, o: Started): ChatSession => {
    const skill = o.skillId !== undefined ? ctx.workspace.skill(o.skillId) : undefined;
    const client = new ModelClient(ctx.providers.open(o.provider), {
      budget: new Budget({}),
      prices: ctx.providers.prices(),
    });
    const created = new ChatSession({
      id: conversationId,
      client,
      profile: o.profile ?? ctx.settings.get().profile,
      tools,
      ...(skill ? { skill: { id: skill.id, name: skill.name } } : {}),
      ...(o.allowedTools ? { allowedTools: o.allowedTools } : {}),
      ...(o.replayOf !== undefined ? { replayOf: o.replayOf } : {}),
      approve: (step) =>
        new Promise<ApprovalDecision>((resolve) => {
          const calls = waiting.get(conversationId) ?? new Map<string, (d: ApprovalDecision) => void>();
          calls.set(step.callId, resolve);
          waiting.set(conversationId, calls);
        }),
      onStep: (turn, index, step) => ctx.emit('chat:step', { conversationId, turn, index, step }),
    });
    sessions.set(conversationId, created);
    return created;
  };

  const entries = (profile: ValidationProfile, unsaved: readonly UnsavedText[] = []): LibraryEntry[] =>
    withUnsaved(ctx.workspace.entries, unsaved, (path, text) =>
      ctx.workspace.entryOfText(path, text, profile),
    );

  const stop = (conversationId: string) => {
    sessions.get(conversationId)?.stop();
    waiting.delete(conversationId);
  };
  ctx.closers.push(() => {
    for (const id of sessions.keys()) stop(id);
  });

  /** Where a skill's conversations go: its folder, or the data folder when the skill is a bundled (read-only) one. */
  const dirOf = (skillId: string | undefined): string => {
    if (skillId === undefined) return libraryDir();
    const entry = ctx.entry(skillId);
    if (ctx.root(entry.rootId)?.kind === 'bundled') return libraryDir();
    return ctx.writable(skillConversationsDir(dirname(entry.path)));
  };

  /** The loaded skill whose conversations folder is `dir` (a real path), if any. */
  const skillOfDir = (dir: string): LibraryEntry | undefined => {
    if (!dir.endsWith(CONVERSATIONS_DIR.split('/').join(sep))) return undefined;
    const folder = dirname(dirname(dir));
    // Real paths on both sides: a root reached through a link (macOS's /tmp) lists real paths.
    return ctx.workspace.entries.find(
      (e) => basename(dirname(e.path)) === basename(folder) && realPathOf(dirname(e.path)) === folder,
    );
  };

  /** `file` when it lies where conversations are saved: a loaded skill's folder (inside the roots) or the data folder. */
  const savedFile = (file: string): { path: string; skill?: LibraryEntry } => {
    if (!file.endsWith('.json'))
      throw new SkillError('InvalidArgs', `${file} is not a conversation file (they end in .json).`);
    const path = realPathOf(resolve(file));
    const dir = dirname(path);
    if (dir === realPathOf(libraryDir())) return { path };
    const skill = skillOfDir(dir);
    if (skill) return { path: confine(path, ctx.rootPaths()), skill };
    throw new SkillError(
      'PermissionDenied',
      `${file} is not where conversations are saved: a skill's .skillbench/conversations/ or the data folder's conversations/.`,
    );
  };

  return {
    'chat:send': async ({ conversationId, provider, profile, skillId, text, unsaved }) => {
      const s = sessions.get(conversationId) ?? start(conversationId, { provider, profile, skillId });
      return s.send(text, entries(s.conversation.profile, unsaved));
    },
    'chat:approve': ({ conversationId, callId, decision }) => {
      const answer = waiting.get(conversationId)?.get(callId);
      if (!answer)
        throw new SkillError('NotFound', `No call "${callId}" of this conversation is waiting for approval.`);
      waiting.get(conversationId)?.delete(callId);
      answer(decision as ApprovalDecision);
      return {};
    },
    'chat:stop': ({ conversationId }) => {
      stop(conversationId);
      return {};
    },
    'chat:reset': ({ conversationId }) => {
      stop(conversationId);
      sessions.delete(conversationId);
      return {};
    },
    'chat:save': ({ conversationId }) => {
      const s = session(conversationId);
      const file = saveConversation(dirOf(s.skill?.id), s.conversation);
      return { file, conversation: s.conversation };
    },
    'chat:list': ({ skillId }) => listConversations(dirOf(skillId)),
    'chat:open': ({ file }) => readConversation(savedFile(file).path),
    'chat:replay': async ({ conversationId, file, provider, unsaved }) => {
      const saved = savedFile(file);
      const original = readConversation(saved.path);
      if (sessions.get(conversationId)?.busy)
        throw new SkillError('Conflict', 'Busy: a turn of this conversation is still running.');
      // The skill whose folder holds it, else (saved library-wide) the one of that name.
      const skill =
        saved.skill ??
        ctx.workspace.entries.find((e) => e.skill?.name === original.skill && e.status !== 'shadowed');
      sessions.delete(conversationId);
      const s = start(conversationId, {
        provider: provider ?? original.provider,
        profile: original.profile,
        skillId: skill?.id,
        // Not the file's allowedTools: anyone can write a saved conversation (a cloned repository's), so every call
        // of a replay waits for the author again.
        replayOf: original.id,
      });
      return replayConversation(s, original, () => entries(original.profile, unsaved));
    },
    'chat:keep-trigger': ({ skillId, query, shouldTrigger }) =>
      keepTriggerQuery(ctx.writable(ctx.folderOf(skillId)), query, shouldTrigger, (f) => ctx.writable(f)),
    'chat:keep-output-eval': ({ skillId, conversationId, file }) => {
      const skill = ctx.workspace.skill(skillId);
      ctx.writable(dirname(skill.sourcePath));
      if ((file === undefined) === (conversationId === undefined))
        throw new SkillError(
          'InvalidArgs',
          'Name either the conversation in memory or a saved file, not both.',
        );
      const conversation =
        file !== undefined ? readConversation(savedFile(file).path) : session(conversationId!).conversation;
      return keepOutputEval(skill, conversation, (f) => ctx.writable(f));
    },
  };
}
