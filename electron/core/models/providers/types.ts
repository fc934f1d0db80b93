// Owns the provider-neutral chat shapes every model provider speaks (Anthropic, OpenAI-compatible, Claude Code),
// the provider configuration format, the one error type a provider throws, and the shapes of a vendor batch API.
import type { JsonSchema, JsonValue } from '../../../../shared/types.js';
import { SkillError } from '../../../../shared/errors.js';
import { formatBytes } from '../../../../shared/units.js';
import { PROVIDER_KINDS, type ProviderKind } from '../../../../shared/evals.js';

export { PROVIDER_KINDS, type ProviderKind };

/** One configured provider (`providers.json` in the CLI, Settings in the app). The key is never stored here. */
export interface ProviderConfig {
  name: string;
  kind: ProviderKind;
  model: string;
  /** Base URL of the API (OpenAI-compatible servers: Ollama, LM Studio, vLLM, OpenRouter); default: the vendor's. */
  baseURL?: string;
  /** Environment variable holding the key (default ANTHROPIC_API_KEY / OPENAI_API_KEY; Claude Code is given it as
   *  ANTHROPIC_API_KEY). */
  apiKeyEnv?: string;
  /** USD per million tokens; without it the price table's (models/prices.ts). Cache tokens default to `input`. */
  price?: { input: number; output: number; cacheWrite?: number; cacheRead?: number };
  /** `claude-code`: the executable (default `claude` on PATH). */
  command?: string;
}

export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface ToolCall {
  id: string;
  name: string;
  input: JsonValue;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean };

export interface ChatRequest {
  system?: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  maxTokens?: number;
  temperature?: number;
  /** Stop as soon as the model asks for a tool (trigger evals only need the first call). */
  stopAtFirstToolCall?: boolean;
}

export interface Usage {
  /** Input billed at the full rate: what was neither written to nor read from the prompt cache. */
  inputTokens: number;
  outputTokens: number;
  /** Input written to the provider's prompt cache (Anthropic's `cache_creation_input_tokens`). */
  cacheWriteTokens?: number;
  /** Input read from it (Anthropic's `cache_read_input_tokens`, OpenAI's `cached_tokens`). */
  cacheReadTokens?: number;
  /** Reported by the provider itself (Claude Code's `total_cost_usd`); else computed from `price`. */
  costUsd?: number;
  /** The provider reported no usable token counts: these are estimated from the text (budget.ts `checkedUsage`). */
  estimated?: boolean;
}

export interface ChatResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  stopReason: string;
  model: string;
  /** The answer's text was cut at the response cap (model-client.ts `MAX_RESPONSE_BYTES`). */
  truncated?: boolean;
}

/** Usage as a server reported it: any figure may be missing, negative or not a number. */
export interface ReportedUsage {
  inputTokens?: unknown;
  outputTokens?: unknown;
  cacheWriteTokens?: unknown;
  cacheReadTokens?: unknown;
  costUsd?: unknown;
}

/**
 * What a provider hands back, as the server said it: the model client checks its shape, caps its text and checks
 * or estimates its usage (model-client.ts `checkedResponse`) before anything is charged, cached or shown.
 */
export interface ProviderResponse extends Omit<ChatResponse, 'usage' | 'truncated'> {
  usage: ReportedUsage | undefined;
}

export interface ModelProvider {
  readonly config: ProviderConfig;
  /** The vendor's batch API (half price, answers within 24 hours); absent where there is none (Claude Code). */
  readonly batch?: BatchApi;
  /** `promptCache: false` leaves out the prompt-cache markers a provider would send (Anthropic's `cache_control`). */
  complete(
    request: ChatRequest,
    options: { signal?: AbortSignal; promptCache?: boolean },
  ): Promise<ProviderResponse>;
  /**
   * The same call streamed: `onText` gets the answer's text as it arrives, and the end is the same response as
   * `complete`'s. Absent: the provider cannot stream a conversation through Skillbench (Claude Code).
   */
  stream?(request: ChatRequest, options: StreamOptions): Promise<ProviderResponse>;
}

export interface StreamOptions {
  signal?: AbortSignal;
  promptCache?: boolean;
  onText: (delta: string) => void;
  /** Any chunk arrived (text, a tool call's part, usage): the stream is alive. */
  onEvent?: () => void;
}

/**
 * A failed model call. `retryable`: 429, 5xx (529 included) and connection failures; `retryAfterMs` from the
 * server's `retry-after` / `retry-after-ms` header when it sent one.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** `retry-after` in seconds or as an HTTP date, or `retry-after-ms`; undefined when absent or unreadable. */
