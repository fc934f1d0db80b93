// One Content Security Policy for app://, `skillbench serve` and the page's own <meta>: no unsafe-eval, audio and
// images from data:, and no frame-ancestors in the <meta> copy (a browser ignores it there and reports it).
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../../../shared/csp.js';
import { CONTENT_SECURITY_POLICY as MAIN_POLICY } from '../../../electron/main/security.js';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('the content security policy', () => {
  it('is the same policy in Electron main as in serve', () => {
    expect(MAIN_POLICY).toBe(CONTENT_SECURITY_POLICY);
  });

  it('lets the page play audio and show images from data:, and never evaluates strings', () => {
    const d = directives(CONTENT_SECURITY_POLICY);
    expect(d.get('media-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('img-src')).toEqual(["'self'", 'data:']);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('has the <meta> copy differ only by frame-ancestors', () => {
    const header = directives(CONTENT_SECURITY_POLICY);
    header.delete('frame-ancestors');
    expect(directives(META_CONTENT_SECURITY_POLICY)).toEqual(header);
  });
});
