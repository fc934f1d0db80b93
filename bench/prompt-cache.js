// Prompt caching (`npm run bench`): a library of real skills, 10 trigger queries each, run as a collision check
// through the Anthropic SDK against the fake model server, which counts tokens as Anthropic does; billed input with
// caching against the same run with caching off (`promptCache: false`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformWithOxc } from 'vite';
import { triggerLibraryReply, writeTriggerLibrary } from './trigger-library.js';

const here = dirname(fileURLToPath(import.meta.url));
const dist = (path) => import(pathToFileURL(join(here, '..', 'dist', path)).href);

/**
 * The fake model server is TypeScript (test/fakes): it and the batch routes it imports compiled to modules in `dir`
 * (a package.json there makes `.js` ESM) to be imported here.
 */
export async function fakeModelServer(dir) {
  writeFileSync(join(dir, 'package.json'), '{"type": "module"}');
  for (const name of ['model-server', 'batch-routes']) {
    const source = join(here, '..', 'test', 'fakes', `${name}.ts`);
    const { code } = await transformWithOxc(await readFile(source, 'utf8'), source);
    writeFileSync(join(dir, `${name}.js`), code);
  }
  return import(pathToFileURL(join(dir, 'model-server.js')).href);
}

export async function promptCacheBenchmark({ skills = 24, queries = 10, model = 'claude-sonnet-4-5' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-prompt-cache-'));
  const { startFakeModelServer, lastUserText } = await fakeModelServer(dir);
  const { loadLibrary } = await dist('electron/core/skills/index.js');
  const { createProvider } = await dist('electron/core/models/providers/index.js');
  const { ModelClient } = await dist('electron/core/models/model-client.js');
  const { runLibraryTriggers } = await dist('electron/core/evals/triggers.js');
  const { DEFAULT_PRICES } = await dist('electron/core/models/prices.js');
  const { billedInputTokens, promptTokens } = await dist('shared/usage.js');
  const server = await startFakeModelServer((req) => triggerLibraryReply(lastUserText(req)));
  try {
    const libraryDir = join(dir, 'library');
    writeTriggerLibrary(libraryDir, { skills, queries });
    const { entries } = loadLibrary([{ path: libraryDir }]);
    const provider = createProvider(
      { name: 'fake', kind: 'anthropic', model, baseURL: server.anthropicBaseURL },
      { apiKey: 'bench' },
    );
    const run = async (promptCache) =>
      (
        await runLibraryTriggers({
          client: new ModelClient(provider, { promptCache }),
          entries,
          profile: 'skillbench',
          runs: 1,
          audience: 'cli',
        })
      ).usage;
    const uncached = await run(false);
    const cached = await run(true);
    const price = DEFAULT_PRICES[model];
    return {
      skills,
      queries,
      model,
      prompt: promptTokens(cached),
      cachedBilled: billedInputTokens(cached, price),
      uncachedBilled: billedInputTokens(uncached, price),
      ratio: billedInputTokens(cached, price) / billedInputTokens(uncached, price),
      cost: cached.cost_usd,
      costUncached: uncached.cost_usd,
    };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section of docs/benchmarks.md. */
export function promptCacheSection(r) {
  const n = (x) => Math.round(x).toLocaleString('en');
  return `## Prompt caching (a collision check of ${r.skills} real skills, ${r.queries} trigger queries each)

| run | input tokens sent | billed input (full-rate tokens) | cost (${r.model} prices) | ratio | target |
|---|---:|---:|---:|---:|---|
| caching off (\`--no-prompt-cache\`) | ${n(r.prompt)} | ${n(r.uncachedBilled)} | $${r.costUncached.toFixed(4)} | — | — |
| caching on (the default) | ${n(r.prompt)} | ${n(r.cachedBilled)} | $${r.cost.toFixed(4)} | ${r.ratio.toFixed(3)}x | ≤ 0.2x |

The SKILL.md files are the repository's own (\`bench/trigger-library.js\`); the model is the fake model server
(\`test/fakes/model-server.ts\`) through the Anthropic SDK, counting 4 characters a token and caching as Anthropic
does: the prefix up to the last \`cache_control\` marker is written once (1.25x the input price) and read by every
later request (0.1x). Billed input counts cache writes and reads at those rates, in full-rate tokens.
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await promptCacheBenchmark();
  console.log(promptCacheSection(r));
}
