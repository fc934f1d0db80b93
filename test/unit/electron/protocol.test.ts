// The app:// scheme (issue 19): privileged before ready with V8 code cache, the built renderer served
// asynchronously with the CSP, and a 404 (never a failed load) for directories, missing files and paths outside.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererResponse } from '../../../electron/main/protocol.js';
import { REPO } from '../../helpers.js';
import { launch, type Launched } from './launch.js';

let l: Launched;
beforeAll(async () => {
  l = await launch();
});
afterAll(() => l.handle.quit());

describe('app://', () => {
  it('is registered before ready as a standard, secure scheme with fetch and the V8 code cache', () => {
    expect(l.fake.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
      },
    ]);
  });

  it('serves the page with the CSP and no unsafe-eval', async () => {
    const page = await l.fake.fetch('app://skillbench/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    expect(await page.text()).toMatch(/<html/i);
    expect((await l.fake.fetch('app://skillbench/')).status).toBe(200);
  });

  it.each([
    ['a directory', 'app://skillbench/assets'],
    ['a directory with a slash', 'app://skillbench/assets/'],
    ['a missing file', 'app://skillbench/nothing-here.js'],
    ['a path outside the renderer', 'app://skillbench/..%2F..%2Fpackage.json'],
    ['another host', 'app://other/index.html'],
    ['a malformed escape', 'app://skillbench/%E0%A4%A'],
  ])('answers 404 for %s', async (_what, url) => {
    const response = await l.fake.fetch(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBeTruthy();
  });

  it('reads files without blocking the main process (the answer is a promise)', () => {
    const answer = rendererResponse(join(REPO, 'dist', 'renderer'), 'app://skillbench/index.html');
    expect(answer).toBeInstanceOf(Promise);
    return answer;
  });
});
