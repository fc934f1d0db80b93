// Owns the Playground's shapes, shared by core (the chat loop), the host, the CLI (`skillbench chat`) and the
// renderer: the steps of a turn as they stream, a saved conversation's file format, and a replay's comparison.
import type { JsonValue, ToolOutput, ValidationProfile } from './types.js';

/** Where conversations are saved: in the skill folder, or the data folder for a library-wide one. */
export const CONVERSATIONS_DIR = '.skillbench/conversations';
export const CONVERSATION_VERSION = 1;

/** What the author decides for one tool call the model asked for. */
export type ApprovalDecision =
  /** Run this call (with `args` when the author edited them). */
  | { decision: 'allow'; args?: JsonValue }
  /** Run it, and every later call of the same tool in this conversation without asking. */
  | { decision: 'allow-tool'; args?: JsonValue }
  /** Do not run it: the model is told the author refused, with `reason` when given. */
  | { decision: 'refuse'; reason?: string };

export type ToolCallState = 'waiting' | 'running' | 'done' | 'error' | 'refused' | 'cancelled';

/**
 * One step of a turn, in the order it happened. A step is sent again under the same index when it changes (text
 * streaming in, a call approved, run and finished).
 */
export type ChatStep =
  /** What the model was sent for the turn's first request: the system prompt with the catalog, and the tools. */
  | { type: 'request'; system: string; tools: Array<{ name: string; description: string }> }
  /** The model's text, growing while it streams. */
  | { type: 'text'; text: string; streaming?: boolean }
  /**
   * The model called the Skill tool: `skill` loaded with its instructions as the runtime delivers them
   * (`$ARGUMENTS` substituted, `!command` lines as the preview shows them), and the composed names of the tools
   * it now offers. `problem` when the name is not in the catalog (the model is told so).
   */
  | {
      type: 'skill';
      /** Skillbench's key of the call (see the tool step's). */
      callId: string;
      skill: string;
      args?: string;
      instructions?: string;
      tools?: string[];
      problem?: string;
    }
  /**
   * A call of a skill's tool by its composed name. `args` is what the model asked for; `sent` what ran after the
   * author's edits (locked args are never shown or sent by the model: the executor adds them).
   */
  | {
      type: 'tool';
      /**
       * The key `chat:approve` answers with: Skillbench's own, `<turn>.<step>`, unique in the conversation (the
       * model's call id may be empty or repeat; it stays in the tool result the model is sent). Saved conversations
       * from before hold the model's id here.
       */
      callId: string;
      name: string;
      skill: string;
      tool: string;
      args: JsonValue;
      state: ToolCallState;
      sent?: JsonValue;
      /** 'conversation': run without asking because the author allowed this tool for the conversation. */
      approvedBy?: 'author' | 'conversation';
      output?: ToolOutput;
      refusal?: string;
      /** Why the author is asked again (the tool allowed for the conversation changed since). */
      notice?: string;
    }
  /** The turn ended without any skill firing: why, in the author's terms (see `noSkillReason`). */
  | { type: 'no-skill'; reason: string }
  /** The turn stopped: the author stopped it, the budget, or a provider error (its message). */
  | { type: 'stopped'; reason: string };

export interface ChatUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd?: number;
}

export interface ChatTurn {
  /** The author's message. */
  user: string;
  steps: ChatStep[];
  usage?: ChatUsage;
}

/** A conversation as saved in `.skillbench/conversations/<id>.json`. */
export interface Conversation {
  version: typeof CONVERSATION_VERSION;
  id: string;
  /** The first user message, shortened (evals.ts `promptExcerpt`). */
  title: string;
  created: string;
  provider: string;
  model: string;
  profile: ValidationProfile;
  /** The skill whose folder holds it; absent: library-wide (the data folder). */
  skill?: string;
  /** Composed tool names the author allowed for the whole conversation (a record: a replay asks again). */
  allowedTools: string[];
  turns: ChatTurn[];
  /** The conversation this one replays (its id). */
  replayOf?: string;
}

/** One turn of a replay beside the original: which skills fired, which tools were called, the answers. */
export interface ReplayTurnComparison {
  user: string;
  before: TurnSummary;
  after: TurnSummary;
  /** Whether anything of the three differs. */
  changed: boolean;
}

export interface TurnSummary {
  skills: string[];
  /** Composed names, in call order. */
  tools: string[];
  answer: string;
}

/** A saved conversation as `chat:list` shows it (newest first). */
export interface ConversationListItem {
  file: string;
  id: string;
  title: string;
  created: string;
  turns: number;
  replayOf?: string;
}
