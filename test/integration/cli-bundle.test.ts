// The CLI's bundle (scripts/rolldown.cli.mjs): a build leaves only its own chunks in the output folder. Chunk names
// carry content hashes, so without cleaning every rebuild left the previous build's chunks beside the new ones.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../helpers.js';

const work = mkdtempSync(join(tmpdir(), 'skillbench-cli-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the CLI bundle', () => {
  it('removes chunks of an earlier build from its output folder', async () => {
    const module = (await import(pathToFileURL(join(REPO, 'scripts', 'rolldown.cli.mjs')).href)) as {
      default: BuildOptions & { input: Record<string, string> };
    };
    const config = module.default;
    const dir = join(work, 'cli');
    mkdirSync(dir);
    writeFileSync(join(dir, 'validate-0ld0ld00.js'), 'export {};\n'); // what a previous build left behind
    const input = Object.fromEntries(Object.entries(config.input).map(([k, v]) => [k, join(REPO, v)]));
    await build({ ...config, input, output: { ...config.output, dir }, logLevel: 'silent' });
    const files = readdirSync(dir);
    expect(files).not.toContain('validate-0ld0ld00.js');
    expect(existsSync(join(dir, 'index.js'))).toBe(true);
    expect(files.filter((f) => /^validate-(?!worker\.js)[\w-]+\.js$/.test(f))).toHaveLength(1); // this build's validate chunk
  });
});
