// Owns how every model call goes out (evals, MCP sampling): a concurrency limit, retries with backoff on 429/5xx
// honouring retry-after, a per-request timeout, the run's budget, the response cache and cancel. One policy for
// every provider, so the SDKs' own retries are off.
// Tested by: test/integration/evals/model-client.test.ts
import { SkillError } from '../../../shared/errors.js';
import { OUTPUT_CAP_BYTES } from '../../../shared/units.js';
import { Budget, BudgetExhaustedError, checkedUsage, STOPPED_PREFIX } from './budget.js';
import { cacheKey, type ResponseCache } from './cache.js';
import {
  ProviderError,
  type ChatRequest,
  type ChatResponse,
  type ModelProvider,
  type ProviderResponse,
  type ToolCall,
} from './providers/types.js';
import { JSON_MAX_DEPTH, nestsDeeperThan } from '../../../shared/json-read.js';
import { batchPrice, type ModelPrice } from '../../../shared/usage.js';
import type { BatchApi } from './batch/types.js';
import { priceOf, SHIPPED_PRICES, unknownPriceNote, type PriceTable } from './prices.js';
import { UsageTally } from './usage.js';

/** A model's answer text beyond this is cut (and marked), the same 1 MiB cap as a tool's output. */
export const MAX_RESPONSE_BYTES = OUTPUT_CAP_BYTES;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** `text` cut to at most `max` bytes of UTF-8 (never inside a character), or undefined when it fits. */
function cutText(text: string, max: number): string | undefined {
  if (text.length <= max / 4 || Buffer.byteLength(text) <= max) return undefined;
  return Buffer.from(text.slice(0, max))
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/**
 * A provider's answer made safe to use: its shape checked (text a string, tool calls with string ids and names,
 * inputs within the cap), a clear non-retryable ProviderError otherwise; text beyond MAX_RESPONSE_BYTES cut and
 * marked `truncated`; usage checked or estimated (budget.ts `checkedUsage`).
 */
export function checkedResponse(raw: ProviderResponse, request: ChatRequest, provider: string): ChatResponse {
  const bad = (what: string) =>
    new ProviderError(`${provider} answered with ${what}; its response was not used.`, undefined, false);
  const value = raw as unknown as Record<string, unknown>;
  const text: unknown = value.text ?? '';
  if (typeof text !== 'string') throw bad(`message content that is ${kindOf(text)}, not text`);
  if (!Array.isArray(value.toolCalls))
    throw bad(`tool calls that are ${kindOf(value.toolCalls)}, not a list`);
  const toolCalls: ToolCall[] = [];
  for (const call of value.toolCalls as unknown[]) {
    const c = call as Partial<Record<keyof ToolCall, unknown>> | null;
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || typeof c.name !== 'string')
      throw bad('a tool call without a string "id" and "name"');
    if (nestsDeeperThan(c.input, JSON_MAX_DEPTH))
      throw bad(
        `a tool call to "${c.name.slice(0, 100)}" whose input nests deeper than ${JSON_MAX_DEPTH} levels`,
      );
    if ((JSON.stringify(c.input ?? null) ?? '').length > MAX_RESPONSE_BYTES)
      throw bad(
        `a tool call to "${c.name.slice(0, 100)}" whose input is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`,
      );
    toolCalls.push({ id: c.id, name: c.name, input: (c.input ?? null) as ToolCall['input'] });
  }
  const cut = cutText(text, MAX_RESPONSE_BYTES);
  const answer =
    cut === undefined
      ? text
      : `${cut}\n[response truncated at ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB: the model answered ${Buffer.byteLength(text)} bytes]`;
  return {
    text: answer,
    toolCalls,
    stopReason: typeof value.stopReason === 'string' ? value.stopReason : 'unknown',
    model: typeof value.model === 'string' ? value.model : '',
    usage: checkedUsage(raw.usage, request, { text, toolCalls }), // what the model produced, cut or not
    ...(cut !== undefined ? { truncated: true } : {}),
  };
}

export interface RetryNotice {
  attempt: number;
  delayMs: number;
  error: ProviderError;
}

