// Owns serving the built renderer's files, for the app's `app://` scheme and for `skillbench serve`: one MIME
// table, the one path guard, and the headers every page file carries.
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../../shared/csp.js';
import { isWithin } from './confine.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** What every answer from the renderer folder carries, a refusal included. */
export const RENDERER_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
} as const;

/**
 * The file a URL path names in the renderer folder, with its headers, or why there is none: `bad-path` (a
 * malformed escape, a NUL), `not-found` (outside the folder, a directory, missing) or, for a single-page app
 * whose unknown paths fall back to index.html, `not-built` (no index.html at all).
 */
export type RendererFile =
  { file: string; headers: Record<string, string> } | { problem: 'bad-path' | 'not-found' | 'not-built' };

export async function rendererFile(
  rendererDir: string,
  urlPath: string,
  options: { singlePage?: boolean } = {},
): Promise<RendererFile> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { problem: 'bad-path' };
  }
  if (decoded.includes('\0')) return { problem: 'bad-path' };
  const root = resolve(rendererDir);
  let file = resolve(root, normalize(decoded).replace(/^([/\\])+/, '') || 'index.html');
  if (!isWithin(root, file)) return { problem: 'not-found' };
  if (!(await isFile(file))) {
    if (!options.singlePage) return { problem: 'not-found' };
    file = join(root, 'index.html');
    if (!(await isFile(file))) return { problem: 'not-built' };
  }
  return {
    file,
    headers: { ...RENDERER_HEADERS, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' },
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
