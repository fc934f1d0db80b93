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
else if (mode === 'load') {
  const lib = core.loadLibrary([{ path: dir }]);
  result = {
    skills: lib.entries.length,
    diagnostics: lib.entries.reduce((n, e) => n + e.diagnostics.length, 0),
  };
} else if (mode === 'revalidate') {
  const lib = core.loadLibrary([{ path: dir }]);
  const text = readFileSync(file, 'utf8');
  const times = [];
  for (let i = 0; i < 200; i++) {
    const edited = text.replace('Use this skill', `Use this skill (edit ${i})`);
    const s = performance.now();
    core.validateText(file, edited);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  result = { skills: lib.entries.length, p50: times[100], p99: times[198] };
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
