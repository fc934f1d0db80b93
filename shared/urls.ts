// Owns the URL rule every part of Skillbench applies: http(s) only, parsed, without credentials.
type HttpUrlCheck =
  | { ok: true; url: URL }
  | { ok: false; problem: 'invalid' }
  | { ok: false; problem: 'scheme'; scheme: string }
  | { ok: false; problem: 'credentials' };

export function checkHttpUrl(url: string): HttpUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, problem: 'scheme', scheme: parsed.protocol.slice(0, -1) };
  if (parsed.username || parsed.password) return { ok: false, problem: 'credentials' };
  return { ok: true, url: parsed };
}

/** Links may leave the app only as URLs that pass the rule. */
export function isSafeExternalUrl(url: string): boolean {
  return checkHttpUrl(url).ok;
}