export interface ModelClientOptions {
  concurrency?: number;
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  budget?: Budget;
  cache?: ResponseCache;
  /** The prices in effect (the shipped ones and the user's `prices.json`); default the shipped ones. */
  prices?: PriceTable;
  /** false: send no prompt-cache markers (to measure what caching saves); default true. */
  promptCache?: boolean;
  onRetry?: (notice: RetryNotice) => void;
  /** Injected in tests to record the delays instead of waiting them out. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ModelResult {
  response: ChatResponse;
  cached: boolean;
  attempts: number;
  durationMs: number;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new SkillError('Cancelled', 'The run was cancelled.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SkillError('Cancelled', 'The run was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait before retry `attempt` (1-based): the server's retry-after when given, else exponential, capped. */
export function retryDelay(attempt: number, error: ProviderError, base: number, max: number): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, max);
  return Math.min(base * 2 ** (attempt - 1), max);
}

export class ModelClient {
  readonly budget: Budget;
  /** What this model's tokens cost, when known. */
  readonly price: ModelPrice | undefined;
  readonly promptCache: boolean;
  private readonly priceNote: string;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly opts: Required<
    Omit<ModelClientOptions, 'cache' | 'onRetry' | 'budget' | 'prices' | 'promptCache'>
  > &
    Pick<ModelClientOptions, 'cache' | 'onRetry'>;

