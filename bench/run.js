// `npm run bench`: library load+validate against a raw read of the same files, in the same run. Writes docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliStartupBenchmarks, corpusBenchmarks } from './cli.js';
import { generateCorpus } from './corpus.js';
import { executorBenchmarks } from './executor.js';
import { generateLibrary } from './generate.js';
import { browserBenchmarks } from './browser.js';
import { uiBenchmarks } from './ui.js';
import { formBenchmarks } from './form.js';
import { initialJs } from './initial-js.js';
import { monacoFloor } from './monaco-floor.js';
import { promptCacheBenchmark, promptCacheSection } from './prompt-cache.js';
import { batchBenchmark, batchSection } from './batch.js';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = 5;

function measure(mode, dir, file) {
  const out = execFileSync(process.execPath, [join(here, 'child.js'), mode, dir, file ?? ''], {
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const rows = [];
for (const size of [1000, 10000]) {
  const dir = mkdtempSync(join(tmpdir(), `skillbench-bench-${size}-`));
  generateLibrary(dir, size);
  measure('read', dir); // warm the page cache so both modes read from memory
  const reads = [];
  const loads = [];
  for (let i = 0; i < RUNS; i++) {
    reads.push(measure('read', dir));
    loads.push(measure('load', dir));
  }
  const read = median(reads.map((r) => r.ms));
  const load = median(loads.map((r) => r.ms));
  const peak = Math.max(...loads.map((r) => r.maxRssMb));
  const readPeak = Math.max(...reads.map((r) => r.maxRssMb));
  const reval = measure('revalidate', dir, join(dir, 'group-00', 'skill-0-review', 'SKILL.md'));
  const save = measure('save', dir, join(dir, 'group-00', 'skill-0-review', 'SKILL.md'));
  rows.push({
    size,
    read,
    load,
    ratio: load / read,
    perSecond: size / (load / 1000),
    peak,
    readPeak,
    p50: reval.p50,
    p99: reval.p99,
    save,
    skills: loads[0].skills,
  });
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${size} skills: load+validate ${load.toFixed(0)} ms (${(load / read).toFixed(2)}x raw read ${read.toFixed(0)} ms), ${Math.round(size / (load / 1000))} skills/s, peak RSS ${peak.toFixed(0)} MB; re-validate one file p50 ${reval.p50.toFixed(2)} ms; host save p50 ${save.p50.toFixed(2)} ms (full rescan ${save.rescan.toFixed(0)} ms, ${save.validatedPerSave} skill re-validated per save)`,
  );
}

// Issue 14: CLI startup, the realistic corpus against skill-check, worker threads against the main thread alone.
const cli = cliStartupBenchmarks();
for (const r of cli.rows)
  console.log(
    `skillbench ${r.command}: ${r.ms.toFixed(0)} ms, ${r.ratio.toFixed(2)}x node -e 0 (${cli.node.toFixed(0)} ms)`,
  );
const corpus = corpusBenchmarks();
console.log(
  `realistic corpus (${corpus.skills} skills, ${corpus.mb.toFixed(1)} MB): skillbench validate ${corpus.skillbench.ms.toFixed(0)} ms / ${corpus.skillbench.peakMb.toFixed(0)} MB, skill-check ${corpus.skillCheck.ms.toFixed(0)} ms / ${corpus.skillCheck.peakMb.toFixed(0)} MB: ${corpus.timeRatio.toFixed(2)}x time, ${corpus.memRatio.toFixed(2)}x memory`,
);
const threads = [];
for (const size of [1200, 10000]) {
  const dir = mkdtempSync(join(tmpdir(), `skillbench-threads-${size}-`));
  generateCorpus(dir, size);
  measure('load-main-thread', dir);
  const main = [];
  const auto = [];
  for (let i = 0; i < 3; i++) {
    main.push(measure('load-main-thread', dir));
    auto.push(measure('load', dir));
  }
  threads.push({
    size,
    main: median(main.map((r) => r.ms)),
    auto: median(auto.map((r) => r.ms)),
    workers: auto[0].workers,
    mainPeak: Math.max(...main.map((r) => r.maxRssMb)),
    autoPeak: Math.max(...auto.map((r) => r.maxRssMb)),
  });
  rmSync(dir, { recursive: true, force: true });
}
for (const t of threads)
  console.log(
    `realistic corpus ${t.size}: main thread ${t.main.toFixed(0)} ms, with ${t.workers} worker(s) ${t.auto.toFixed(0)} ms (${(t.auto / t.main).toFixed(2)}x)`,
  );
const assets = join(here, '..', 'dist', 'renderer', 'assets');
const chunks = readdirSync(assets).map((f) => ({ f, bytes: statSync(join(assets, f)).size }));
const kB = (b) => `${(b / 1024).toFixed(0)} kB`;
const chunk = (re) => chunks.filter((c) => re.test(c.f)).reduce((n, c) => n + c.bytes, 0);

const floor = await monacoFloor();
console.log(`Monaco ${floor.version} floor (editor.api + one editor, the app's stubs): ${kB(floor.bytes)}`);

const ex = await executorBenchmarks();
const us = (x) => `${x.toFixed(1)} µs`;
console.log(
  `browser-mode tools:run p50 ${us(ex.browser.http.p50)} (in-process ${us(ex.browser.inProcess.p50)})`,
);
console.log(
  `executor echo p50 ${us(ex.echo.executor.p50)} (direct call ${us(ex.echo.direct.p50)}); MCP echo via executor p50 ${us(ex.mcp.executor.p50)} vs raw SDK ${us(ex.mcp.sdk.p50)} (${(ex.mcp.executor.p50 / ex.mcp.sdk.p50).toFixed(2)}x)`,
);

const ms = (x) => `${x.toFixed(0)} ms`;
// Issue 14's page-load target is for 10,000 skills; the 1,000-skill run keeps the earlier tables comparable.
const uis = [await uiBenchmarks(1000), await uiBenchmarks(10000)];
for (const u of uis)
  console.log(
    `UI (${u.size} skills, browser mode): load to usable list p50 ${ms(u.load.p50)}; search keystroke p50 ${u.search.p50.toFixed(1)} ms; open in editor p50 ${ms(u.open.p50)}`,
  );
const [ui] = uis;

// Issue 14: browser-mode latency over the real transport, beside a bare HTTP server answering the same bytes.
const browser = await browserBenchmarks();
const fms = (x) => `${x.toFixed(2)} ms`;
console.log(
  `browser mode: read-file p50 ${fms(browser.small.read.p50)} (floor ${fms(browser.floor.read.p50)}), tools:run echo p99 ${fms(browser.small.echo.p99)} (floor ${fms(browser.floor.echo.p99)})`,
);

const form = await formBenchmarks();
const promptCache = await promptCacheBenchmark();
const batch = await batchBenchmark();
for (const r of batch.rows)
  console.log(
    `batch mode (${r.kind}): ${batch.skills} skills x ${batch.queries} queries cost ${r.ratio.toFixed(3)}x the direct run`,
  );
console.log(
  `prompt caching: ${promptCache.skills} skills x ${promptCache.queries} queries billed ${promptCache.ratio.toFixed(3)}x the input of the uncached run`,
);
console.log(
  `schema form (${form.fields} fields): keystroke work p95 ${form.work.p95.toFixed(1)} ms (plain input ${form.plain.work.p95.toFixed(1)} ms), latency p95 ${form.keystroke.p95.toFixed(1)} ms (plain input ${form.plain.latency.p95.toFixed(1)} ms)`,
);

const md = `# Benchmarks

Generated by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}).
Each figure is the median of ${RUNS} runs, each run in a fresh process; the baseline ("raw read") walks the same
folders and reads every SKILL.md without parsing, in the same run, from a warm page cache.

## Library load + validate

| skills | raw read | load + validate | ratio to raw read | skills/s | peak RSS (load) | peak RSS (raw read) | target |
|---:|---:|---:|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.size.toLocaleString('en')} | ${r.read.toFixed(0)} ms | ${r.load.toFixed(0)} ms | ${r.ratio.toFixed(2)}x | ${Math.round(r.perSecond).toLocaleString('en')} | ${r.peak.toFixed(0)} MB | ${r.readPeak.toFixed(0)} MB | ${r.size === 10000 ? '< 2 s, ≤ 4x raw read, < 300 MB' : '—'} |`).join('\n')}

## CLI startup (issue 14; ${cli.runs} runs of each, alternating)

| command | median | ratio to \`node -e 0\` (${cli.node.toFixed(0)} ms, same run) | target |
|---|---:|---:|---|
${cli.rows.map((r) => `| \`skillbench ${r.command === 'validate' ? `validate ${cli.skill}` : `--${r.command}`}\` | ${r.ms.toFixed(0)} ms | ${r.ratio.toFixed(2)}x | ${r.command === 'validate' ? '≤ 2.5x' : '≤ 1.5x'} |`).join('\n')}

## Realistic corpus: \`skillbench validate --format json\` against skill-check ${corpus.skillCheckVersion} (${corpus.runs} runs each, alternating)

| corpus | skillbench | skill-check | time ratio | skillbench peak RSS | skill-check peak RSS | memory ratio | target |
|---|---:|---:|---:|---:|---:|---:|---|
| ${corpus.skills.toLocaleString('en')} skills, ${corpus.mb.toFixed(1)} MB of SKILL.md | ${corpus.skillbench.ms.toFixed(0)} ms | ${corpus.skillCheck.ms.toFixed(0)} ms | ${corpus.timeRatio.toFixed(2)}x | ${corpus.skillbench.peakMb.toFixed(0)} MB | ${corpus.skillCheck.peakMb.toFixed(0)} MB | ${corpus.memRatio.toFixed(2)}x | ≤ 0.5x time, ≤ 1x memory |

Both commands are whole processes (startup included), \`skill-check check DIR --format json --no-security-scan\`.
The time ratio is of the medians; the ratios of the single alternating pairs ran from
${corpus.pairRatios.min.toFixed(2)}x to ${corpus.pairRatios.max.toFixed(2)}x (median ${corpus.pairRatios.median.toFixed(2)}x).
The corpus (\`bench/corpus.js\`, seeded) has four collections with nested category folders, body lengths with a
long tail past 1,000 lines, 5-30 relative links per skill (one in 25 broken), code fences, tables, references/ and
scripts/ folders, and mixed frontmatter styles (folded, quoted and plain descriptions, list and string
allowed-tools, metadata, comments, extension and unknown keys, CRLF files).

## Worker threads (load + validate in one process, realistic corpus, median of 3)

| skills | main thread only | default (workers) | workers used | ratio | peak RSS main / default |
|---:|---:|---:|---:|---:|---|
${threads.map((t) => `| ${t.size.toLocaleString('en')} | ${t.main.toFixed(0)} ms | ${t.auto.toFixed(0)} ms | ${t.workers} | ${(t.auto / t.main).toFixed(2)}x | ${t.mainPeak.toFixed(0)} MB / ${t.autoPeak.toFixed(0)} MB |`).join('\n')}

## Renderer bundle (production build)

| chunk | size | target |
|---|---:|---|
| initial JS (what \`index.html\` loads before the first paint) | ${kB(initialJs(join(here, '..', 'dist', 'renderer')).bytes)} | < 350 kB |
| Monaco (\`monaco-*.js\`, loaded with the editor) | ${kB(chunk(/^monaco-.*\.js$/))} | < 2 MB |
| Monaco ${floor.version}'s floor: a page of \`editor.api\` and one editor, no feature, no language, the same stubs (\`bench/monaco-floor.js\`) | ${kB(floor.bytes)} | — |
| workers (editor, JSON, YAML) | ${kB(chunk(/worker.*\.js$/))} | — |
| all assets (${chunks.length} files) | ${kB(chunks.reduce((n, c) => n + c.bytes, 0))} | — |

## Re-validating one changed file (the editor's \`skills:validate-text\`: the library's own rules and context)

| library | p50 | p99 | target |
|---:|---:|---:|---|
${rows.map((r) => `| ${r.size.toLocaleString('en')} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | < 20 ms |`).join('\n')}

## Saving one file through the host (\`skills:save-file\`, in a loaded library)

| library | save p50 | save p99 | skills re-validated per save | baseline: full rescan (same run) | ratio | target |
|---:|---:|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.size.toLocaleString('en')} | ${r.save.p50.toFixed(2)} ms | ${r.save.p99.toFixed(2)} ms | ${r.save.validatedPerSave} | ${r.save.rescan.toFixed(0)} ms | ${(r.save.p50 / r.save.rescan).toFixed(4)}x | p50 < 20 ms |`).join('\n')}

