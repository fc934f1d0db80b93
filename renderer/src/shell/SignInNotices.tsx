// Issue 16: an MCP server that needs OAuth sends the user to its sign-in page. The app has opened the browser
// already; browser mode cannot, so this non-modal banner carries the link, says when the sign-in is done or why it
// failed, and goes away once done or dismissed.
// Tested by: test/unit/renderer/shell/sign-in-notices.test.tsx
import { useEffect, useState } from 'react';
import type { EventOf, HostApi } from '../../../shared/ipc.js';
import { isSafeExternalUrl } from '../../../shared/urls.js';

type SignIn = EventOf<'mcp:sign-in'>;

export function SignInNotices(props: { host: HostApi }) {
  const [signIns, setSignIns] = useState<SignIn[]>([]);
  useEffect(
    () =>
      props.host.on('mcp:sign-in', (e) =>
        setSignIns((all) =>
          e.state === 'done'
            ? all.filter((s) => s.server !== e.server)
            : [...all.filter((s) => s.server !== e.server), e],
        ),
      ),
    [props.host],
  );
  if (signIns.length === 0) return null;
  return (
    <div className="banner sign-in-notices" role="status" aria-label="MCP sign-ins">
      <ul>
        {signIns.map((s) => (
          <li key={s.server}>
            {s.state === 'waiting' && s.url && isSafeExternalUrl(s.url) ? (
              <>
                MCP server <strong>{s.server}</strong> asks you to sign in.{' '}
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  Open the sign-in page
                </a>{' '}
                and come back here: the call goes on once you have signed in.
              </>
            ) : s.state === 'waiting' ? (
              <>
                MCP server <strong>{s.server}</strong> asks you to sign in, at an address Skillbench will not
                open.
              </>
            ) : (
              <>
                Signing in to MCP server <strong>{s.server}</strong> failed: {s.error}
              </>
            )}
          </li>
        ))}
      </ul>
      <button onClick={() => setSignIns([])}>Dismiss</button>
    </div>
  );
}
