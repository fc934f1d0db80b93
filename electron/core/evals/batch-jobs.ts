// Owns the trigger and collision runs sent as batches and not yet collected: one JSON file per batch in the data
// folder, holding what a later process needs to poll it and build the same report (its provider, the run's skills,
// queries, runs and profile, and which custom id is which query's run).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TriggerQuery } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { readJson } from '../../../shared/json-read.js';
import type { ValidationProfile } from '../../../shared/types.js';
import { batchJobsDir, userDataDir } from '../app-data.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { ProviderConfig } from '../models/providers/types.js';

/** One skill's part of a batch: its queries, and the description the model saw when it is not the saved one. */
export interface BatchPart {
  skill: string;
  set: readonly TriggerQuery[];
  setFile?: string;
  description?: string;
}

export interface BatchJob {
  batch_id: string;
  /** `triggers`: one skill's set; `collisions`: every set of a library. */
  kind: 'triggers' | 'collisions';
  provider: Pick<ProviderConfig, 'name' | 'kind' | 'model' | 'baseURL'>;
  profile: ValidationProfile;
  runs: number;
  prompt_cache: boolean;
  parts: BatchPart[];
  /** custom_id → [part, query, sample]. */
  ids: Record<string, [number, number, number]>;
  /** What the run was (`batchJobKey`): the same run asked again picks this batch up instead of sending another. */
  key: string;
  created_at: string;
  /** It can never be collected (the vendor lost or failed it, the provider's model changed): why, and when. */
  failed?: { reason: string; at: string };
}

/** The run a job stands for, as one string: the same provider, profile, runs, prompt caching and sets. */
export function batchJobKey(
  job: Omit<BatchJob, 'batch_id' | 'ids' | 'key' | 'created_at' | 'failed'>,
): string {
  const { name, kind, model, baseURL } = job.provider;
  const parts = job.parts.map((p) => [p.skill, p.setFile ?? '', p.description ?? null, p.set]);
  const what = [job.kind, name, kind, model, baseURL ?? '', job.profile, job.runs, job.prompt_cache, parts];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** A vendor's id as a file name: ids are `msgbatch_…` / `batch_…`; anything else is hashed. */
function fileOf(dir: string, id: string): string {
  const safe = /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : createHash('sha256').update(id).digest('hex');
  return join(dir, `${safe}.json`);
}

export class BatchJobStore {
  constructor(readonly dir: string = batchJobsDir(userDataDir())) {}

  save(job: BatchJob): void {
    mkdirSync(this.dir, { recursive: true });
    writeFileAtomically(fileOf(this.dir, job.batch_id), `${JSON.stringify(job, null, 2)}\n`, { mode: 0o600 });
  }

  get(id: string): BatchJob | undefined {
    let text: string;
    try {
      text = readFileSync(fileOf(this.dir, id), 'utf8');
    } catch {
      return undefined;
    }
    const read = readJson(text);
    const job = read.ok ? (read.value as BatchJob | null) : null;
    return job && typeof job.batch_id === 'string' && Array.isArray(job.parts) ? job : undefined;
  }

  /** The saved job of batch `id`, or NotFound saying where jobs are kept. */
  require(id: string): BatchJob {
    const job = this.get(id);
    if (!job)
      throw new SkillError(
        'NotFound',
        `No saved batch ${id} in ${this.dir}: it was collected already, or sent from another data folder (SKILLBENCH_DATA_DIR).`,
      );
    return job;
  }

  /** Every saved job, oldest first; unreadable files are left alone. */
  list(): BatchJob[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    } catch {
      return [];
    }
    return names
      .flatMap((n) => this.get(n.slice(0, -'.json'.length)) ?? [])
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /** The waiting batch of this run; a failed one is not picked up, so asking again sends a new batch. */
  findByKey(key: string): BatchJob | undefined {
    return this.list().find((j) => j.key === key && !j.failed);
  }

  /** Kept (and listed) with the reason, never resumed by itself again, until it is removed. */
  markFailed(id: string, reason: string): void {
    const job = this.get(id);
    if (job) this.save({ ...job, failed: { reason, at: new Date().toISOString() } });
  }

  /** Once its results are in the report, a job is done. */
  remove(id: string): void {
    rmSync(fileOf(this.dir, id), { force: true });
  }
}
