// Owns waiting on a batch: polling its state with a growing interval until it ends, reporting its progress, and
// stopping the wait (not the batch) when the caller is cancelled.
import { SkillError } from '../../../../shared/errors.js';
import { abortableSleep } from '../model-client.js';
import type { BatchApi, BatchStatus } from './types.js';

/** A batch's results come as one file, far larger than one answer (MAX_BODY_BYTES bounds those). */
export const BATCH_BODY_BYTES = 256 * 1024 * 1024;

export interface PollOptions {
  signal?: AbortSignal;
  /** The first wait between polls; each next one is half again as long, up to `maxIntervalMs`. */
  intervalMs?: number;
  maxIntervalMs?: number;
  onStatus?: (status: BatchStatus) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Requests of a batch that are done, whichever way. */
export const settled = (s: BatchStatus): number =>
  s.counts.succeeded + s.counts.errored + s.counts.expired + s.counts.cancelled;

/**
 * Polls until the batch has ended and returns its last state. A cancel of `signal` ends the wait with Cancelled; the
 * batch itself runs on at the vendor (cancel it with the API's cancel).
 */
export async function pollUntilEnded(api: BatchApi, id: string, o: PollOptions = {}): Promise<BatchStatus> {
  const sleep = o.sleep ?? abortableSleep;
  const max = o.maxIntervalMs ?? 60_000;
  let wait = o.intervalMs ?? 5_000;
  for (;;) {
    if (o.signal?.aborted) throw new SkillError('Cancelled', 'The wait for the batch was cancelled.');
    const status = await api.retrieve(id, o.signal);
    o.onStatus?.(status);
    if (status.ended) return status;
    await sleep(wait, o.signal);
    wait = Math.min(max, Math.round(wait * 1.5));
  }
}
