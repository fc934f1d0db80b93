// What happened on disk to the file of a tab, as a banner above its editor (issue 13): never a dialog that opens by
// itself and takes the keys, no button focused for the user, and the one choice that discards edits says so and
// can be undone from the notice that follows it.
// Tested by: test/unit/renderer/editor/disk-banner.test.tsx
import type { Buffer } from './buffers.js';

export function DiskBanner(props: {
  /** The file, as the editor names it. */
  name: string;
  conflict: Buffer['conflict'];
  undo: Buffer['undo'];
  onMerge: () => void;
  onOverwrite: () => void;
  onTakeDisk: () => void;
  onKeepEditing: () => void;
  onUndo: () => void;
  onDismissUndo: () => void;
}) {
  const { conflict, undo } = props;
  if (conflict) {
    const deleted = conflict.diskHash === null;
    return (
      <div className="banner disk-banner warning" role="region" aria-label={`${props.name} changed on disk`}>
        <p role="status">
          {deleted
            ? `${props.name} was deleted on disk while you have unsaved edits.`
            : `${props.name} changed on disk while you have unsaved edits, on the same lines.`}{' '}
          Your text stays in the editor until you choose.
        </p>
        <div className="banner-actions">
          {deleted ? null : <button onClick={props.onMerge}>Merge…</button>}
          <button onClick={props.onOverwrite}>{deleted ? 'Save mine again' : 'Save mine over it'}</button>
          {deleted ? null : (
            <button onClick={props.onTakeDisk} title="Your edits can be brought back with Undo afterwards">
              Take the disk version (undoable)
            </button>
          )}
          <button onClick={props.onKeepEditing}>Keep editing</button>
        </div>
      </div>
    );
  }
  if (undo) {
    return (
      <div className="banner disk-banner" role="region" aria-label="Undo available">
        <p role="status">{undo.message} Undo puts your text back as it was.</p>
        <div className="banner-actions">
          <button onClick={props.onUndo}>Undo</button>
          <button onClick={props.onDismissUndo} aria-label="Dismiss">
            Dismiss
          </button>
        </div>
      </div>
    );
  }
  return null;
}
