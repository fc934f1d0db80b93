// A module without a test at the mirrored path names the behaviour suite that covers it in a `// Tested by:` line of
// its header; every suite so named exists and is a test file, so the line cannot point at nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers.js';

const SOURCE_FOLDERS = ['electron', 'shared', join('renderer', 'src')];

/** Each source module's `Tested by:` paths, from the comment lines that open it. */
function testedByLines(): Array<{ module: string; tests: string[] }> {
  const out: Array<{ module: string; tests: string[] }> = [];
  for (const folder of SOURCE_FOLDERS) {
    const files = readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => /\.tsx?$/.test(f))) {
      const module = join(folder, file);
      const header: string[] = [];
      for (const line of readFileSync(join(REPO, module), 'utf8').split('\n')) {
        if (!line.startsWith('//')) break;
        header.push(line);
      }
      for (const line of header) {
        const named = /^\/\/ Tested by: (.+)$/.exec(line);
        if (named) out.push({ module, tests: (named[1] ?? '').split(/,\s*/) });
      }
    }
  }
  return out;
}

describe('the "Tested by" lines of module headers', () => {
  const lines = testedByLines();

  it('are found (the convention is in use)', () => {
    expect(lines.length).toBeGreaterThan(20);
  });

  it('each name a test file that exists', () => {
    const broken = lines.flatMap(({ module, tests }) =>
      tests
        .filter((test) => !/\.(test|spec)\.tsx?$/.test(test) || !existsSync(join(REPO, test)))
        .map((test) => `${module}: ${test}`),
    );
    expect(broken).toEqual([]);
  });
});
