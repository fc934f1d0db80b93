// Owns how every eval talks to a model: a concurrency limit, retries with backoff on 429/5xx honouring retry-after,
// a per-request timeout, the run's budget, the response cache and cancel. One policy for every provider, so the
// SDKs' own retries are off.
import { SkillError } from '../../../shared/errors.js';
import { Budget, BudgetExhaustedError } from './budget.js';
import { cacheKey, type ResponseCache } from './cache.js';
import { ProviderError, type ChatRequest, type ChatResponse, type ModelProvider } from './providers/types.js';

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
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly opts: Required<Omit<ModelClientOptions, 'cache' | 'onRetry' | 'budget'>> &
    Pick<ModelClientOptions, 'cache' | 'onRetry'>;

  constructor(
    readonly provider: ModelProvider,
    options: ModelClientOptions = {},
  ) {
    this.budget = options.budget ?? new Budget();
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

  private async acquire(signal?: AbortSignal): Promise<void> {
    while (this.active >= this.opts.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (signal?.aborted) throw new SkillError('Cancelled', 'The run was cancelled.');
    }
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /** One model call. `sample` tells repeated runs of the same request apart in the cache. */
  async complete(
    request: ChatRequest,
    options: { signal?: AbortSignal; sample?: number } = {},
  ): Promise<ModelResult> {
    const { signal } = options;
    const config = this.provider.config;
    const key = this.opts.cache ? cacheKey(config, request, options.sample ?? 0) : '';
    const hit = this.opts.cache?.get(key);
    if (hit) return { response: hit, cached: true, attempts: 0, durationMs: 0 };
    await this.acquire(signal);
    try {
      for (let attempt = 1; ; attempt++) {
        if (signal?.aborted) throw new SkillError('Cancelled', 'The run was cancelled.');
        const over = this.budget.exhausted();
        if (over) throw new BudgetExhaustedError(`Stopped: ${over}.`);
        const started = Date.now();
        try {
          const response = await this.withTimeout(request, signal);
          this.budget.charge(response.usage, config.price);
          this.opts.cache?.set(key, response);
          return { response, cached: false, attempts: attempt, durationMs: Date.now() - started };
        } catch (error) {
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

  private async withTimeout(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.opts.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      return await this.provider.complete(request, { signal: combined });
    } catch (error) {
      if (timeout.signal.aborted && !signal?.aborted)
        throw new ProviderError(
          `${this.provider.config.name}: no answer within ${Math.round(this.opts.timeoutMs / 1000)} s.`,
          undefined,
          true,
        );
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
