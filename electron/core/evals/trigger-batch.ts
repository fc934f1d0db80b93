// Owns trigger and collision runs in batch mode: every query's runs sent as one batch at the batch price, the job
// saved so that another process picks it up, polled to its end, and its answers counted into the same reports as
// the direct mode's. An errored, expired or cancelled request is a per-query error.
// Tested by: test/integration/evals/trigger-batch.test.ts
import { STOPPED_PREFIX, type TriggerReport } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import type { LibraryEntry, ValidationProfile } from '../../../shared/types.js';
import type { RunUsage } from '../../../shared/usage.js';
import type { ModelClient } from '../models/model-client.js';
import { pollUntilEnded, settled, type PollOptions } from '../models/batch/poll.js';
import type { BatchLine, BatchOutcome, BatchStatus } from '../models/batch/types.js';
import { ProviderError, type ChatRequest } from '../models/providers/types.js';
import { batchJobKey, BatchJobStore, type BatchJob, type BatchPart } from './batch-jobs.js';
import { emptyResult, recordAnswer, recordError, triggerReport } from './trigger-report.js';
import {
  DEFAULT_TRIGGER_RUNS,
  invokedSkill,
  triggerRequest,
  triggerTarget,
  withDescription,
} from './trigger-request.js';

export interface BatchRunOptions {
  /** Collect this saved batch (its job file names the run) instead of sending one. */
  resume?: string;
  /** Where jobs are saved; default the data folder's `batches`. */
  store?: BatchJobStore;
  poll?: Pick<PollOptions, 'intervalMs' | 'maxIntervalMs' | 'sleep'>;
  /** The batch's id once it was sent (or found saved, `resumed`): to print, or to show with a Cancel. */
  onBatch?: (id: string, resumed: boolean) => void;
  onStatus?: (status: BatchStatus) => void;
}

export interface TriggerBatchOptions {
  client: ModelClient;
  entries: readonly LibraryEntry[];
  profile: ValidationProfile;
  kind: BatchJob['kind'];
  parts: BatchPart[];
  runs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, query: string) => void;
  batch?: BatchRunOptions;
}

/** The catalog each part's queries are asked against: its description replaced when the run gives one. */
function partEntries(entries: readonly LibraryEntry[], part: BatchPart): readonly LibraryEntry[] {
  return part.description !== undefined ? withDescription(entries, part.skill, part.description) : entries;
}

function requestsOf(job: BatchJob, entries: readonly LibraryEntry[]): Map<string, ChatRequest> {
  const catalogs = job.parts.map((p) => partEntries(entries, p));
  const out = new Map<string, ChatRequest>();
  for (const [id, [pi, qi]] of Object.entries(job.ids)) {
    const query = job.parts[pi]?.set[qi];
    const catalog = catalogs[pi];
    if (query && catalog) out.set(id, triggerRequest(catalog, job.profile, query.query));
  }
  return out;
}

/** A new job for these parts: one custom id for each run of each query. */
function newJob(o: TriggerBatchOptions): Omit<BatchJob, 'batch_id' | 'created_at'> {
  const { name, kind, model, baseURL } = o.client.provider.config;
  const runs = Math.max(1, o.runs ?? DEFAULT_TRIGGER_RUNS);
  for (const p of o.parts) triggerTarget({ ...o, ...p }); // each skill is listed, or NotFound before anything is sent
  const ids: BatchJob['ids'] = {};
  o.parts.forEach((p, pi) =>
    p.set.forEach((_, qi) => {
      for (let s = 0; s < runs; s++) ids[`p${pi}-q${qi}-s${s}`] = [pi, qi, s];
    }),
  );
  const base = {
    kind: o.kind,
    provider: { name, kind, model, ...(baseURL !== undefined ? { baseURL } : {}) },
    profile: o.profile,
    runs,
    prompt_cache: o.client.promptCache,
    parts: o.parts.map((p) => ({ ...p, set: p.set.map((q) => ({ ...q })) })),
  };
  return { ...base, ids, key: batchJobKey(base) };
}

/** Sends the run as a batch, or picks up its saved batch, waits for it and builds the reports. */
export async function runTriggerBatch(
  o: TriggerBatchOptions,
): Promise<{ reports: TriggerReport[]; usage: RunUsage; batchId: string }> {
  const api = o.client.batchApi();
  const store = o.batch?.store ?? new BatchJobStore();
  let job: BatchJob;
  let resumed = true;
  if (o.batch?.resume !== undefined) job = store.require(o.batch.resume);
  else {
    const fresh = newJob(o);
    const saved = store.findByKey(fresh.key);
    if (saved) job = saved;
    else {
      const requests = requestsOf({ ...fresh, batch_id: '', created_at: '' }, o.entries);
      const lines: BatchLine[] = [...requests].map(([customId, request]) => ({ customId, request }));
      // Not cancelled midway: a batch the vendor made must be saved, or nothing could collect or cancel it.
      const created = await api.create(lines, { promptCache: o.client.promptCache });
      job = { ...fresh, batch_id: created.id, created_at: new Date().toISOString() };
      store.save(job);
      resumed = false;
    }
  }
  const config = o.client.provider.config;
  let outcomes: BatchOutcome[];
  try {
    if (job.provider.kind !== config.kind || job.provider.model !== config.model) {
      const changed = job.provider.name === config.name;
      throw new SkillError(
        'InvalidArgs',
        changed
          ? `Batch ${job.batch_id} was sent to ${job.provider.model}, and the provider ${config.name} now names ${config.model}: the batch's answers would not be that model's.`
          : `Batch ${job.batch_id} was sent to ${job.provider.name} (${job.provider.model}); resume it with that provider.`,
        { changed },
      );
    }
    o.batch?.onBatch?.(job.batch_id, resumed);
    const total = Object.keys(job.ids).length;
    await pollUntilEnded(api, job.batch_id, {
      ...o.batch?.poll,
      ...(o.signal ? { signal: o.signal } : {}),
      onStatus: (s) => {
        o.batch?.onStatus?.(s);
        o.onProgress?.(settled(s), total, `batch ${s.id}: ${s.state}`);
      },
    });
    outcomes = await api.results(job.batch_id, Object.keys(job.ids), o.signal);
  } catch (error) {
    if (lasting(error)) store.markFailed(job.batch_id, (error as Error).message);
    throw error;
  }
  try {
    return { ...buildReports(o, job, outcomes), batchId: job.batch_id };
  } finally {
    // Collected, even when nothing was answered: asking again sends a new batch instead of reading this one.
    store.remove(job.batch_id);
  }
}

