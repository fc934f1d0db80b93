// The folders the library could not read (`folder-unreadable`): their skills are missing from the list, so each is
// listed where the skills would be, with the error and how to fix it, rather than left out without a word.
import type { Diagnostic } from '../../../shared/types.js';

/** How many folders are listed before the rest are folded into one line. */
const SHOWN = 3;

export function UnreadableFolders(props: { problems: readonly Diagnostic[] }) {
  const unreadable = props.problems.filter((d) => d.code === 'folder-unreadable');
  if (!unreadable.length) return null;
  const rest = unreadable.slice(SHOWN);
  return (
    <ul className="unreadable-folders" aria-label="Folders that could not be read">
      {unreadable.slice(0, SHOWN).map((d) => (
        <li key={d.file} className={`sev-${d.severity}`}>
          <strong>{d.file.split(/[\\/]/).filter(Boolean).at(-1) ?? d.file}</strong>{' '}
          <span className="badge warning">not read</span>
          <div className="desc">{d.message}</div>
        </li>
      ))}
      {rest.length ? (
        <li title={rest.map((d) => d.file).join('\n')}>
          and {rest.length} more folder{rest.length > 1 ? 's' : ''} that could not be read
        </li>
      ) : null}
    </ul>
  );
}
