// Test helpers: fixture paths and loading a fixture skill through the real library pipeline.
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SkillError } from '../shared/errors.js';
import { splitFrontmatter } from '../shared/syntax/frontmatter.js';
import { formatOfFile } from '../shared/manifest-formats.js';
import type { Diagnostic, LibraryEntry, SkillDefinition, ValidationProfile } from '../shared/types.js';
import type { HostApi } from '../shared/ipc.js';
import type { Host } from '../electron/host/host.js';
import { evaluateManifest, type EvaluateOptions } from '../electron/core/skills/evaluate.js';
import { loadLibrary } from '../electron/core/skills/index.js';
import { fromDecodedText } from '../electron/core/skills/manifest-text.js';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES = join(REPO, 'test', 'fixtures');
export const fixtureSkill = (name: string) => join(FIXTURES, 'skills', name);
/** The reference MCP server (a dev dependency), started with `node <path> stdio` in tests. */
export const EVERYTHING_SERVER = join(
  createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json'),
  '..',
  'dist',
  'index.js',
);

/** Loads one fixture skill folder as its own root and returns its (winning) entry. */
export function loadFixture(name: string, profile?: ValidationProfile): LibraryEntry {
  const lib = loadLibrary([{ path: fixtureSkill(name) }], { profile });
  const entry = lib.entries.find((e) => e.status !== 'excluded');
  if (!entry) throw new Error(`fixture ${name} produced no entry`);
  return entry;
}

/**
 * Unsaved text checked as the library's `validate` checks the editor's buffer (evaluateManifest), with the test's
 * own existence check when given. A manifest the evaluation could not finish fails the test: it stands for a throw.
 */
export function evaluateText(
  path: string,
  text: string,
  options: EvaluateOptions = {},
): { diagnostics: Diagnostic[]; skill?: SkillDefinition } {
  const folder = dirname(path);
  const job = {
    manifest: path,
    folder,
    format: formatOfFile(path),
    id: basename(folder),
    rootId: '',
    rootReal: folder,
  };
  const { entry } = evaluateManifest(job, { ok: true, value: fromDecodedText(text) }, options);
  const crash = entry.diagnostics.find((d) => d.code === 'file-not-evaluated');
  if (crash) throw new Error(crash.message);
  return { diagnostics: entry.diagnostics, ...(entry.skill ? { skill: entry.skill } : {}) };
}

export const codes = (list: readonly Diagnostic[]) => list.map((d) => d.code);
export const byCode = (list: readonly Diagnostic[], code: string): Diagnostic => {
  const d = list.find((x) => x.code === code);
  if (!d) throw new Error(`no ${code} in ${codes(list).join(', ') || '(none)'}`);
  return d;
};

/** The source text a diagnostic's range covers. */
export function covered(d: Diagnostic): string {
  const text = readFileSync(d.file, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\n|\r/);
  if (d.line === (d.endLine ?? d.line))
    return (lines[d.line - 1] ?? '').slice(d.column - 1, (d.endColumn ?? d.column) - 1);
  const first = (lines[d.line - 1] ?? '').slice(d.column - 1);
  return [
    first,
    ...lines.slice(d.line, (d.endLine ?? d.line) - 1),
    (lines[(d.endLine ?? d.line) - 1] ?? '').slice(0, (d.endColumn ?? 1) - 1),
  ].join('\n');
}

/** A private copy of a fixture tree, for tests that add links or change files. */
export function copyFixtures(sub: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillbench-test-'));
  cpSync(join(FIXTURES, sub), dir, { recursive: true });
  return dir;
}

/** The SkillError a call rejects with; fails the test if it resolves or throws anything else. */
export async function failure(p: Promise<unknown>): Promise<SkillError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof SkillError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Every SKILL.md under `dir`, at any depth. */
export function skillFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) skillFiles(path, out);
    else if (name === 'SKILL.md') out.push(path);
  }
  return out;
}

/** The YAML between a SKILL.md's `---` fences, or undefined when it has none. */
export function frontmatterOf(path: string): string | undefined {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const split = splitFrontmatter(text);
  return split.kind === 'ok' ? text.slice(split.yamlStart, split.yamlEnd) : undefined;
}

/** The renderer's HostApi over a Host in this process: what a component test renders against. */
export function hostApi(host: Pick<Host, 'handle' | 'on'>): HostApi {
  return {
    invoke: (channel, request) => host.handle(channel, request) as never,
    on: (event, listener) => host.on(event, listener),
  };
}
