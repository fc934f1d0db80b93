// Owns how a manage run stops when its signal is aborted (issue 17: Cancel in the app, Ctrl-C in the CLI): one
// error, code `Cancelled`, whose message says nothing was written, checked between the steps of a run.
import { SkillError } from '../../../shared/errors.js';

/** `what` names the run in lower case ("fetching owner/repo", "the install"). */
export function cancelledError(what: string): SkillError {
  return new SkillError(
    'Cancelled',
    `${what.charAt(0).toUpperCase()}${what.slice(1)} was cancelled; nothing was written.`,
  );
}

/** Throws the cancellation error when `signal` was aborted (between the steps of a fetch or an install). */
export function checkCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelledError(what);
}

export function isCancelled(error: unknown): boolean {
  return error instanceof SkillError && error.code === 'Cancelled';
}
