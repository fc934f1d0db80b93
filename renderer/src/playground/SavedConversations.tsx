// The conversations saved for the skill the Playground is opened for (or library-wide), newest first: one opens
// in place of the current one, to be read or replayed.
import { useCallback, useEffect, useState } from 'react';
import type { HostApi, ResponseOf } from '../../../shared/ipc.js';
import { plural } from './conversation-model.js';

type Listed = ResponseOf<'chat:list'>[number];

export function SavedConversations(props: {
  host: HostApi;
  skillId: string | undefined;
  /** Changes when a conversation was saved (the list is asked again). */
  version: string;
  /** The file shown now. */
  current: string | undefined;
  onOpen: (file: string) => void;
}) {
  const { host, skillId } = props;
  const [list, setList] = useState<Listed[] | { problem: string }>();
  const load = useCallback(
    () =>
      void host
        .invoke('chat:list', skillId ? { skillId } : {})
        .then((r) => setList(r.ok ? r.value : { problem: r.error.message })),
    [host, skillId],
  );
  useEffect(load, [load, props.version]);
  if (list === undefined) return null;
  if (!Array.isArray(list))
    return (
      <p className="sev-error" role="alert">
        The saved conversations could not be listed: {list.problem}
      </p>
    );
  return (
    <details className="saved-conversations">
      <summary>Saved conversations ({list.length})</summary>
      {list.length === 0 ? (
        <p className="muted">None yet: Save keeps the conversation shown.</p>
      ) : (
        <ul aria-label="Saved conversations">
          {list.map((c) => (
            <li key={c.file}>
              <button
                className="link"
                aria-current={c.file === props.current ? 'true' : undefined}
                onClick={() => props.onOpen(c.file)}
              >
                {c.title}
              </button>{' '}
              <span className="muted small-text">
                {new Date(c.created).toLocaleString()} · {plural(c.turns, 'turn')}
                {c.replayOf ? ' · a replay' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
