// The Evals tab's batches (`evals:list-batches`, `evals:cancel-batch`, `evals:remove-batch`): which run of this host
// polls which saved batch, its last state for the list, and saved batches no run polls (the app was restarted) picked
// up again, each at most once a session so that one failing does not retry in a loop.
import type { BatchView } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { batchJobsDir } from '../../core/app-data.js';
import { BatchJobStore, type BatchJob } from '../../core/evals/batch-jobs.js';
import { cancelTriggerBatch, type BatchRunOptions } from '../../core/evals/trigger-batch.js';
import { ModelClient } from '../../core/models/model-client.js';
import { settled } from '../../core/models/batch/poll.js';
import type { BatchStatus } from '../../core/models/batch/types.js';
import type { HostContext } from '../context.js';

/** The batches this host's runs follow, by run id. */
export class BatchPolls {
  readonly store: BatchJobStore;
  private readonly byRun = new Map<string, { batchId?: string; status?: BatchStatus }>();

  constructor(userDataDir: string) {
    this.store = new BatchJobStore(batchJobsDir(userDataDir));
  }

  /** The batch options of run `runId`: its batch recorded once sent or found, its state at each poll. */
  follow(runId: string, resume?: string): BatchRunOptions {
    const entry: { batchId?: string; status?: BatchStatus } = resume !== undefined ? { batchId: resume } : {};
    this.byRun.set(runId, entry);
    return {
      store: this.store,
      ...(resume !== undefined ? { resume } : {}),
      onBatch: (id) => (entry.batchId = id),
      onStatus: (status) => (entry.status = status),
    };
  }

  /** Batches a run of this session failed to collect, or resumed: listing them does not resume them again. */
  private readonly tried = new Set<string>();
  /** Why the last run following a batch failed, by batch id. */
  private readonly errors = new Map<string, string>();

  ended(runId: string, error?: unknown): void {
    const batchId = this.byRun.get(runId)?.batchId;
    // A run stopped by the user leaves its batch to be picked up again; one that failed is not retried by itself.
    if (
      batchId !== undefined &&
      error instanceof Error &&
      !(error instanceof SkillError && error.code === 'Cancelled')
    ) {
      this.tried.add(batchId);
      this.errors.set(batchId, error.message);
    }
    this.byRun.delete(runId);
  }

  /** True the first time a batch no run follows is asked about this session, or again once `retry` was called. */
  firstTry(batchId: string): boolean {
    if (this.tried.has(batchId)) return false;
    this.tried.add(batchId);
    return true;
  }

  retry(batchId: string): void {
    this.tried.delete(batchId);
  }

  runOf(batchId: string): string | undefined {
    for (const [runId, e] of this.byRun) if (e.batchId === batchId) return runId;
    return undefined;
  }

  batchOf(runId: string): string | undefined {
    return this.byRun.get(runId)?.batchId;
  }

  view(job: BatchJob, runId: string): BatchView {
    const status = this.byRun.get(runId)?.status;
    const view: BatchView = {
      batchId: job.batch_id,
      runId,
      kind: job.kind,
      skills: job.parts.map((p) => p.skill),
      provider: job.provider.name,
      model: job.provider.model,
      requests: Object.keys(job.ids).length,
      done: status ? settled(status) : 0,
      state: job.failed ? 'failed' : (status?.state ?? 'sent'),
      createdAt: job.created_at,
    };
    const error = job.failed?.reason ?? (status ? undefined : this.errors.get(job.batch_id));
    return error !== undefined ? { ...view, error } : view;
  }
}

/**
 * `resume(job, runId)` starts the run that collects a saved batch no run follows; it writes the results where the
 * run that sent it would have.
 */
export function evalBatchHandlers(
  ctx: HostContext,
  polls: BatchPolls,
  resume: (job: BatchJob, runId: string) => void,
) {
  const runIdOf = (batchId: string) => polls.runOf(batchId) ?? `batch-${batchId}`;
  const list = (): BatchView[] =>
    polls.store.list().map((job) => {
      const runId = runIdOf(job.batch_id);
      if (polls.runOf(job.batch_id) === undefined && !job.failed && polls.firstTry(job.batch_id))
        resume(job, runId);
      return polls.view(job, runId);
    });
  return {
    'evals:list-batches': list,
    'evals:cancel-batch': async ({ runId }: { runId: string }) => {
      const batchId =
        polls.batchOf(runId) ?? polls.store.list().find((j) => runIdOf(j.batch_id) === runId)?.batch_id;
      const job = batchId !== undefined ? polls.store.get(batchId) : undefined;
      if (!job) throw new SkillError('NotFound', `Run ${runId} follows no batch that is still waiting.`);
      const client = new ModelClient(ctx.providers.open(job.provider.name), {
        prices: ctx.providers.prices(),
      });
      await cancelTriggerBatch(client, job.batch_id, polls.store);
      // Asked for by the user: the list that follows collects what was answered, even if collecting failed before.
      polls.retry(job.batch_id);
      return list();
    },
    'evals:remove-batch': ({ batchId }: { batchId: string }) => {
      polls.store.require(batchId);
      if (polls.runOf(batchId) !== undefined)
        throw new SkillError('InvalidArgs', `A run still follows batch ${batchId}: cancel it instead.`);
      polls.store.remove(batchId);
      return list();
    },
  };
}
