// Reads parts of Vercel's `skills` CLI from the pinned package's dist (node_modules/skills, skills@1.7.4) and
// evaluates them with stubbed helpers, so tests compare Skillbench with the CLI's own code, never a copy of it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { REPO } from '../../../helpers.js';

const DIST = join(REPO, 'node_modules', 'skills', 'dist');
const cli = () => readFileSync(join(DIST, 'cli.mjs'), 'utf8');

/** The text of a top-level `function name(...) {...}` of the dist. */
function functionSource(name: string): string {
  const dist = cli();
  const start = dist.indexOf(`\nfunction ${name}(`);
  const end = dist.indexOf('\n}\n', start);
  if (start < 0 || end < 0)
    throw new Error(`skills/dist/cli.mjs has no function ${name}: update this reader`);
  return dist.slice(start, end + 2);
}

/** Top-level functions of the dist, evaluated together with `context` as their globals; the last one is returned. */
export function cliFunction<T>(names: readonly string[], context: Record<string, unknown> = {}): T {
  const last = names[names.length - 1] ?? '';
  return runInNewContext(`${names.map(functionSource).join('\n')}\n${last};`, context) as T;
}

export interface CliAgent {
  name: string;
  displayName: string;
  skillsDir: string;
  globalSkillsDir: string | undefined;
  showInUniversalPrompt?: boolean;
  showInUniversalList?: boolean;
}

/**
 * The CLI's `agents` object as it is built when the CLI starts with `home` as the home folder and `env` as the
 * environment: the xdg-basedir chunk it imports, then its dist from `const home = homedir();` to the table's end.
 */
export function cliAgents(home: string, env: Record<string, string>): Record<string, CliAgent> {
  const dist = cli();
  const start = dist.indexOf('const home = homedir();');
  const end = dist.indexOf('async function detectInstalledAgents');
  if (start < 0 || end < start)
    throw new Error('the agent table of skills/dist/cli.mjs moved: update this reader');
  const xdg = readFileSync(join(DIST, '_chunks', 'libs', 'xdg-basedir.mjs'), 'utf8').replace(
    /^(import|export) .*$/gm,
    '',
  );
  return runInNewContext(`${xdg}\n${dist.slice(start, end)}\nagents;`, {
    homedir: () => home,
    os: { homedir: () => home },
    path: { join },
    join,
    existsSync,
    readFileSync,
    process: { env, cwd: () => home, platform: process.platform },
  }) as Record<string, CliAgent>;
}