  constructor(
    readonly provider: ModelProvider,
    options: ModelClientOptions = {},
  ) {
    this.budget = options.budget ?? new Budget();
    const prices = options.prices ?? SHIPPED_PRICES;
    this.price = priceOf(provider.config, prices);
    this.priceNote = unknownPriceNote(provider.config.model, prices);
    this.promptCache = options.promptCache ?? true;
    this.opts = {
      concurrency: Math.max(1, options.concurrency ?? 4),
      maxRetries: options.maxRetries ?? 4,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 120_000,
      sleep: options.sleep ?? abortableSleep,
      ...(options.cache ? { cache: options.cache } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    };
  }

  private async acquire(signal?: AbortSignal, stopStarting?: AbortSignal): Promise<void> {
    while (this.active >= this.opts.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (signal?.aborted || stopStarting?.aborted) {
        this.waiting.shift()?.(); // the slot this wake-up stood for goes to the next waiter, who may not be cancelled
        throw new SkillError('Cancelled', 'The run was cancelled.');
      }
    }
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /**
   * One model call. `sample` tells repeated runs of the same request apart in the cache. `signal` cancels it even
   * in flight; `stopStarting` only keeps it from starting (or retrying): a request already sent runs to its end.
   */
  complete(
    request: ChatRequest,
    options: { signal?: AbortSignal; sample?: number; stopStarting?: AbortSignal } = {},
  ): Promise<ModelResult> {
    const config = this.provider.config;
    const key = this.opts.cache ? cacheKey(config, request, options.sample ?? 0) : undefined;
    const hit = key !== undefined ? this.opts.cache?.get(key) : undefined;
    if (hit) return Promise.resolve({ response: hit, cached: true, attempts: 0, durationMs: 0 });
    // The call's own promise, not awaited here: a failure reaches the caller before the next waiter starts.
    return this.send(
      request,
      options,
      (signal) => this.provider.complete(request, { signal, promptCache: this.promptCache }),
      key,
    );
  }

  /**
   * One model call streamed: `onText` gets the answer's text so far as it arrives (from '' again when a failed
   * attempt is retried). The same policy as `complete` (retries, budget, checks), never cached: a conversation asks
   * the model, not a record of it. The timeout is an idle one, reset by every chunk, so a slow model that keeps
   * writing is never cut off; and once text has arrived the call is not retried (each attempt is billed).
   */
  async stream(
    request: ChatRequest,
    options: { signal?: AbortSignal; onText: (textSoFar: string) => void },
  ): Promise<ModelResult> {
    const stream = this.provider.stream?.bind(this.provider);
    if (!stream)
      throw new SkillError(
        'InvalidArgs',
        `Provider "${this.provider.config.name}" (${this.provider.config.kind}) cannot stream a conversation.`,
      );
    let text = '';
    return this.send(
      request,
      options,
      (signal, alive) => {
        text = '';
        options.onText(text);
        return stream(request, {
          signal,
          promptCache: this.promptCache,
          onText: (delta) => {
            alive();
            options.onText((text += delta));
          },
          onEvent: alive,
        });
      },
      undefined,
      () => text,
    );
  }

  /**
   * The one policy of every call: a slot, the budget, the timeout, the checks, the charge, the retries. `streamed`
   * (a stream's text so far) makes the timeout an idle one and stops retries once text has arrived.
   */
  private async send(
    request: ChatRequest,
    options: { signal?: AbortSignal; stopStarting?: AbortSignal },
    call: (signal: AbortSignal, alive: () => void) => Promise<ProviderResponse>,
    key?: string,
    streamed?: () => string,
  ): Promise<ModelResult> {
    const { signal, stopStarting } = options;
    const config = this.provider.config;
    if (stopStarting?.aborted) throw new SkillError('Cancelled', 'The run was cancelled.');
    await this.acquire(signal, stopStarting);
    try {
      for (let attempt = 1; ; attempt++) {
        if (signal?.aborted || stopStarting?.aborted)
          throw new SkillError('Cancelled', 'The run was cancelled.');
        const over = this.budget.exhausted();
        if (over) throw new BudgetExhaustedError(`${STOPPED_PREFIX}${over}.`);
        const started = Date.now();
        try {
          const raw = await this.withTimeout(call, signal, streamed !== undefined);
          const response = checkedResponse(raw, request, config.name);
          this.budget.charge(response.usage, this.price);
          if (key !== undefined) this.opts.cache?.set(key, response);
          return { response, cached: false, attempts: attempt, durationMs: Date.now() - started };
        } catch (error) {
          const partial = streamed?.() ?? '';
          if (error instanceof ProviderError && partial !== '') throw partialAnswer(error, partial);
          if (!(error instanceof ProviderError) || !error.retryable || attempt > this.opts.maxRetries)
            throw error;
          const delayMs = retryDelay(attempt, error, this.opts.baseDelayMs, this.opts.maxDelayMs);
          this.opts.onRetry?.({ attempt, delayMs, error });
          await this.opts.sleep(delayMs, signal);
        }
      }
    } finally {
      this.release();
    }
  }

  /** A fresh sum of usage at this model's price (at the batch price for a batch's answers), for one run. */
  tally({ batch = false } = {}): UsageTally {
    return new UsageTally(batch && this.price ? batchPrice(this.price) : this.price, this.priceNote);
  }

  /** The provider's batch API, or why there is none. */
  batchApi(): BatchApi {
    const api = this.provider.batch;
    if (!api)
      throw new SkillError(
        'InvalidArgs',
        `${this.provider.config.name} (${this.provider.config.kind}) has no batch API: batch mode needs an Anthropic or OpenAI provider. Run without batch mode.`,
      );
    return api;
  }

  /**
   * One answer of a batch, made safe as a direct one is (`checkedResponse`) and charged to the budget at the batch
   * price. Batches skip the response cache: each request is sent and paid once, in the batch.
   */
  acceptBatchAnswer(raw: ProviderResponse, request: ChatRequest): ChatResponse {
    const response = checkedResponse(raw, request, this.provider.config.name);
    this.budget.charge(response.usage, this.price ? batchPrice(this.price) : undefined);
    return response;
  }

  /** `call` aborted after `timeoutMs`: in all (`idle` false), or since it last showed life (`idle`: a stream). */
  private async withTimeout(
    call: (signal: AbortSignal, alive: () => void) => Promise<ProviderResponse>,
    signal: AbortSignal | undefined,
    idle: boolean,
  ): Promise<ProviderResponse> {
    const timeout = new AbortController();
    let timer = setTimeout(() => timeout.abort(), this.opts.timeoutMs);
    const alive = () => {
      if (!idle || timeout.signal.aborted) return;
      clearTimeout(timer);
      timer = setTimeout(() => timeout.abort(), this.opts.timeoutMs);
    };
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      return await call(combined, alive);
    } catch (error) {
      if (timeout.signal.aborted && !signal?.aborted) {
        const s = +(this.opts.timeoutMs / 1000).toFixed(1);
        throw new ProviderError(
          `${this.provider.config.name}: ${idle ? `nothing more arrived for ${s} s` : `no answer within ${s} s`}.`,
          undefined,
          true,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A stream that failed after its text began: not retried, and the error says what had arrived. */
function partialAnswer(error: ProviderError, partial: string): ProviderError {
  const tail = partial.length > 80 ? `…${partial.slice(-80)}` : partial;
  return new ProviderError(
    `${error.message} The answer had begun (${partial.length} characters arrived, ending "${tail}"), so it was not asked again.`,
    error.status,
    false,
  );
}
