// Owns the page's Content Security Policy, the one rule Electron's app:// protocol, `skillbench serve` and the built
// index.html all apply: no unsafe-eval, ever; images and audio from data: (a tool's output), workers from blob:
// (Monaco). A <meta> policy cannot carry `frame-ancestors` (the browser ignores it there and says so), so the
// page's copy leaves it out; the two servers send it as a header.
const DIRECTIVES: Array<[string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['media-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['worker-src', "'self' blob:"],
  ['object-src', "'none'"],
  ['frame-ancestors', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

const policy = (skip: string[] = []) =>
  DIRECTIVES.filter(([name]) => !skip.includes(name))
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** The policy as a response header (app:// and `skillbench serve`). */
export const CONTENT_SECURITY_POLICY = policy();

/** The policy as the page's own <meta http-equiv> (written into index.html by the build). */
export const META_CONTENT_SECURITY_POLICY = policy(['frame-ancestors']);
