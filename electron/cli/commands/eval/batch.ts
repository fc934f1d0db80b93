// Owns batch mode on the command line (`eval triggers` and `eval collisions`): --batch, --resume ID, --cancel ID and
// --poll-interval, what is said when a batch is sent, and Ctrl-C leaving it running with how to collect it.
import { SkillError } from '../../../../shared/errors.js';
import { BatchJobStore } from '../../../core/evals/batch-jobs.js';
import { cancelTriggerBatch, type BatchRunOptions } from '../../../core/evals/trigger-batch.js';
import type { ModelClient } from '../../../core/models/model-client.js';
import type { RunMode } from '../../../../shared/usage.js';
import { UsageError, type CliIo } from '../../io.js';
import { number, type Values } from './args.js';

export interface CliBatch {
  mode?: RunMode;
  batch?: BatchRunOptions;
  /** The batch sent or picked up, once known. */
  readonly id: () => string | undefined;
}

/** The run's mode from the flags; checks the flags that only make sense with --batch. */
export function batchFromFlags(v: Values, io: CliIo, command: string): CliBatch {
  let id: string | undefined;
  if (!v.batch) {
    for (const flag of ['resume', 'poll-interval'] as const)
      if (v[flag] !== undefined) throw new UsageError(`--${flag} goes with --batch.`);
    return { id: () => undefined };
  }
  if (v['max-tokens'] !== undefined || v['max-cost'] !== undefined)
    throw new UsageError(
      '--max-tokens and --max-cost stop a direct run between requests; a batch is sent whole. Leave them out, or run without --batch.',
    );
  const poll = number(v, 'poll-interval', { min: 0.01 });
  return {
    mode: 'batch',
    id: () => id,
    batch: {
      store: new BatchJobStore(),
      ...(v.resume !== undefined ? { resume: v.resume } : {}),
      ...(poll !== undefined ? { poll: { intervalMs: poll * 1000 } } : {}),
      onBatch: (batchId, resumed) => {
        id = batchId;
        io.stderr(
          resumed
            ? `skillbench: waiting for batch ${batchId} (sent earlier).\n`
            : `skillbench: sent batch ${batchId} at half price; results can take minutes to hours.\n`,
        );
        io.stderr(
          `skillbench: Ctrl-C stops waiting and leaves the batch running: collect it with \`skillbench ${command} --batch --resume ${batchId}\` (or run the same command again), cancel it with --cancel ${batchId}.\n`,
        );
      },
    },
  };
}

/**
 * Runs `work`; when it is cancelled after its batch was sent, says how to collect the batch and returns undefined
 * (the command exits 130, as after Ctrl-C) instead of failing.
 */
export async function unlessLeftRunning<T>(
  b: CliBatch,
  io: CliIo,
  work: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    const id = b.id();
    if (id === undefined || !(error instanceof SkillError) || error.code !== 'Cancelled') throw error;
    io.stderr(`skillbench: stopped waiting; batch ${id} runs on at the provider (its job is saved).\n`);
    return undefined;
  }
}

/** --cancel ID: asks the provider to cancel the batch; its answers so far are collected by --resume. */
export async function cancelFromFlags(
  v: Values,
  io: CliIo,
  client: ModelClient,
  command: string,
): Promise<number> {
  const id = v.cancel ?? '';
  const status = await cancelTriggerBatch(client, id);
  io.stderr(
    `skillbench: asked ${client.provider.config.name} to cancel batch ${id} (now ${status.state}); collect what it answered with \`skillbench ${command} --batch --resume ${id}\`.\n`,
  );
  return 0;
}
