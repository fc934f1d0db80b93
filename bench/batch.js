// Batch mode's cost (`npm run bench`): the same collision check of real skills, 10 trigger queries each, run direct
// and as one batch through each vendor's SDK against the fake model server (which counts tokens as the vendor does,
// prompt caching included); the batch's cost against the direct run's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fakeModelServer } from './prompt-cache.js';
import { triggerLibraryReply, writeTriggerLibrary } from './trigger-library.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = (path) => import(pathToFileURL(join(here, '..', 'dist', path)).href);

const MODELS = { anthropic: 'claude-sonnet-4-5', openai: 'gpt-4.1' };

export async function batchBenchmark({ skills = 24, queries = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-batch-'));
  const { startFakeModelServer, lastUserText } = await fakeModelServer(dir);
  const { loadLibrary } = await dist('electron/core/skills/index.js');
  const { createProvider } = await dist('electron/core/models/providers/index.js');
  const { ModelClient } = await dist('electron/core/models/model-client.js');
  const { runLibraryTriggers } = await dist('electron/core/evals/triggers.js');
  const { BatchJobStore } = await dist('electron/core/evals/batch-jobs.js');
  const script = (req) => triggerLibraryReply(lastUserText(req));
  try {
    const libraryDir = join(dir, 'library');
    writeTriggerLibrary(libraryDir, { skills, queries });
    const { entries } = loadLibrary([{ path: libraryDir }]);
    const rows = [];
    for (const [kind, model] of Object.entries(MODELS)) {
      // Each mode on a fresh server: its prompt cache empty, as a first run finds the vendor's.
      const run = async (mode) => {
        const server = await startFakeModelServer(script);
        const baseURL = kind === 'anthropic' ? server.anthropicBaseURL : server.openaiBaseURL;
        try {
          const started = performance.now();
          const result = await runLibraryTriggers({
            client: new ModelClient(
              createProvider({ name: 'fake', kind, model, baseURL }, { apiKey: 'bench' }),
              {
                concurrency: 1,
              },
            ),
            entries,
            profile: 'skillbench',
            runs: 1,
            audience: 'cli',
            mode,
            batch: { store: new BatchJobStore(join(dir, 'batches')), poll: { intervalMs: 1 } },
          });
          return { usage: result.usage, ms: performance.now() - started };
        } finally {
          await server.close();
        }
      };
      const direct = await run('direct');
      const batch = await run('batch');
      rows.push({
        kind,
        model,
        requests: skills * queries,
        direct: direct.usage.cost_usd,
        batch: batch.usage.cost_usd,
        ratio: batch.usage.cost_usd / direct.usage.cost_usd,
        sameTokens:
          JSON.stringify({ ...direct.usage, cost_usd: 0, cost_without_cache_usd: 0 }) ===
          JSON.stringify({ ...batch.usage, cost_usd: 0, cost_without_cache_usd: 0 }),
      });
    }
    return { skills, queries, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function batchSection(r) {
  return `## Batch mode (a collision check of ${r.skills} real skills, ${r.queries} trigger queries each)

| vendor | model | requests | direct cost | batch cost | ratio | target | same tokens |
|---|---|---:|---:|---:|---:|---|---|
${r.rows.map((x) => `| ${x.kind} | ${x.model} | ${x.requests} | $${x.direct.toFixed(4)} | $${x.batch.toFixed(4)} | ${x.ratio.toFixed(3)}x | 0.5x | ${x.sameTokens ? 'yes' : 'no'} |`).join('\n')}

Each vendor's SDK against the fake model server (\`test/fakes/model-server.ts\`, its batch APIs in
\`batch-routes.ts\`), which counts the tokens of every request, batched or not, as the vendor does (prompt caching
included); the direct run sends one request at a time, the batch run one batch of all of them, each on a fresh
server. Both vendors bill a batch at half the price of every kind of token (\`BATCH_PRICE_FACTOR\`).
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await batchBenchmark();
  console.log(batchSection(r));
}
