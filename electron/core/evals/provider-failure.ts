// Owns stopping an eval run at its first failed model request: a wrong base URL, model or key fails every request
// alike, and grading each of them would blame the skill for the plumbing.
import { SkillError } from '../../../shared/errors.js';
import { ProviderError } from '../models/providers/types.js';

export class ProviderFailureStop {
  private readonly stop = new AbortController();
  /** Cancels the run's work even in flight: the user's cancel, or this stop. */
  readonly signal: AbortSignal;
  /** Only keeps requests from starting: one already sent ends on its own (nothing lands after the run returned). */
  readonly stopStarting: AbortSignal = this.stop.signal;
  private first: string | undefined;
  private failed = 0;

  constructor(private readonly outer?: AbortSignal) {
    this.signal = outer ? AbortSignal.any([outer, this.stop.signal]) : this.stop.signal;
  }

  /**
   * Takes an error of one request: true when it was a provider failure (the run is stopping) or a request this stop
   * cancelled; false for anything else, which the caller reports as before. A cancel by the user is rethrown.
   */
  absorb(error: unknown): boolean {
    const cancelled = error instanceof SkillError && error.code === 'Cancelled';
    if (this.outer?.aborted && cancelled) throw error;
    if (this.stop.signal.aborted) return true;
    if (cancelled) throw error;
    if (!(error instanceof ProviderError)) return false;
    this.failed++;
    this.first ??= error.message;
    this.stop.abort();
    return true;
  }

  /** After the run: one error naming the first failure and how many requests failed, instead of graded results. */
  throwIfStopped(answered: number, total: number): void {
    if (this.first === undefined) return;
    throw new SkillError(
      'Http',
      `The run stopped: a model request failed, so no result would say anything about the skill. First error: ` +
        `${this.first.replace(/[.\s]*$/, '.')} ${this.failed} request${this.failed === 1 ? '' : 's'} failed; ${answered} of ${total} ` +
        `answered before the stop. Check the provider's base URL, model and key, then run again.`,
      { firstError: this.first, failed: this.failed, answered, total },
    );
  }
}
