// Owns reading `skillbench://` links, which any web page can make: exactly `skillbench://add?source=SOURCE`, where
// SOURCE is a remote git source (`owner/repo[/path][#ref]` or an https URL without credentials). Anything else is
// refused with the reason: a link never names a file on this machine, a local git URL or another action, and even
// an accepted one only opens the Add skills panel.

export const LINK_SCHEME = 'skillbench';
const MAX_LINK = 2048;

type SkillLink = { ok: true; source: string } | { ok: false; reason: string };

/** `owner/repo`, optionally `/path/in/repo` and `#ref`: GitHub's name characters, no `.`/`..` segments. */
const SHORTHAND = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*(#[A-Za-z0-9_./-]+)?$/;

const refuse = (reason: string): SkillLink => ({ ok: false, reason });

function checkSource(source: string): SkillLink {
  if (!source.trim()) return refuse('the link names no source');
  const control = [...source].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (source !== source.trim() || control || source.includes('\\'))
    return refuse('the source holds spaces, control characters or backslashes');
  if (/^https:\/\//i.test(source)) {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return refuse('the source is not a valid URL');
    }
    if (url.username || url.password) return refuse('the source URL holds credentials');
    if (!url.hostname.includes('.')) return refuse('the source URL names no public host');
    // The text as written, which is what the fetch gets (URL parsing would already have resolved the dots).
    const path = source.replace(/^https:\/\/[^/]*/i, '').split(/[?#]/)[0]!;
    if (path.split('/').some((s) => s === '..' || s === '.' || /%2e/i.test(s)))
      return refuse('the source URL holds a . or .. segment');
    return { ok: true, source };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(source))
    return refuse('only https:// and owner/repo sources may come from a link');
  if (!SHORTHAND.test(source))
    return refuse('the source is neither owner/repo[/path][#ref] nor an https URL');
  const [path] = source.split('#');
  if (path!.split('/').some((s) => s === '.' || s === '..'))
    return refuse('the source holds a . or .. segment');
  return { ok: true, source };
}

/** Parses a link handed to the app by the OS. Pure: it touches nothing. */
export function parseSkillLink(link: string): SkillLink {
  if (link.length > MAX_LINK) return refuse(`the link is longer than ${MAX_LINK} characters`);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return refuse('the link is not a valid URL');
  }
  if (url.protocol !== `${LINK_SCHEME}:`) return refuse(`only ${LINK_SCHEME}:// links are handled`);
  if (url.username || url.password || url.port) return refuse('the link holds credentials or a port');
  if (url.hostname !== 'add' || (url.pathname !== '' && url.pathname !== '/'))
    return refuse('the only action a link may ask for is add (skillbench://add?source=…)');
  if (url.hash) return refuse('the link has a #fragment: put a ref inside the source, encoded as %23');
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== 'source')
    return refuse('the link must carry exactly one parameter, source');
  return checkSource(url.searchParams.get('source') ?? '');
}

/** Whether a command-line argument is a link for us (Windows and Linux hand links over as an argument). */
export const isSkillLink = (arg: string): boolean => arg.toLowerCase().startsWith(`${LINK_SCHEME}:`);
