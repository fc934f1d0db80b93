// A worker thread of the parallel validation (issue 14): evaluates its share of the manifests with the very function
// the main thread uses, posts the evaluations on its port, then counts itself done on the shared counter (the main
// thread waits on it synchronously, so the library's API stays synchronous).
import { workerData, type MessagePort } from 'node:worker_threads';
import { readAndEvaluate, type EvaluateOptions, type Evaluation, type ManifestJob } from './evaluate.js';
import { PathCache } from './path-cache.js';

export interface WorkerInput {
  jobs: Array<[index: number, job: ManifestJob]>;
  options: Omit<EvaluateOptions, 'mcpServers' | 'pathExists'> & { mcpServers?: string[] };
  port: MessagePort;
  done: Int32Array;
}

export type WorkerOutput = { results: Array<[number, Evaluation]> } | { error: string };

const { jobs, options, port, done } = workerData as WorkerInput;
try {
  const cache = new PathCache();
  const { mcpServers, ...plain } = options;
  const evaluateOptions: EvaluateOptions = {
    ...plain,
    ...(mcpServers ? { mcpServers: new Set(mcpServers) } : {}),
    pathExists: cache.exists,
  };
  const results = jobs.map(([i, job]): [number, Evaluation] => [i, readAndEvaluate(job, evaluateOptions)]);
  port.postMessage({ results } satisfies WorkerOutput);
} catch (error) {
  port.postMessage({ error: String(error) } satisfies WorkerOutput);
} finally {
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
  port.close();
}
