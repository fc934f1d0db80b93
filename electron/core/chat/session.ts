// Owns one Playground conversation while it is open: its provider and profile fixed at the start, the model's view
// of it between turns (messages, loaded skills, tools allowed for the conversation), one turn at a time, and stop.
// The host and `skillbench chat` each hold their sessions; the turn itself is turn.ts.
// Tested by: test/integration/chat/chat-loop.test.ts
import {
  CONVERSATION_VERSION,
  type ApprovalDecision,
  type ChatStep,
  type ChatTurn,
  type Conversation,
} from '../../../shared/chat.js';
import { SkillError } from '../../../shared/errors.js';
import { promptExcerpt } from '../../../shared/evals.js';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import type { ModelClient } from '../models/model-client.js';
import { runTurn, type ChatState, type ChatTools, type ToolStep } from './turn.js';

export interface ChatSessionOptions {
  id: string;
  client: ModelClient;
  profile: ValidationProfile;
  tools: ChatTools;
  /** The skill the conversation belongs to (saved in its folder); absent: library-wide. */
  skill?: { id: string; name: string };
  /** Composed tool names allowed from the start (a replay keeps the original's). */
  allowedTools?: readonly string[];
  replayOf?: string;
  approve: (step: ToolStep) => Promise<ApprovalDecision>;
  onStep: (turn: number, index: number, step: ChatStep) => void;
  /** Default: now. */
  created?: string;
}

/** Claude Code runs the tools itself, so its calls could not be approved or run through the executor. */
export function assertCanChat(client: ModelClient): void {
  const { kind, name } = client.provider.config;
  if (kind === 'claude-code')
    throw new SkillError(
      'InvalidArgs',
      `The Playground cannot use "${name}" (Claude Code): Claude Code runs its own tools, so their calls could not be shown for approval and run through Skillbench's executor. Choose an Anthropic or OpenAI-compatible provider; the trigger and output evals do run Claude Code.`,
    );
}

export class ChatSession {
  readonly conversation: Conversation;
  readonly skill: ChatSessionOptions['skill'];
  private readonly state: ChatState;
  private running: AbortController | undefined;

  constructor(private readonly o: ChatSessionOptions) {
    assertCanChat(o.client);
    this.skill = o.skill;
    this.state = {
      messages: [],
      loaded: new Map(),
      allowedTools: new Map((o.allowedTools ?? []).map((name) => [name, undefined])),
    };
    const { config } = o.client.provider;
    this.conversation = {
      version: CONVERSATION_VERSION,
      id: o.id,
      title: '',
      created: o.created ?? new Date().toISOString(),
      provider: config.name,
      model: config.model,
      profile: o.profile,
      ...(o.skill ? { skill: o.skill.name } : {}),
      allowedTools: [...this.state.allowedTools.keys()],
      turns: [],
      ...(o.replayOf !== undefined ? { replayOf: o.replayOf } : {}),
    };
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** One user turn against `entries` (the library as it is now, unsaved text in place). */
  async send(text: string, entries: readonly LibraryEntry[]): Promise<ChatTurn> {
    if (this.running)
      throw new SkillError(
        'Conflict',
        'Busy: a turn of this conversation is still running; stop it or wait.',
      );
    const controller = new AbortController();
    this.running = controller;
    const c = this.conversation;
    const number = c.turns.length;
    if (number === 0) c.title = promptExcerpt(text);
    const placeholder: ChatTurn = { user: text, steps: [] };
    c.turns.push(placeholder);
    try {
      const turn = await runTurn(
        {
          client: this.o.client,
          entries,
          profile: c.profile,
          tools: this.o.tools,
          ...(this.o.skill ? { focus: this.o.skill.name } : {}),
          state: this.state,
          approve: this.o.approve,
          onStep: (index, step) => {
            placeholder.steps[index] = step;
            this.o.onStep(number, index, step);
          },
          signal: controller.signal,
          turnNumber: number,
        },
        text,
      );
      c.turns[number] = turn;
      return turn;
    } finally {
      c.allowedTools = [...this.state.allowedTools.keys()];
      this.running = undefined;
    }
  }

  /** Stops the turn in flight, if any: the model request aborted, a running tool cancelled, a waiting call too. */
  stop(): void {
    this.running?.abort();
  }
}
