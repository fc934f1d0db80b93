// Owns spreading a large library's manifests over worker threads (issue 14). Small libraries, and any library on a
// machine with fewer than 4 cores, stay on the main thread (a worker's start, loading the parsers again, costs more
// than it saves); a large one is dealt out round-robin to
// the workers and the main thread, which evaluates its own share and then waits (Atomics.wait) for the workers'
// results, so the library's API stays synchronous. Any share a worker could not evaluate is done on the main thread:
// the results are the same either way (test/integration/parallel-validation.test.ts compares them).
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type * as WorkerThreads from 'node:worker_threads';
import type { EvaluateOptions, Evaluation, ManifestJob } from './evaluate.js';
import type { WorkerInput, WorkerOutput } from './validate-worker.js';
import { loadLater } from '../load-later.js';

const workerThreads = loadLater<typeof WorkerThreads>('node:worker_threads');

/** Libraries with fewer manifests than this are validated on the main thread. */
export const PARALLEL_MIN_MANIFESTS = 1000;
const MAX_WORKERS = 4;
const MIN_CORES = 4;
const WORKER = new URL('./validate-worker.js', import.meta.url);

/**
 * How many workers to use for `count` manifests: none below the threshold, on one core, or when the worker script
 * is not there (core run from its TypeScript sources, as under a test runner). `forced` overrides the threshold.
 */
export function workersFor(count: number, forced?: number): number {
  if (forced !== undefined) return existsSync(fileURLToPath(WORKER)) ? forced : 0;
  // On fewer than 4 cores a worker only competes with the main thread and loads the parsers a second time: on the
  // 2-core bench machine one worker made a 1,200-skill validate 1.5x slower and 1.4x bigger (docs/benchmarks.md).
  if (
    count < PARALLEL_MIN_MANIFESTS ||
    availableParallelism() < MIN_CORES ||
    !existsSync(fileURLToPath(WORKER))
  )
    return 0;
  return Math.min(MAX_WORKERS, availableParallelism() - 1, Math.floor(count / (PARALLEL_MIN_MANIFESTS / 2)));
}

/**
 * Evaluates `jobs` on `workers` threads plus this one; `evaluate` is the main thread's evaluation (the same
 * function the workers run). Returns the evaluations in the jobs' order, and how many workers delivered theirs.
 */
export function evaluateInParallel(
  jobs: readonly ManifestJob[],
  workers: number,
  options: EvaluateOptions,
  evaluate: (job: ManifestJob) => Evaluation,
): { evaluations: Evaluation[]; delivered: number } {
  const shares = workers + 1;
  const { MessageChannel, receiveMessageOnPort, Worker } = workerThreads();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { mcpServers, pathExists: _own, ...plain } = options;
  const started = Array.from({ length: workers }, (_, w) => {
    const { port1, port2 } = new MessageChannel();
    const input: WorkerInput = {
      jobs: jobs.flatMap((job, i): Array<[number, ManifestJob]> => (i % shares === w ? [[i, job]] : [])),
      options: { ...plain, ...(mcpServers ? { mcpServers: [...mcpServers] } : {}) },
      port: port2,
      done,
    };
    // No inherited flags: a worker must not take the parent's `--input-type`, loaders or inspector.
    const worker = new Worker(WORKER, { workerData: input, transferList: [port2], execArgv: [] });
    worker.on('error', () => undefined); // its share is then evaluated here
    worker.unref();
    return { worker, port: port1 };
  });
  const results: Array<Evaluation | undefined> = new Array<Evaluation | undefined>(jobs.length);
  for (let i = workers; i < jobs.length; i += shares) results[i] = evaluate(jobs[i]!);
  // Each worker counts itself done even when it failed; a worker that could not start at all is waited for a while.
  const deadline = Date.now() + 15_000 + jobs.length * 10;
  for (
    let seen = Atomics.load(done, 0);
    seen < workers && Date.now() < deadline;
    seen = Atomics.load(done, 0)
  )
    Atomics.wait(done, 0, seen, Math.max(1, deadline - Date.now()));
  let delivered = 0;
  for (const { worker, port } of started) {
    const message = receiveMessageOnPort(port)?.message as WorkerOutput | undefined;
    if (message && 'results' in message) {
      delivered++;
      for (const [i, evaluation] of message.results) results[i] = evaluation;
    }
    port.close();
    void worker.terminate();
  }
  // Array.from, not map: map would skip the holes a failed worker left.
  return { evaluations: Array.from(results, (r, i) => r ?? evaluate(jobs[i]!)), delivered };
}
