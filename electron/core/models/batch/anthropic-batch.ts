// Owns Anthropic's Message Batches API through the SDK: each line is the request a direct call would send
// (providers/anthropic.ts `anthropicParams`), and each succeeded result is read as a direct answer is.
import Anthropic from '@anthropic-ai/sdk';
import { anthropicParams, anthropicResponse } from '../providers/anthropic.js';
import { boundedFetch, sdkErrorToProviderError, type ProviderConfig } from '../providers/types.js';
import {
  CANCELLED_MESSAGE,
  EXPIRED_MESSAGE,
  missingAsExpired,
  type BatchApi,
  type BatchOutcome,
  type BatchStatus,
} from './types.js';
import { BATCH_BODY_BYTES } from './poll.js';

function status(batch: Anthropic.Messages.MessageBatch): BatchStatus {
  const c = batch.request_counts;
  return {
    id: batch.id,
    state: batch.processing_status,
    ended: batch.processing_status === 'ended',
    counts: {
      processing: c.processing,
      succeeded: c.succeeded,
      errored: c.errored,
      expired: c.expired,
      cancelled: c.canceled,
    },
  };
}

function outcome(line: Anthropic.Messages.MessageBatchIndividualResponse): BatchOutcome {
  const customId = line.custom_id;
  const r = line.result;
  if (r.type === 'succeeded') {
    try {
      return { customId, type: 'succeeded', response: anthropicResponse(r.message) };
    } catch (error) {
      return { customId, type: 'errored', message: (error as Error).message };
    }
  }
  if (r.type === 'errored') {
    const e = r.error.error;
    return { customId, type: 'errored', message: `Anthropic answered ${e.type}: ${e.message}` };
  }
  return r.type === 'expired'
    ? { customId, type: 'expired', message: EXPIRED_MESSAGE }
    : { customId, type: 'cancelled', message: CANCELLED_MESSAGE };
}

export function anthropicBatchApi(config: ProviderConfig, apiKey: string, keySent: string): BatchApi {
  // A batch's results come as one file, larger than one answer: its own bound.
  const client = new Anthropic({
    apiKey,
    fetch: boundedFetch('Anthropic', BATCH_BODY_BYTES),
    maxRetries: 2, // a poll is cheap to repeat, and a lost one should not end a batch that runs for hours
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
  });
  /** A create is never repeated by the SDK: a retry after a lost answer would send (and bill) a second batch. */
  const once = (signal?: AbortSignal) => ({ maxRetries: 0, ...(signal ? { signal } : {}) });
  const failed = (error: unknown) => sdkErrorToProviderError(error, 'Anthropic', Anthropic, apiKey, keySent);
  return {
    vendor: 'Anthropic',
    async create(lines, { promptCache, signal }) {
      try {
        const batch = await client.messages.batches.create(
          {
            requests: lines.map((l) => ({
              custom_id: l.customId,
              params: anthropicParams(config, l.request, promptCache),
            })),
          },
          once(signal),
        );
        return status(batch);
      } catch (error) {
        throw failed(error);
      }
    },
    async retrieve(id, signal) {
      try {
        return status(await client.messages.batches.retrieve(id, {}, signal ? { signal } : {}));
      } catch (error) {
        throw failed(error);
      }
    },
    async results(id, customIds, signal) {
      const out: BatchOutcome[] = [];
      try {
        const stream = await client.messages.batches.results(id, {}, signal ? { signal } : {});
        for await (const line of stream) out.push(outcome(line));
      } catch (error) {
        throw failed(error);
      }
      return missingAsExpired(out, customIds, false);
    },
    async cancel(id) {
      try {
        return status(await client.messages.batches.cancel(id));
      } catch (error) {
        throw failed(error);
      }
    },
  };
}
