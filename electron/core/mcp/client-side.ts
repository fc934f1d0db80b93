// Owns the client side of MCP (issue 16): what Skillbench answers when a server asks something of it — the roots it
// may see, a sampling request (a model's reply), an elicitation (the user's input) — and where the server's
// notifications (logging, progress, resource updates, list changes) go. The pool declares a capability for each
// and routes the requests here; the app answers through the user, the CLI from an answers file.
// Tested by: test/integration/mcp-client.test.ts
import { readFileSync } from 'node:fs';
import type { Audience } from '../../../shared/remedy.js';
import type {
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
  Root,
} from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../../shared/errors.js';
import type { McpCredentialStore, OpenAuthorization } from './oauth.js';
import { parseJsonText } from '../../../shared/json-read.js';

export type SamplingParams = CreateMessageRequest['params'];
type ElicitationParams = ElicitRequest['params'];

export interface McpNotice {
  server: string;
  method: string;
  params?: unknown;
}

export interface McpClientSide {
  /** The roots a server that opted in (`"roots": true`) may list. */
  roots?(server: string): Root[];
  /**
   * Answers `sampling/createMessage`; throwing refuses the request (the server sees the message). `signal` aborts
   * when the server cancels the request.
   */
  sample?(server: string, params: SamplingParams, signal?: AbortSignal): Promise<CreateMessageResult>;
  /** Answers `elicitation/create` (form or URL mode); `decline` and `cancel` are answers too. */
  elicit?(server: string, params: ElicitationParams, signal?: AbortSignal): Promise<ElicitResult>;
  /** A notification from a server: `notifications/message` (logging), progress, resource updated, list changed. */
  notify?(notice: McpNotice): void;
  /** Where URL servers' OAuth credentials are kept; with `authorize`, a server answering 401 is signed in to. */
  credentials?: McpCredentialStore;
  /** Sends the user to a server's sign-in page (the browser); the answer comes back to a loopback listener. */
  authorize?: OpenAuthorization;
  /** A sign-in ended: connected, or failed with `error`. */
  signedIn?(server: string, error?: string): void;
  /** How long a sign-in may take before the connection fails (default 5 minutes). */
  signInWaitMs?: number;
  /** Who reads the pool's messages: they name the app's settings or the CLI's flags (the CLI's by default). */
  audience?: Audience;
}

/** The text a sampling request is keyed by in an answers file: its last user message's text. */
function samplingKey(params: SamplingParams): string {
  for (const m of [...params.messages].reverse()) {
    if (m.role !== 'user') continue;
    const parts = Array.isArray(m.content) ? m.content : [m.content];
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
    if (text) return text;
  }
  return '';
}

interface AnswersFile {
  sampling?: Record<string, string | { text: string; model?: string }>;
  elicitation?: Record<string, ElicitResult>;
}

const ANSWERS_HELP =
  'An answers file is JSON: { "sampling": { "<the request\'s last user message, or *>": "reply text" }, "elicitation": { "<the request\'s message, or *>": { "action": "accept", "content": { ... } } } }.';

/**
 * The CLI's client side: sampling and elicitation answered from `--answers FILE` (keyed by the request's message, `*`
 * for any), or refused with a message that says how to answer; notifications written to `log`.
 */
export function answersClientSide(
  file: string | undefined,
  options: { roots?: Root[]; log?: (line: string) => void } = {},
): McpClientSide {
  let answers: AnswersFile = {};
  if (file) {
    try {
      answers = parseJsonText(readFileSync(file, 'utf8'), file) as AnswersFile;
    } catch (error) {
      throw new SkillError(
        'ConfigValidation',
        `${file}: not a readable JSON answers file (${(error as Error).message}). ${ANSWERS_HELP}`,
      );
    }
    if (typeof answers !== 'object' || answers === null || Array.isArray(answers))
      throw new SkillError('ConfigValidation', `${file}: expected an object. ${ANSWERS_HELP}`);
  }
  const pick = <T>(table: Record<string, T> | undefined, key: string): T | undefined =>
    table ? (Object.hasOwn(table, key) ? table[key] : table['*']) : undefined;
  return {
    ...(options.roots ? { roots: () => options.roots ?? [] } : {}),
    sample: (server, params) => {
      const key = samplingKey(params);
      const answer = pick(answers.sampling, key);
      if (answer === undefined)
        return Promise.reject(
          new Error(
            `Skillbench has no answer for the sampling request of "${server}" ("${key}"). ${file ? `Add it to ${file}` : 'Pass --answers FILE'}. ${ANSWERS_HELP}`,
          ),
        );
      const reply = typeof answer === 'string' ? { text: answer } : answer;
      return Promise.resolve({
        role: 'assistant',
        content: { type: 'text', text: reply.text },
        model: reply.model ?? 'skillbench-answers-file',
        stopReason: 'endTurn',
      });
    },
    elicit: (server, params) => {
      const answer = pick(answers.elicitation, params.message);
      if (answer === undefined)
        return Promise.reject(
          new Error(
            `Skillbench has no answer for the elicitation of "${server}" ("${params.message}"). ${file ? `Add it to ${file}` : 'Pass --answers FILE'}. ${ANSWERS_HELP}`,
          ),
        );
      return Promise.resolve(answer);
    },
    notify: (n) => {
      if (!options.log) return;
      const p = (n.params ?? {}) as { level?: string; data?: unknown; logger?: string; uri?: string };
      if (n.method === 'notifications/message')
        options.log(
          `[${n.server}] ${p.level ?? 'info'}${p.logger ? ` ${p.logger}` : ''}: ${typeof p.data === 'string' ? p.data : JSON.stringify(p.data)}`,
        );
      else if (n.method === 'notifications/resources/updated')
        options.log(`[${n.server}] resource updated: ${p.uri ?? ''}`);
    },
  };
}
