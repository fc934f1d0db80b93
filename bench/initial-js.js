// Owns what "initial JS" means for the renderer's budget (issue 14): the scripts a built index.html loads before the
// first paint, i.e. its module script and the chunks it preloads (Vite lists the entry's static imports as
// `modulepreload`). Lazily imported views are not counted. Used by `npm run bench` and by the budget test.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The renderer's first-paint JS budget, in bytes as Vite prints kB (1 kB = 1000 bytes). */
export const INITIAL_JS_BUDGET = 350_000;

/** The JS files index.html in `outDir` loads up front, with their sizes in bytes. */
export function initialJs(outDir) {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const src = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && src) files.push(src.replace(/^\.\//, ''));
  }
  if (!files.length)
    throw new Error(`${join(outDir, 'index.html')} loads no module script: is it a Vite build?`);
  const chunks = files.map((file) => ({ file, bytes: statSync(join(outDir, file)).size }));
  return { chunks, bytes: chunks.reduce((n, c) => n + c.bytes, 0) };
}
