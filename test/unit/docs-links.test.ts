// The README is a map of docs/: every relative link in it and in the pages resolves, to a file that exists and, with
// an anchor, to a heading (or an `<a id>`) of that file, as GitHub renders them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers.js';

/** GitHub's anchor for a heading: lowercased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_[\]()]/g, '')
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading && !fenced) out.add(slug(heading[1] ?? ''));
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1] ?? '');
  }
  return out;
}

const pages = [
  'README.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

describe('the documentation', () => {
  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const file = join(REPO, page);
    const broken: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] ?? '';
      if (/^[a-z]+:/.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const resolved = path ? normalize(join(dirname(file), path)) : file;
      if (!existsSync(resolved)) broken.push(`${target} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });
});
