// Owns reading request bodies in browser mode within bounds: a size cap per request, one budget for the bytes of all
// bodies held at once, and a deadline for the whole body, so no number of clients can grow the server's memory or
// hold its connections by sending slowly.
import type { IncomingMessage } from 'node:http';

/** An `/api` request body at most (a saved file's text is 8 MiB, as JSON with escapes). */
export const MAX_API_BODY = 16 * 1024 * 1024;
/** The launch code's trade: `{"code":"…"}` and no more. */
export const MAX_SESSION_BODY = 1024;
/** Bytes of request bodies held at once, across every request: past it a request is answered 503 at once. */
const BODY_BUDGET = 32 * 1024 * 1024;
/** A body must arrive whole within this; a client trickling it is cut off. */
const BODY_TIMEOUT_MS = 10_000;

/** Bytes reserved against the budget by bodies being read or handled. */
export class BodyBudget {
  private used = 0;
  constructor(readonly limit = BODY_BUDGET) {}

  reserve(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}

/** A body read whole (`release` gives its bytes back to the budget), or the status that refuses it. */
export type BodyRead = { text: string; release: () => void } | 400 | 408 | 413 | 503;

/**
 * Reads the body: refused with 413 past `maxBytes` (a declared length is refused before anything is read), 503 when
 * the budget has no room for it, 408 when it is not whole within `timeoutMs` (the connection is then destroyed),
 * 400 when the client went away.
 */
export async function readBody(
  req: IncomingMessage,
  limits: { maxBytes: number; timeoutMs?: number; budget?: BodyBudget },
): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (!Number.isFinite(declared) || declared > limits.maxBytes) return 413;
  let reserved = 0;
  const take = (bytes: number) => {
    if (limits.budget && !limits.budget.reserve(bytes)) return false;
    reserved += bytes;
    return true;
  };
  const release = () => {
    limits.budget?.release(reserved);
    reserved = 0;
  };
  if (declared > 0 && !take(declared)) return 503;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    req.destroy();
  }, limits.timeoutMs ?? BODY_TIMEOUT_MS);
  let size = 0;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        release();
        return 413;
      }
      if (size > reserved && !take(size - reserved)) {
        release();
        return 503;
      }
      chunks.push(chunk);
    }
  } catch {
    release();
    return timedOut ? 408 : 400; // cut off, or the client went away mid-body
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) {
    release();
    return 408;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), release };
}
