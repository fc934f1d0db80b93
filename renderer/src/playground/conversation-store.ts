// Owns a Playground conversation's lifecycle in the renderer for the page's life: its id, its turns as the host
// streams their steps, whether a turn is in flight, and the calls that move it (send, approve, stop, save, replay,
// start anew). It outlives the view, so a turn keeps streaming while the author edits the skill in another view.
// The host holds the conversation itself; this store shows it and never decides for the author.
import { useSyncExternalStore } from 'react';
import type { ApprovalDecision, ChatTurn, Conversation, ReplayTurnComparison } from '../../../shared/chat.js';
import type { HostApi, IpcResult } from '../../../shared/ipc.js';
import type { ValidationProfile } from '../../../shared/types.js';
import { withStep } from './conversation-model.js';

export interface ConversationState {
  /** The id the host knows the conversation by (a fresh one after New conversation). */
  id: string;
  turns: ChatTurn[];
  running: boolean;
  /** The last call's failure, in the host's words. */
  error?: string;
  /** Where the conversation was last saved (a replay needs the file). */
  file?: string;
  /** How many turns that save held: later ones are only in memory. */
  savedTurns?: number;
  /** A saved conversation opened from the list: shown and replayable, not continued. */
  opened?: Conversation;
  /** A replay's comparison with the conversation it replays, once it finished. */
  comparison?: ReplayTurnComparison[];
}

export type Unsaved = Array<{ skillId: string; text: string }>;

const fresh = (): ConversationState => ({ id: crypto.randomUUID(), turns: [], running: false });

export class ConversationStore {
  private state: ConversationState = fresh();
  /** The user text of each turn, known before the host's steps arrive (a replay's turns are started by the host). */
  private users: string[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly host: HostApi) {
    host.on('chat:step', (e) =>
      this.update(e.conversationId, (s) => ({
        ...s,
        turns: withStep(s.turns, e, (t) => this.users[t] ?? ''),
      })),
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): ConversationState => this.state;

  /** Changes the state of conversation `id` only: a late answer about a forgotten one changes nothing. */
  private update(id: string, change: (s: ConversationState) => ConversationState): void {
    if (this.state.id !== id) return;
    this.state = change(this.state);
    for (const l of this.listeners) l();
  }

  /** Records a failed call's message; true when the call succeeded. */
  private succeeded(id: string, r: IpcResult<unknown>): boolean {
    if (!r.ok) this.update(id, (s) => ({ ...s, error: r.error.message }));
    return r.ok;
  }

  /** Forgets the conversation in the host and shows `next` in its place. */
  private restart(next: ConversationState = fresh()): string {
    void this.host.invoke('chat:reset', { conversationId: this.state.id });
    this.users = next.turns.map((t) => t.user);
    this.state = next;
    for (const l of this.listeners) l();
    return next.id;
  }

  /** Runs one turn: the author's text goes out and its steps stream in. */
  send = async (request: {
    provider: string;
    profile?: ValidationProfile;
    skillId?: string;
    text: string;
    unsaved?: Unsaved;
  }): Promise<void> => {
    const id = this.state.id;
    const turn = this.users.push(request.text) - 1;
    this.update(id, (s) => ({
      ...s,
      running: true,
      error: undefined,
      turns: [...s.turns.slice(0, turn), { user: request.text, steps: [] }],
    }));
    const r = await this.host.invoke('chat:send', { conversationId: id, ...request });
    this.update(id, (s) => {
      const turns = [...s.turns];
      // The finished turn is the host's last word on every step.
      if (r.ok) turns[turn] = r.value;
      return { ...s, turns, running: false, ...(r.ok ? {} : { error: r.error.message }) };
    });
  };

  /** Replays a saved conversation's user turns as a new conversation here, then keeps the comparison. */
  replay = async (request: {
    file: string;
    userTurns: string[];
    provider?: string;
    unsaved?: Unsaved;
  }): Promise<void> => {
    const id = this.restart({ ...fresh(), running: true });
    this.users = [...request.userTurns];
    const { userTurns: _turns, ...rest } = request;
    const r = await this.host.invoke('chat:replay', { conversationId: id, ...rest });
    this.update(id, (s) =>
      r.ok
        ? { ...s, running: false, turns: r.value.conversation.turns, comparison: r.value.comparison }
        : { ...s, running: false, error: r.error.message },
    );
  };

  approve = async (callId: string, decision: ApprovalDecision): Promise<boolean> => {
    const id = this.state.id;
    return this.succeeded(
      id,
      await this.host.invoke('chat:approve', { conversationId: id, callId, decision }),
    );
  };

  stop = async (): Promise<boolean> => {
    const id = this.state.id;
    return this.succeeded(id, await this.host.invoke('chat:stop', { conversationId: id }));
  };

  /** Writes the conversation (only on the author's click); resolves with the file written. */
  save = async (): Promise<string | undefined> => {
    const id = this.state.id;
    const r = await this.host.invoke('chat:save', { conversationId: id });
    if (!r.ok) return void this.succeeded(id, r);
    this.update(id, (s) => ({ ...s, file: r.value.file, savedTurns: s.turns.length }));
    return r.value.file;
  };

  /** Forgets this conversation in the host and starts an empty one. */
  reset = (): void => void this.restart();

  /** Shows a saved conversation (read from its file) in place of this one. */
  open = async (file: string): Promise<void> => {
    const r = await this.host.invoke('chat:open', { file });
    if (!r.ok) return void this.succeeded(this.state.id, r);
    this.restart({ ...fresh(), turns: r.value.turns, file, opened: r.value });
  };
}

/** What the view remembers besides the conversations: the author's picks and the last status line. */
export interface PlaygroundChoices {
  provider?: string;
  profile?: ValidationProfile;
  /** The skill picked; null: the whole library; undefined: the skill selected in the library. */
  skillId?: string | null | undefined;
  status?: string;
  /** Replay against the editor's unsaved text. */
  useUnsaved?: boolean;
}

/** The picks, one object per change (a snapshot for useSyncExternalStore). */
class ChoicesStore {
  private value: PlaygroundChoices = {};
  private readonly listeners = new Set<() => void>();
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = (): PlaygroundChoices => this.value;
  set = (patch: PlaygroundChoices): void => {
    this.value = { ...this.value, ...patch };
    for (const l of this.listeners) l();
  };
}

interface PlaygroundSession {
  conversation: ConversationStore;
  replay: ConversationStore;
  choices: ChoicesStore;
}

/** The Playground's state for the page's life (the view unmounts when another is shown), per host. */
const sessions = new WeakMap<HostApi, PlaygroundSession>();

export function playgroundSession(host: HostApi): PlaygroundSession {
  let session = sessions.get(host);
  if (!session) {
    session = {
      conversation: new ConversationStore(host),
      replay: new ConversationStore(host),
      choices: new ChoicesStore(),
    };
    sessions.set(host, session);
  }
  return session;
}

/** A conversation's state as it is now, and its store's calls. */
export function useConversation(store: ConversationStore) {
  const state = useSyncExternalStore(store.subscribe, store.snapshot);
  return { ...state, store };
}

export type ConversationHandle = ReturnType<typeof useConversation>;

/** The author's picks, kept in the session so they come back with the view. */
export function useChoices(session: PlaygroundSession) {
  const choices = useSyncExternalStore(session.choices.subscribe, session.choices.get);
  return [choices, session.choices.set] as const;
}
