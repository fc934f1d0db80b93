// CLI benchmarks (issue 14): startup of `skillbench --version`, `--help` and `validate` of one skill beside a bare
// `node -e 0`, and `skillbench validate --format json` beside `skill-check` on a realistic corpus. Every pair runs
// alternately in the same session, so machine noise hits both alike; figures are medians and ratios.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SKILLBENCH = join(root, 'bin', 'skillbench.js');
const SKILL_CHECK = join(root, 'node_modules', 'skill-check', 'bin', 'skill-check.js');
const TIME = '/usr/bin/time';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => ({ min: Math.min(...xs), median: median(xs), max: Math.max(...xs) });

/** One run of `node ...args`: wall time (ms) and, where GNU time exists, the child's peak RSS (MB). */
function timed(args) {
  const withTime = existsSync(TIME);
  const command = withTime ? TIME : process.execPath;
  const argv = withTime ? ['-f', '%M', process.execPath, ...args] : args;
  const t = performance.now();
  const r = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status === null || r.status > 1) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const kb = withTime ? Number(/(\d+)\s*$/.exec(r.stderr)?.[1]) : NaN;
  return { ms, rssMb: kb / 1024, stdout: r.stdout };
}

/** Runs each command `runs` times, round-robin. */
function alternate(commands, runs) {
  const out = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [k, args] of Object.entries(commands)) out[k].push(timed(args));
  return out;
}

export function cliStartupBenchmarks(runs = 15) {
  const skill = join(root, 'skills', 'commit-messages');
  const res = alternate(
    {
      node: ['-e', '0'],
      version: [SKILLBENCH, '--version'],
      help: [SKILLBENCH, '--help'],
      validate: [SKILLBENCH, 'validate', skill],
    },
    runs,
  );
  const m = Object.fromEntries(Object.entries(res).map(([k, xs]) => [k, median(xs.map((x) => x.ms))]));
  return {
    runs,
    skill: 'skills/commit-messages',
    node: m.node,
    rows: ['version', 'help', 'validate'].map((k) => ({ command: k, ms: m[k], ratio: m[k] / m.node })),
  };
}

export function corpusBenchmarks(count = 1200, runs = 9) {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-corpus-'));
  try {
    const { bytes } = generateCorpus(dir, count);
    const commands = {
      skillbench: [SKILLBENCH, 'validate', dir, '--format', 'json'],
      skillCheck: [SKILL_CHECK, 'check', dir, '--format', 'json', '--no-security-scan', '--no-open'],
    };
    timed(commands.skillbench); // warm the page cache for both
    const res = alternate(commands, runs);
    const last = JSON.parse(res.skillbench[runs - 1].stdout);
    const stats = (xs) => ({
      ms: median(xs.map((x) => x.ms)),
      peakMb: Math.max(...xs.map((x) => x.rssMb)),
    });
    const sb = stats(res.skillbench);
    const sc = stats(res.skillCheck);
    return {
      skills: count,
      mb: bytes / 1e6,
      runs,
      found: last.summary.skills,
      skillbench: sb,
      skillCheck: sc,
      timeRatio: sb.ms / sc.ms,
      // Each alternating pair's own ratio: how far one run's noise moves the figure.
      pairRatios: spread(res.skillbench.map((x, i) => x.ms / res.skillCheck[i].ms)),
      memRatio: sb.peakMb / sc.peakMb,
      skillCheckVersion: JSON.parse(
        readFileSync(join(root, 'node_modules', 'skill-check', 'package.json'), 'utf8'),
      ).version,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/cli.js`: just these figures.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(cliStartupBenchmarks(), null, 2));
  console.log(JSON.stringify(corpusBenchmarks(), null, 2));
}
