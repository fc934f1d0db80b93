// Owns telling the user about long work they are not watching: the taskbar/Dock progress while runs, evals and
// installs are going (a fraction when every one reports it, else indeterminate), and a notification when one ends
// while no window of ours has the focus. It watches the calls main answers; it changes none of them.
import type { IpcResult } from '../../shared/ipc.js';

/** The calls that can take long, and how a notification names them. */
const LONG_CALLS: Readonly<Record<string, { what: string; always: boolean }>> = {
  'tools:run': { what: 'Tool run', always: false },
  'mcp:call-tool': { what: 'Tool call', always: false },
  'cases:run': { what: 'Saved cases', always: false },
  'evals:run-triggers': { what: 'Trigger eval', always: true },
  'evals:run-collisions': { what: 'Collision eval', always: true },
  'evals:run-output': { what: 'Output eval', always: true },
  'evals:optimize-description': { what: 'Description optimisation', always: true },
  'evals:generate-triggers': { what: 'Query generation', always: true },
  'manage:install': { what: 'Install', always: true },
  'manage:update': { what: 'Update', always: true },
};

/** A tool run shorter than this ends without a notification (the user has hardly looked away). */
export const LONG_RUN_MS = 10_000;

/** docs/api/browser-window.md setProgressBar: below 0 removes the bar, above 1 is indeterminate. */
export const PROGRESS_NONE = -1;
export const PROGRESS_INDETERMINATE = 2;

interface ActivityDeps {
  setProgress(value: number): void;
  notify(title: string, body: string): void;
  /** Whether one of our windows has the focus now. */
  watching(): boolean;
  now?(): number;
}

interface Going {
  channel: string;
  label: string;
  started: number;
  fraction?: number;
}

export class Activity {
  private readonly going = new Map<object, Going>();
  private readonly byRunId = new Map<string, Going>();

  constructor(private readonly deps: ActivityDeps) {}

  /** A call main is answering; `answer` settles with its result. */
  observe(channel: string, request: unknown, answer: Promise<IpcResult<unknown>>): void {
    const spec = LONG_CALLS[channel];
    if (!spec) return;
    const req = (request ?? {}) as { runId?: unknown; tool?: unknown };
    const runId = typeof req.runId === 'string' ? req.runId : undefined;
    const label = typeof req.tool === 'string' ? `${spec.what} ${req.tool}` : spec.what;
    const key = {};
    const going: Going = { channel, label, started: this.now() };
    this.going.set(key, going);
    if (runId) this.byRunId.set(runId, going);
    this.show();
    void answer.then(
      (result) => this.end(key, runId, going, result),
      () => this.end(key, runId, going, { ok: false, error: { code: 'Io', message: 'failed' } }),
    );
  }

  /** A `runs:progress` event: a fraction for the bar when it gives both numbers. */
  progress(payload: { runId: string; progress?: number; total?: number }): void {
    const going = this.byRunId.get(payload.runId);
    if (!going || payload.progress === undefined || !payload.total) return;
    going.fraction = Math.max(0, Math.min(1, payload.progress / payload.total));
    this.show();
  }

  private end(key: object, runId: string | undefined, going: Going, result: IpcResult<unknown>): void {
    this.going.delete(key);
    if (runId && this.byRunId.get(runId) === going) this.byRunId.delete(runId);
    this.show();
    const spec = LONG_CALLS[going.channel]!;
    const took = this.now() - going.started;
    if (this.deps.watching() || (!spec.always && took < LONG_RUN_MS)) return;
    if (!result.ok && result.error.code === 'Cancelled') return; // the user stopped it: they know
    const failed = !result.ok || (result.value as { isError?: unknown } | null)?.isError === true;
    const seconds = Math.round(took / 1000);
    this.deps.notify(
      `${going.label} ${failed ? 'failed' : 'finished'}`,
      failed && !result.ok ? result.error.message.slice(0, 200) : `After ${seconds} s.`,
    );
  }

  private show(): void {
    const all = [...this.going.values()];
    if (!all.length) return this.deps.setProgress(PROGRESS_NONE);
    if (all.some((g) => g.fraction === undefined)) return this.deps.setProgress(PROGRESS_INDETERMINATE);
    this.deps.setProgress(all.reduce((sum, g) => sum + g.fraction!, 0) / all.length);
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}
