// skillbench:// links come from any web page: exactly `skillbench://add?source=` with a remote source is accepted, and
// everything else is refused with a reason (another action, a local path, a local or non-https git URL, credentials,
// extra parameters, dot segments).
import { describe, expect, it } from 'vitest';
import { isSkillLink, parseSkillLink } from '../../../electron/main/skill-link.js';

const add = (source: string) => `skillbench://add?source=${encodeURIComponent(source)}`;

describe('parseSkillLink', () => {
  it.each([
    ['owner/repo', 'owner/repo'],
    ['anthropics/skills/skills/pdf', 'anthropics/skills/skills/pdf'],
    ['team/skills#v2.1', 'team/skills#v2.1'],
    ['my.org/repo.js/sub_dir/x-y', 'my.org/repo.js/sub_dir/x-y'],
    ['https://github.com/owner/repo', 'https://github.com/owner/repo'],
    [
      'https://github.com/owner/repo/tree/main/skills/pdf',
      'https://github.com/owner/repo/tree/main/skills/pdf',
    ],
  ])('accepts %s', (source, expected) => {
    expect(parseSkillLink(add(source))).toEqual({ ok: true, source: expected });
  });

  it('accepts the path form skillbench://add/?source= and a plain (unencoded) owner/repo', () => {
    expect(parseSkillLink('skillbench://add/?source=owner/repo')).toEqual({ ok: true, source: 'owner/repo' });
    expect(parseSkillLink('SKILLBENCH://add?source=owner/repo')).toEqual({ ok: true, source: 'owner/repo' });
  });

  it.each([
    ['a local path', add('/etc'), /neither owner\/repo/],
    ['a home path', add('~/skills/x'), /neither owner\/repo/],
    ['a relative path', add('./skill'), /neither owner\/repo/],
    ['a parent path', add('../../x'), /neither owner\/repo/],
    ['dot segments in a shorthand', add('owner/repo/../../etc'), /\. or \.\. segment/],
    ['dot segments in a URL', add('https://github.com/a/b/%2e%2e/c'), /\. or \.\. segment/],
    ['a Windows path', add('C:\\Users\\me'), /backslashes|only https/],
    ['a file URL', add('file:///etc/passwd'), /only https:\/\/ and owner\/repo/],
    ['an ssh URL', add('ssh://git@github.com/a/b'), /only https:\/\/ and owner\/repo/],
    ['git@ shorthand', add('git@github.com:a/b.git'), /neither owner\/repo/],
    ['plain http', add('http://example.com/a/b'), /only https:\/\/ and owner\/repo/],
    ['ext:: transport', add('ext::sh -c touch% /tmp/pwned'), /only https|spaces/],
    ['credentials in the source', add('https://user:token@github.com/a/b'), /credentials/],
    ['a host without a dot', add('https://localhost/a/b'), /no public host/],
    ['another action', 'skillbench://install?source=owner/repo', /only action/],
    ['a path after the action', 'skillbench://add/now?source=owner/repo', /only action/],
    ['an extra parameter', 'skillbench://add?source=owner/repo&yes=1', /exactly one parameter/],
    ['two sources', 'skillbench://add?source=a/b&source=c/d', /exactly one parameter/],
    ['no source', 'skillbench://add', /exactly one parameter/],
    ['an empty source', 'skillbench://add?source=', /names no source/],
    ['a fragment', 'skillbench://add?source=owner/repo#main', /fragment/],
    ['credentials on the link', 'skillbench://me:pw@add?source=a/b', /credentials/],
    ['another scheme', 'https://add?source=owner/repo', /only skillbench:\/\//],
    ['spaces', add(' owner/repo'), /spaces/],
    ['control characters', add('owner/repo\n'), /control/],
    ['garbage', 'skillbench:%%%', /not a valid URL|only action/],
    ['a huge link', add(`owner/${'r'.repeat(3000)}`), /longer than 2048/],
  ])('refuses %s', (_what, link, reason) => {
    const parsed = parseSkillLink(link);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('recognises a link among command-line arguments', () => {
    expect(isSkillLink('skillbench://add?source=a/b')).toBe(true);
    expect(isSkillLink('/home/me/skillbench')).toBe(false);
  });
});
