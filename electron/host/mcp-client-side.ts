// Owns the app's client side of MCP (issue 16): a server's sampling and elicitation requests become `mcp:request`
// events the windows show, and wait for the user's answer (`mcp:answer`), the server's cancellation or a timeout;
// notifications (logging, progress, resource updates) become `mcp:notification` events.
import { randomUUID } from 'node:crypto';
import type { CreateMessageResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { SkillError } from '../../shared/errors.js';
import { isSafeExternalUrl } from '../../shared/urls.js';
import type { McpClientRequestView } from '../../shared/host-types.js';
import type { EventName, EventOf } from '../../shared/ipc.js';
import type { JsonValue } from '../../shared/types.js';
import type { McpClientSide, McpNotice } from '../core/mcp/client-side.js';

/** How many of one server's requests may wait for the user at once; more are refused (a server asking in a loop). */
export const MAX_WAITING_PER_SERVER = 10;

/** How long a request waits for the user before it is refused (the server's own timeout may be shorter). */
export const CLIENT_REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

interface Waiting {
  view: McpClientRequestView;
  settle(answer: unknown): void;
}

type Emit = <E extends EventName>(event: E, payload: EventOf<E>) => void;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * How much of a notification's params goes to the windows: a bigger one (a server flooding its log) goes as the
 * start of its JSON, its size and its `level`; the protocol log keeps more of it.
 */
export const NOTIFICATION_PARAMS_BYTES = 64 * 1024;
const NOTIFICATION_PREVIEW_CHARS = 4096;

function shownParams(params: unknown): JsonValue {
  const text = JSON.stringify(params);
  const bytes = Buffer.byteLength(text);
  if (bytes <= NOTIFICATION_PARAMS_BYTES) return params as JsonValue;
  const shown: { [key: string]: JsonValue } = {
    data: `${text.slice(0, NOTIFICATION_PREVIEW_CHARS)}…`,
    cut: true,
    bytes,
  };
  if (isObject(params) && typeof params.level === 'string') shown.level = params.level;
  return shown;
}

/** A sampling answer as the contract describes it: a CreateMessageResult to send, or a refusal. */
function samplingResult(answer: unknown): CreateMessageResult {
  if (isObject(answer) && answer.action === 'reject')
    throw new Error(
      typeof answer.message === 'string' && answer.message
        ? answer.message
        : 'The user rejected the sampling request.',
    );
  const result = isObject(answer) && answer.action === 'approve' ? answer.result : undefined;
  if (
    !isObject(result) ||
    result.role !== 'assistant' ||
    !isObject(result.content) ||
    typeof result.model !== 'string'
  )
    throw new SkillError(
      'InvalidArgs',
      'A sampling answer is { "action": "approve", "result": { "role": "assistant", "content": { "type": "text", "text": ... }, "model": ... } } or { "action": "reject" }.',
    );
  return result as unknown as CreateMessageResult;
}

function elicitResult(answer: unknown): ElicitResult {
  if (!isObject(answer) || !['accept', 'decline', 'cancel'].includes(answer.action as string))
    throw new SkillError(
      'InvalidArgs',
      'An elicitation answer is { "action": "accept", "content": { ... } }, { "action": "decline" } or { "action": "cancel" }.',
    );
  if (answer.action === 'accept' && answer.content !== undefined && !isObject(answer.content))
    throw new SkillError('InvalidArgs', 'An accepted elicitation\'s "content" must be an object.');
  return answer as ElicitResult;
}

export class HostMcpClientSide implements McpClientSide {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly emit: Emit,
    private readonly timeoutMs = CLIENT_REQUEST_TIMEOUT_MS,
  ) {}

  /** Requests still waiting for the user, oldest first. */
  pending(): McpClientRequestView[] {
    return [...this.waiting.values()].map((w) => w.view);
  }

  /**
   * The user's answer to a waiting request; false when it is no longer waiting. A malformed answer is refused with
   * InvalidArgs and the request keeps waiting.
   */
  answer(id: string, answer: unknown): boolean {
    const w = this.waiting.get(id);
    if (!w) return false;
    if (w.view.kind === 'sampling' && !(isObject(answer) && answer.action === 'reject'))
      samplingResult(answer);
    if (w.view.kind === 'elicitation') elicitResult(answer);
    w.settle(answer);
    return true;
  }

  sample: NonNullable<McpClientSide['sample']> = async (server, params, signal) =>
    samplingResult(await this.ask(server, 'sampling', params, signal));

  /**
   * A URL-mode elicitation whose address could never open outside the app (not http(s), or with credentials) is
   * declined before the user sees it; the protocol log keeps the request and the answer.
   */
  elicit: NonNullable<McpClientSide['elicit']> = async (server, params, signal) => {
    if (params.mode === 'url' && !isSafeExternalUrl(String(params.url))) return { action: 'decline' };
    return elicitResult(await this.ask(server, 'elicitation', params, signal));
  };

  notify = (notice: McpNotice): void => {
    this.emit('mcp:notification', {
      server: notice.server,
      method: notice.method,
      ...(notice.params !== undefined ? { params: shownParams(notice.params) } : {}),
      at: new Date().toISOString(),
    });
  };

  /** Refuses every waiting request (the app is closing). */
  close(): void {
    for (const w of [...this.waiting.values()]) w.settle(new Error('Skillbench is closing.'));
  }

  private ask(
    server: string,
    kind: McpClientRequestView['kind'],
    params: unknown,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const waiting = [...this.waiting.values()].filter((w) => w.view.server === server).length;
    if (waiting >= MAX_WAITING_PER_SERVER)
      return Promise.reject(
        new Error(
          `${waiting} requests from "${server}" already wait for the user; Skillbench refuses more until those are answered.`,
        ),
      );
    const id = randomUUID();
    const now = Date.now();
    const view: McpClientRequestView = {
      id,
      server,
      kind,
      params: params as McpClientRequestView['params'],
      at: new Date(now).toISOString(),
      expiresAt: new Date(now + this.timeoutMs).toISOString(),
    };
    return new Promise<unknown>((resolve, reject) => {
      const done = (outcome: 'answered' | 'cancelled' | 'timeout') => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiting.delete(id);
        this.emit('mcp:request-settled', { id, outcome });
      };
      const timer = setTimeout(() => {
        done('timeout');
        reject(
          new Error(`Nobody answered the ${kind} request within ${Math.round(this.timeoutMs / 1000)} s.`),
        );
      }, this.timeoutMs);
      const onAbort = () => {
        done('cancelled');
        reject(new Error(`The server cancelled the ${kind} request.`));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, {
        view,
        settle: (answer) => {
          done('answered');
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        },
      });
      this.emit('mcp:request', view);
    });
  }
}
