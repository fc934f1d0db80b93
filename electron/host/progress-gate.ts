// Owns what a run's progress may cost (issue 12: every stdout chunk used to become an event, without limit):
// progress is batched to at most one event per interval, and its text is capped per run at the size of a result,
// with one note when the rest is dropped. The run's result always holds the output.
import { OUTPUT_CAP_BYTES } from '../../shared/units.js';

export interface Progress {
  message?: string;
  progress?: number;
  total?: number;
  truncated?: boolean;
}

/** Progress text sent per run at most: the same 1 MiB as a result's stdout. */
export const PROGRESS_CAP_BYTES = OUTPUT_CAP_BYTES;
/** At most one progress event per run per interval. */
export const PROGRESS_INTERVAL_MS = 50;
export const PROGRESS_TRUNCATED_NOTE = `\n[progress truncated at ${PROGRESS_CAP_BYTES / 1024 / 1024} MiB: the result holds the output]\n`;

export class ProgressGate {
  private text = '';
  private numbers: Pick<Progress, 'progress' | 'total'> | undefined;
  /** Text bytes sent or pending for this run. */
  private bytes = 0;
  private truncated = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (p: Progress) => void,
    private readonly capBytes = PROGRESS_CAP_BYTES,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  push(p: Progress): void {
    if (p.progress !== undefined || p.total !== undefined)
      this.numbers = {
        ...(p.progress !== undefined ? { progress: p.progress } : {}),
        ...(p.total !== undefined ? { total: p.total } : {}),
      };
    if (p.message !== undefined && !this.truncated) {
      const room = this.capBytes - this.bytes;
      const bytes = Buffer.byteLength(p.message);
      if (bytes <= room) {
        this.text += p.message;
        this.bytes += bytes;
      } else {
        this.text += Buffer.from(p.message).subarray(0, Math.max(0, room)).toString('utf8');
        this.text += PROGRESS_TRUNCATED_NOTE;
        this.truncated = true;
      }
    }
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Sends what is pending now (before the run's result, so progress never arrives after it). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.text && !this.numbers) return;
    const out: Progress = { ...this.numbers };
    if (this.text) out.message = this.text;
    if (this.text.endsWith(PROGRESS_TRUNCATED_NOTE)) out.truncated = true;
    this.text = '';
    this.numbers = undefined;
    this.emit(out);
  }
}
