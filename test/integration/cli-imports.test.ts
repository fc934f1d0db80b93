// Issue 14: each command imports only what it uses. Every command runs in its own `node` process with a loader that
// records each module loaded (test/fixtures/module-trace/trace.mjs); the test fails when a heavy dependency
// shows up in a command that has no use for it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureSkill, REPO } from '../helpers.js';

const TRACE = join(REPO, 'test', 'fixtures', 'module-trace', 'trace.mjs');
const BUNDLE = join(REPO, 'dist', 'cli');
const work = mkdtempSync(join(tmpdir(), 'skillbench-trace-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let n = 0;
/** Runs `skillbench ...args` and returns its exit code and the modules it loaded: packages and our own files. */
function trace(...args: string[]): { code: number | null; packages: Set<string>; own: Set<string> } {
  const out = join(work, `trace-${n++}.txt`);
  const r = spawnSync(process.execPath, ['--import', TRACE, join(REPO, 'bin', 'skillbench.js'), ...args], {
    cwd: REPO,
    env: { ...process.env, SKILLBENCH_MODULE_TRACE: out },
    encoding: 'utf8',
  });
  const files = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('file:') || l.startsWith('/'))
    .map((l) => (l.startsWith('file:') ? fileURLToPath(l) : l))
    .flatMap(modulesOf);
  const packages = new Set<string>();
  const own = new Set<string>();
  for (const f of files) {
    const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(f);
    if (m?.[1]) packages.add(m[1].replace(/\\/g, '/'));
    else if (f !== TRACE && !f.endsWith('trace-hooks.mjs')) own.add(relative(REPO, f).replace(/\\/g, '/'));
  }
  return { code: r.status, packages, own };
}

const BUILTINS = join(REPO, 'test', 'fixtures', 'module-trace', 'builtins.cjs');

/** Runs `skillbench ...args` and returns the public Node built-ins it loaded (`node:http`...). */
function builtinsOf(...args: string[]): Set<string> {
  const out = join(work, `builtins-${n++}.txt`);
  spawnSync(process.execPath, ['--require', BUILTINS, join(REPO, 'bin', 'skillbench.js'), ...args], {
    cwd: REPO,
    env: { ...process.env, SKILLBENCH_MODULE_TRACE: out },
  });
  return new Set(readFileSync(out, 'utf8').split('\n').filter(Boolean));
}

/**
 * The modules a loaded file holds: itself, or for a chunk of the CLI's bundle (dist/cli, scripts/rolldown.cli.mjs) the
 * modules its source map names, so the checks below speak of modules whichever way the CLI was built.
 */
function modulesOf(file: string): string[] {
  if (dirname(file) !== BUNDLE || !file.endsWith('.js')) return [file];
  // A chunk that only imports others (a dynamic import's facade) has no modules of its own, and no map.
  if (!existsSync(`${file}.map`)) return [];
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources.map((s) => resolve(dirname(file), s));
}

/** Loaded by a command that neither connects to MCP servers nor serves the app. */
const RUNTIME_ONLY = ['@modelcontextprotocol/sdk', 'zod', 'zod-to-json-schema', 'ws', '@sinclair/typebox'];
const overlap = (loaded: Set<string>, names: readonly string[]) => names.filter((p) => loaded.has(p));

describe('what each command loads', () => {
  it('--version and --help load no package and only the dispatcher', () => {
    for (const flag of ['--version', '--help']) {
      const t = trace(flag);
      expect(t.code).toBe(0);
      expect([...t.packages]).toEqual([]);
      expect([...t.own].sort()).toEqual([
        'bin/skillbench.js',
        'dist/electron/cli/index.js',
        'dist/electron/cli/io.js',
        'dist/electron/core/paths.js',
        'dist/shared/errors.js',
      ]);
    }
  });

  it('validate of a clean skill without tools loads js-yaml, not `yaml`, the MCP SDK, ws, TypeBox, Ajv, TOML or JSONC', () => {
    const t = trace('validate', fixtureSkill('valid-minimal'));
    expect(t.code).toBe(0);
    expect(t.packages.has('js-yaml')).toBe(true); // the trace sees packages: this one is needed
    expect(t.packages.has('yaml')).toBe(false); // the Document: only for a YAML error or a nested position
    expect(overlap(t.packages, [...RUNTIME_ONLY, 'ajv', 'ajv-formats', 'smol-toml', 'jsonc-parser'])).toEqual(
      [],
    );
    expect([...t.own].filter((f) => /cli\/commands\/(?!validate)|\/host\//.test(f))).toEqual([]);
  });

  it('validate of skills with every tool kind loads no process, HTTP, worker or crypto module, JSONPath or argument checker', () => {
    // They are loaded when a tool runs, a server listens or a library is large enough for workers; validating the
    // tools' declarations needs none of them.
    const t = trace('validate', join(REPO, 'skills'));
    expect(t.code).toBe(0);
    expect(t.packages.has('js-yaml')).toBe(true);
    expect(overlap(t.packages, ['jsonpath-plus', '@cfworker/json-schema'])).toEqual([]);
    const builtins = builtinsOf('validate', join(REPO, 'skills'));
    expect(builtins.has('node:fs')).toBe(true); // the record sees built-ins: this one is needed
    expect(
      overlap(builtins, [
        'node:child_process',
        'node:http',
        'node:https',
        'node:worker_threads',
        'node:crypto',
      ]),
    ).toEqual([]);
  });

  it('validate loads `yaml` for a skill whose frontmatter has a syntax error (the Document places it)', () => {
    const t = trace('validate', fixtureSkill('yaml-broken'));
    expect(t.code).toBe(1);
    expect(t.packages.has('yaml')).toBe(true);
  });

  it('validate loads Ajv only for a skill whose tools declare schemas, smol-toml only for a TOML manifest', () => {
    const schemas = trace('validate', fixtureSkill('tools-good'));
    expect(schemas.packages.has('ajv')).toBe(true);
    expect(overlap(schemas.packages, RUNTIME_ONLY)).toEqual([]);
    const toml = trace('validate', fixtureSkill('toml-skill'));
    expect(toml.packages.has('smol-toml')).toBe(true);
    expect(overlap(toml.packages, RUNTIME_ONLY)).toEqual([]);
  });

  it('list and prompt load neither the MCP SDK nor ws nor TypeBox', () => {
    for (const command of ['list', 'prompt']) {
      const t = trace(command, fixtureSkill('valid-minimal'));
      expect(t.code).toBe(0);
      expect(overlap(t.packages, RUNTIME_ONLY)).toEqual([]);
    }
  });

  it('tools of a skill with built-in tools only does not load the MCP SDK or ws', () => {
    const t = trace('tools', join(REPO, 'skills', 'text-toolkit'));
    expect(t.code).toBe(0);
    expect(overlap(t.packages, ['@modelcontextprotocol/sdk', 'zod', 'ws'])).toEqual([]);
  });
});
