// One measurement in a fresh process (so peak memory is this mode's alone). Prints JSON.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const [mode, dir, file] = process.argv.slice(2);
const core = await import('../dist/electron/core/skills/index.js');

function readAll(folder) {
  let n = 0;
  for (const d of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, d.name);
    if (d.isDirectory()) n += readAll(path);
    else if (d.name === 'SKILL.md') n += readFileSync(path).length > 0 ? 1 : 0;
  }
  return n;
}

const rssBefore = process.resourceUsage().maxRSS;
const t0 = performance.now();
let result;
if (mode === 'read') result = { files: readAll(dir) };
else if (mode === 'load' || mode === 'load-main-thread') {
  // load: the default (worker threads for a large library when a core is free); load-main-thread: none (issue 14).
  const lib = core.loadLibrary([{ path: dir }], mode === 'load' ? {} : { workers: 0 });
  result = {
    skills: lib.entries.length,
    diagnostics: lib.entries.reduce((n, e) => n + e.diagnostics.length, 0),
    workers: lib.stats.workers,
  };
} else if (mode === 'revalidate') {
  const lib = core.loadLibrary([{ path: dir }]);
  const text = readFileSync(file, 'utf8');
  const times = [];
  for (let i = 0; i < 200; i++) {
    const edited = text.replace('Use this skill', `Use this skill (edit ${i})`);
    const s = performance.now();
    lib.validate(file, edited); // what the editor gets: the library's own context (MCP servers, shadowing)
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  result = { skills: lib.entries.length, p50: times[100], p99: times[198] };
} else if (mode === 'save') {
  // The host's handling of skills:save-file (atomic write, incremental re-read, the skills:changed event) beside
  // a full rescan of the same library (what every save cost before issue 10), in the same process.
  const { Host } = await import('../dist/electron/host/host.js');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const host = new Host({
    bundledSkills: join(dir, '..', 'no-bundled-skills'),
    userDataDir: mkdtempSync(join(tmpdir(), 'skillbench-bench-save-')),
    projectRoots: [dir],
    watch: false,
  });
  const read = await host.handle('skills:read-file', { path: file });
  let { text, hash } = read.value;
  const saves = [];
  let validated = 0;
  for (let i = 0; i < 60; i++) {
    text = text.replace(/Use this skill( \(save \d+\))?/, `Use this skill (save ${i})`);
    const before = host.workspace.library.stats.validated;
    const s = performance.now();
    const r = await host.handle('skills:save-file', { path: file, text, expectedHash: hash });
    saves.push(performance.now() - s);
    validated = host.workspace.library.stats.validated - before;
    hash = r.value.hash;
  }
  const rescans = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    host.reload();
    rescans.push(performance.now() - s);
  }
  await host.close();
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const ss = sorted(saves.slice(10)); // the first saves warm the JIT
  result = {
    skills: host.workspace.entries.length,
    p50: ss[Math.floor(ss.length / 2)],
    p99: ss[ss.length - 1],
    rescan: sorted(rescans)[2],
    validatedPerSave: validated,
  };
}
const ms = performance.now() - t0;
process.stdout.write(
  JSON.stringify({
    mode,
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    baseRssMb: rssBefore / 1024,
    ...result,
  }),
);
