// Owns what every vendor's batch API shares beyond its shapes (those are providers/types.ts's, beside the provider
// that offers the API): the words for requests a batch never answered.
import type { BatchOutcome } from '../providers/types.js';

export type { BatchApi, BatchCounts, BatchLine, BatchOutcome, BatchStatus } from '../providers/types.js';

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