A save is the atomic write, the incremental update (the saved skill's folder re-read and re-validated, shadowing
re-derived for the names involved) and the \`skills:changed\` event. Before issue 10 every save rescanned every
root, which is what the baseline column measures (\`Reload Skills\`).

## Tool executor

| call | p50 | p99 | baseline p50 (same run) | ratio | target |
|---|---:|---:|---:|---:|---|
| built-in \`echo\` through \`executeTool\` (${ex.echo.calls.toLocaleString('en')} calls) | ${us(ex.echo.executor.p50)} | ${us(ex.echo.executor.p99)} | direct function call: ${us(ex.echo.direct.p50)} | — | p50 < 50 µs |
| \`tools:run\` of built-in \`echo\` through browser mode over loopback (${ex.browser.calls.toLocaleString('en')} calls) | ${us(ex.browser.http.p50)} | ${us(ex.browser.http.p99)} | in-process executor call: ${us(ex.browser.inProcess.p50)} | — | p50 < 2 ms |
| MCP \`echo\` of server-everything through the executor (${ex.mcp.calls.toLocaleString('en')} calls) | ${us(ex.mcp.executor.p50)} | ${us(ex.mcp.executor.p99)} | raw SDK client, same server: ${us(ex.mcp.sdk.p50)} | ${(ex.mcp.executor.p50 / ex.mcp.sdk.p50).toFixed(2)}x | ≤ 1.2x |

The browser-mode call is a full HTTP POST with the token, request validation, the run (history included) and
the JSON response. The executor call covers tool lookup, locked-arg merge, Ajv validation, the handler and timing. The MCP pair
calls one server-everything process over streamable HTTP from both clients, alternating call by call, so the
only difference is the path (executor + pool vs a bare SDK \`Client\`).

## Workbench UI in browser mode (${uis.map((u) => u.size.toLocaleString('en')).join(' and ')} skills, Debian's Chromium, headless)

| step | p50 | worst / p95 | baseline p50 (same run) | target |
|---|---:|---:|---:|---|
${uis.map((u) => `| page load to a usable list, ${u.size.toLocaleString('en')} skills (navigation start until the count and first rows show; ${u.load.runs} loads) | ${ms(u.load.p50)} | max ${ms(u.load.max)} | \`skills:list\` round trip alone: ${ms(u.load.baseline)} | < 1.5 s |`).join('\n')}
| search keystroke to updated list (input event until the next painted frame; ${ui.search.runs} keystrokes) | ${ui.search.p50.toFixed(1)} ms | p95 ${ui.search.p95.toFixed(1)} ms | — | < 50 ms |
| open a skill in the editor, Monaco loaded (click until its text is in the editor; ${ui.open.runs} skills) | ${ms(ui.open.p50)} | p95 ${ms(ui.open.p95)} | \`skills:read-file\` round trip alone: ${ms(ui.open.baseline)} | < 300 ms |

The page is served by \`skillbench serve\` from the production build; timings are taken inside the page with
\`performance.now()\`. The list holds ${ui.total.replace(/^\d+ of /, '')} (the library plus the bundled examples).

The generated skills are realistic: frontmatter with license, version, allowed-tools and metadata, a third of
them with three tools (a built-in, a shell tool with args, a locked-args elevation), about 60 lines of
instructions and a relative link that is checked on disk.

## Browser-mode latency over the real transport (\`bench/browser.js\`, ${browser.calls.toLocaleString('en')} calls of each, alternating)

| call | bundled examples p50 / p99 | ${browser.size.toLocaleString('en')} skills p50 / p99 | floor, same bytes p50 / p99 | target |
|---|---:|---:|---:|---|
| \`skills:read-file\`, 10 kB file | ${fms(browser.small.read.p50)} / ${fms(browser.small.read.p99)} | ${fms(browser.large.read.p50)} / ${fms(browser.large.read.p99)} | ${fms(browser.floor.read.p50)} / ${fms(browser.floor.read.p99)} | p50 < 2 ms |
| \`tools:run\`, built-in echo | ${fms(browser.small.echo.p50)} / ${fms(browser.small.echo.p99)} | ${fms(browser.large.echo.p50)} / ${fms(browser.large.echo.p99)} | ${fms(browser.floor.echo.p50)} / ${fms(browser.floor.echo.p99)} | p99 < 5 ms |

The floor is a bare Node HTTP server in its own process answering the same bytes: what the transport costs here.

## Schema form: a keystroke in a ${form.fields}-field form to an updated JSON pane (issue 13)

Each keystroke is measured two ways (see \`bench/form.js\`): **work**, the main thread's work for it (the input
event's handling plus that frame's work until the JSON pane shows the value: what has to fit in a 16 ms frame), and
**latency**, to the frame that shows it (which includes the wait for that frame). Baselines typed in the same run:
the run bar's Timeout box and a plain \`<input>\` outside React.

| figure (${form.keystroke.runs} keystrokes, ${form.controls} controls on the page) | p50 | p95 | plain input p95 (same run) | ratio (p95) | target |
|---|---:|---:|---:|---:|---|
| keystroke **work** | ${form.work.p50.toFixed(1)} ms | ${form.work.p95.toFixed(1)} ms | ${form.plain.work.p95.toFixed(1)} ms | ${(form.work.p95 / form.plain.work.p95).toFixed(2)}x | p95 < 16 ms |
| keystroke **latency** | ${form.keystroke.p50.toFixed(1)} ms | ${form.keystroke.p95.toFixed(1)} ms | ${form.plain.latency.p95.toFixed(1)} ms | ${(form.keystroke.p95 / form.plain.latency.p95).toFixed(2)}x | |
| Timeout box (a controlled input of the runner), work / latency p95 | | | ${form.workBaseline.p95.toFixed(1)} / ${form.baseline.p95.toFixed(1)} ms | | |

A keystroke renders only the field it changes (memoised fields, errors delivered per field), writes the JSON into
Monaco, and runs the shared argument check (\`shared/args-check.ts\`) after the frame, as a deferred value.

${promptCacheSection(promptCache)}
${batchSection(batch)}`;
writeFileSync(join(here, '..', 'docs', 'benchmarks.md'), md);
console.log('wrote docs/benchmarks.md');
