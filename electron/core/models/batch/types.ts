// Owns the provider-neutral shapes of a vendor's batch API (Anthropic's Message Batches, OpenAI's Batch API): what
// goes in (requests with custom ids), a batch's state as it is polled, and what comes back for each request.
import type { ChatRequest, ProviderResponse } from '../providers/types.js';

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

/** What a request that ran out of the vendor's 24 hours says. */
export const EXPIRED_MESSAGE =
  'the batch expired (24 hours) before this request ran; run again to send it, or use the direct mode';
export const CANCELLED_MESSAGE = 'the batch was cancelled before this request ran';

/** Outcomes for the ids a results file left out: the vendor never ran them. */
export function missingAsExpired(
  outcomes: BatchOutcome[],
  customIds: readonly string[],
  cancelled: boolean,
): BatchOutcome[] {
  const seen = new Set(outcomes.map((o) => o.customId));
  for (const customId of customIds)
    if (!seen.has(customId))
      outcomes.push(
        cancelled
          ? { customId, type: 'cancelled', message: CANCELLED_MESSAGE }
          : { customId, type: 'expired', message: EXPIRED_MESSAGE },
      );
  return outcomes;
}
