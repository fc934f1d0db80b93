// Owns the app:// scheme: its privileges (registered before ready) and serving the built renderer from it, with the
// CSP on every response and nothing outside the renderer folder.
import type { Protocol } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { extname, normalize, resolve, sep } from 'node:path';
import { APP_SCHEME, CONTENT_SECURITY_POLICY } from './security.js';

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/**
 * Standard and secure (relative URLs, fetch, workers under the CSP), and the V8 code cache: without it the Monaco
 * chunk is compiled again on every launch (codeCache needs `standard`; issue 19).
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const;

/** Must run before the app is ready, and only once (Electron's rule for privileged schemes). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

/**
 * Answers one app://skillbench/ request from the renderer folder. Reads asynchronously (the main process keeps
 * serving IPC meanwhile) and answers 404, never a failed load, for a directory, a missing file or anything outside.
 */
export async function rendererResponse(rendererDir: string, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl);
  const root = resolve(rendererDir);
  const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };
  const notFound = () => new Response('Not found', { status: 404, headers });
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return notFound(); // a malformed escape such as %E0%A4%A names no file
  }
  const file = resolve(root, normalize(path).replace(/^([/\\])+/, '') || 'index.html');
  if (url.host !== 'skillbench' || (file !== root && !file.startsWith(root + sep))) return notFound();
  try {
    if (!(await stat(file)).isFile()) return notFound();
    return new Response(await readFile(file), {
      status: 200,
      headers: { ...headers, 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' },
    });
  } catch {
    return notFound();
  }
}