/**
 * A failure that asking again will not mend: the vendor does not know the batch (404) or failed it, or the provider
 * now names another model. A wrong key (401, 403) is mended in Settings; a network error or 5xx may pass.
 */
function lasting(error: unknown): boolean {
  if (error instanceof ProviderError) return !error.retryable && error.status !== 401 && error.status !== 403;
  const details = error instanceof SkillError ? error.details : undefined;
  return (
    typeof details === 'object' && details !== null && !Array.isArray(details) && details.changed === true
  );
}

/** One outcome per custom id of the job: a repeated id counts once (an answer over an error), an unknown one not. */
function uniqueOutcomes(job: BatchJob, outcomes: readonly BatchOutcome[]): BatchOutcome[] {
  const byId = new Map<string, BatchOutcome>();
  for (const outcome of outcomes) {
    if (!Object.hasOwn(job.ids, outcome.customId)) continue;
    const seen = byId.get(outcome.customId);
    if (!seen || (seen.type !== 'succeeded' && outcome.type === 'succeeded'))
      byId.set(outcome.customId, outcome);
  }
  return [...byId.values()];
}

/** Every outcome counted into its query's result, each part's report built, and the usage at the batch price. */
function buildReports(
  o: TriggerBatchOptions,
  job: BatchJob,
  outcomes: readonly BatchOutcome[],
): { reports: TriggerReport[]; usage: RunUsage } {
  const requests = requestsOf(job, o.entries);
  const catalogs = job.parts.map((p) => partEntries(o.entries, p));
  const results = job.parts.map((p) => p.set.map(emptyResult));
  const tallies = job.parts.map(() => o.client.tally({ batch: true }));
  const total = o.client.tally({ batch: true });
  const expired: string[] = [];
  let answered = 0;
  let firstError: string | undefined;
  for (const outcome of uniqueOutcomes(job, outcomes)) {
    const where = job.ids[outcome.customId];
    const request = requests.get(outcome.customId);
    if (!where || !request) continue;
    const [pi, qi] = where;
    const part = job.parts[pi];
    const r = results[pi]?.[qi];
    const catalog = catalogs[pi];
    if (!part || !r || !catalog) continue;
    if (outcome.type !== 'succeeded') {
      recordError(r, outcome.message);
      if (outcome.type === 'expired') expired.push(r.query);
      else if (outcome.type === 'errored') firstError ??= outcome.message;
      continue;
    }
    try {
      const response = o.client.acceptBatchAnswer(outcome.response, request);
      tallies[pi]?.add(response.usage);
      total.add(response.usage);
      recordAnswer(r, invokedSkill(response.toolCalls, catalog, job.profile), part.skill, false);
      answered++;
    } catch (error) {
      recordError(r, (error as Error).message);
      firstError ??= (error as Error).message;
    }
  }
  if (answered === 0 && firstError !== undefined)
    throw new SkillError(
      'Http',
      `The batch ${job.batch_id} answered no request, so no result would say anything about the skill. First error: ${firstError.replace(/[.\s]*$/, '.')} Check the provider's base URL, model and key, then run again.`,
      { batchId: job.batch_id, firstError },
    );
  const unique = [...new Set(expired)];
  const stopped = unique.length
    ? `${STOPPED_PREFIX}the batch expired before ${expired.length} of ${Object.keys(job.ids).length} requests ran; expired: ${unique.map((q) => JSON.stringify(q)).join(', ')}.`
    : undefined;
  const reports = job.parts.map((part, pi) =>
    triggerReport({
      skill: part.skill,
      description: part.description ?? descriptionOf(o.entries, part.skill),
      results: results[pi] ?? [],
      config: { name: job.provider.name, model: job.provider.model },
      runs: job.runs,
      ...(part.setFile !== undefined ? { setFile: part.setFile } : {}),
      usage: tallies[pi]?.report() ?? total.report(),
      ...(stopped !== undefined && results[pi]?.some((r) => unique.includes(r.query)) ? { stopped } : {}),
      batchId: job.batch_id,
    }),
  );
  return { reports, usage: total.report() };
}

function descriptionOf(entries: readonly LibraryEntry[], skill: string): string {
  return (
    entries.find((e) => e.skill?.name === skill && e.skill.shadowedBy === undefined)?.skill?.description ?? ''
  );
}

/** Asks the vendor to cancel a saved batch; what it answered before the cancel is collected by resuming it. */
export async function cancelTriggerBatch(
  client: ModelClient,
  id: string,
  store: BatchJobStore = new BatchJobStore(),
): Promise<BatchStatus> {
  store.require(id);
  return client.batchApi().cancel(id);
}
