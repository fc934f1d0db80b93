// Owns the app:// scheme: its privileges (registered before ready) and serving the built renderer from it, with the
// CSP on every response and nothing outside the renderer folder.
import type { Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { rendererFile, RENDERER_HEADERS } from '../core/fs/renderer-files.js';
import { APP_SCHEME } from './security.js';

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
  const notFound = () => new Response('Not found', { status: 404, headers: RENDERER_HEADERS });
  if (url.host !== 'skillbench') return notFound();
  const found = await rendererFile(rendererDir, url.pathname);
  if ('problem' in found) return notFound();
  try {
    return new Response(await readFile(found.file), { status: 200, headers: found.headers });
  } catch {
    return notFound();
  }
}