export function retryAfterFrom(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The error classes both Stainless-generated SDKs (`@anthropic-ai/sdk`, `openai`) export. */
interface SdkErrorClasses {
  APIError: abstract new (
    ...args: never[]
  ) => Error & { status?: number | undefined; headers?: Headers | undefined };
  APIUserAbortError: abstract new (...args: never[]) => Error;
}

/**
 * The most bytes of one HTTP answer a provider reads. The model client keeps 1 MiB of an answer's text; without
 * this bound the SDK would first read a flooding server's whole body into memory.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * `fetch` for the SDKs (both take one): the answer's body ends in a ProviderError once it passes `maxBytes`, and
 * the download stops there.
 */
export function boundedFetch(vendor: string, maxBytes = MAX_BODY_BYTES): typeof fetch {
  const tooBig = () =>
    new ProviderError(
      `${vendor} answered more than ${formatBytes(maxBytes)}; Skillbench stopped reading it.`,
      undefined,
      false,
    );
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    if (Number(response.headers.get('content-length')) > maxBytes) {
      await response.body.cancel();
      throw tooBig();
    }
    let seen = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(tooBig());
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * A provider's words without the key: some servers quote the key or the Authorization header in a 401, and these
 * messages are shown, kept in results and written into a skill's workspace. The key the provider was made with is
 * removed wherever it appears, and so is any bearer token or `sk-…` key.
 */
export function withoutSecrets(text: string, apiKey?: string): string {
  const out = apiKey && apiKey.length >= 8 ? text.split(apiKey).join('[key]') : text;
  return out.replace(/\b(Bearer\s+)[^\s"',;]+/gi, '$1[key]').replace(/\bsk-[A-Za-z0-9_-]{8,}/g, '[key]');
}

/**
 * An SDK failure as a ProviderError (retryable or not, with the server's retry-after), a user abort as Cancelled;
 * its text never holds the key (`withoutSecrets`).
 */
export function sdkErrorToProviderError(
  error: unknown,
  vendor: string,
  sdk: SdkErrorClasses,
  apiKey?: string,
  keySent?: string,
): Error {
  if (error instanceof sdk.APIUserAbortError) return new SkillError('Cancelled', 'The run was cancelled.');
  if (error instanceof sdk.APIError) {
    const said = withoutSecrets(error.message, apiKey);
    const status = error.status;
    // The hint names the key that was actually sent (or says none was), so it never asks for a variable already set.
    const hint =
      status === 401 || status === 403
        ? ` Check the API key: ${keySent ?? 'set the environment variable the provider reads'}.`
        : '';
    if (status === undefined) return new ProviderError(`${vendor}: ${said}`, undefined, true);
    return new ProviderError(
      `${vendor} answered ${status}: ${said.replace(/^\d+\s*/, '')}.${hint}`,
      status,
      isRetryableStatus(status),
      retryAfterFrom(error.headers),
    );
  }
  if (error instanceof SkillError || error instanceof ProviderError) return error;
  return new ProviderError(
    `${vendor}: ${withoutSecrets((error as Error).message, apiKey)}`,
    undefined,
    false,
  );
}

// A vendor's batch API in provider-neutral terms (Anthropic's Message Batches, OpenAI's Batch API): requests with
// custom ids go in, a batch's state is polled, and each request's outcome comes back.

export interface BatchLine {
  /** Unique within the batch; `[A-Za-z0-9_-]{1,64}` as Anthropic requires. */
  customId: string;
  request: ChatRequest;
}

/** How many of a batch's requests are where; `processing` counts the ones not yet answered. */
export interface BatchCounts {
  processing: number;
  succeeded: number;
  errored: number;
  expired: number;
  cancelled: number;
}

export interface BatchStatus {
  id: string;
  /** The vendor's word for it (`in_progress`, `canceling`, `ended`; `validating`, `finalizing`, `expired`…). */
  state: string;
  /** No request will be answered any more: the results can be read. */
  ended: boolean;
  counts: BatchCounts;
}

/** One request's end: its answer as the server said it (checked by the caller), or why there is none. */
export type BatchOutcome =
  | { customId: string; type: 'succeeded'; response: ProviderResponse }
  | { customId: string; type: 'errored' | 'expired' | 'cancelled'; message: string };

/** A vendor's batch API, through its SDK. Each call is one HTTP request; polling is the caller's (poll.ts). */
export interface BatchApi {
  /** The vendor as messages name it. */
  readonly vendor: string;
  create(
    lines: readonly BatchLine[],
    options: { promptCache: boolean; signal?: AbortSignal },
  ): Promise<BatchStatus>;
  retrieve(id: string, signal?: AbortSignal): Promise<BatchStatus>;
  /** Every request's outcome once the batch ended; a request the vendor sent nothing for is `expired`. */
  results(id: string, customIds: readonly string[], signal?: AbortSignal): Promise<BatchOutcome[]>;
  cancel(id: string): Promise<BatchStatus>;
}
