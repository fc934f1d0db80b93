// The Evals tab's batches (`evals:list-batches`, `evals:cancel-batch`): which run of this host polls which saved
// batch, its last state for the list, and saved batches no run polls (the app was restarted) picked up again.
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

  ended(runId: string): void {
    this.byRun.delete(runId);
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
    return {
      batchId: job.batch_id,
      runId,
      kind: job.kind,
      skills: job.parts.map((p) => p.skill),
      provider: job.provider.name,
      model: job.provider.model,
      requests: Object.keys(job.ids).length,
      done: status ? settled(status) : 0,
      state: status?.state ?? 'sent',
      createdAt: job.created_at,
    };
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
  const list = (): BatchView[] =>
    polls.store.list().map((job) => {
      let runId = polls.runOf(job.batch_id);
      if (runId === undefined) {
        runId = `batch-${job.batch_id}`;
        resume(job, runId);
      }
      return polls.view(job, runId);
    });
  return {
    'evals:list-batches': list,
    'evals:cancel-batch': async ({ runId }: { runId: string }) => {
      const batchId = polls.batchOf(runId);
      const job = batchId !== undefined ? polls.store.get(batchId) : undefined;
      if (!job) throw new SkillError('NotFound', `Run ${runId} follows no batch that is still waiting.`);
      const client = new ModelClient(ctx.providers.open(job.provider.name), {
        prices: ctx.providers.prices(),
      });
      await cancelTriggerBatch(client, job.batch_id, polls.store);
      return list();
    },
  };
}
