// A file changed on disk under unsaved edits (or a save found it changed): reload, overwrite, compare side by side,
// or keep editing.
import { DiffEditor } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { monacoTheme, type monaco } from '../monaco/monaco.js';
import { Modal } from '../ui/Modal.js';

export function ConflictDialog(props: {
  /** The file, as the editor names it. */
  name: string;
  conflict: { diskText: string; diskHash: string | null };
  /** The user's text. */
  text: string;
  language: string;
  theme: 'light' | 'dark';
  onReload: () => void;
  onOverwrite: () => void;
  onKeepEditing: () => void;
}) {
  const [compare, setCompare] = useState(false);
  return (
    <Modal
      wide={compare}
      title={`${props.name} changed on disk`}
      onCancel={props.onKeepEditing}
      actions={
        <>
          <button onClick={props.onReload}>Reload from disk</button>
          <button onClick={props.onOverwrite}>Overwrite with mine</button>
          <button onClick={() => setCompare((v) => !v)} aria-pressed={compare}>
            Compare
          </button>
          <button onClick={props.onKeepEditing}>Keep editing</button>
        </>
      }
    >
      <p>
        {props.conflict.diskHash === null
          ? 'The file was deleted on disk. Overwrite writes your version back; reload closes it.'
          : 'Another program changed this file while you had unsaved edits. Reload takes the disk version (your edits are lost), overwrite saves yours over it.'}
      </p>
      {compare ? (
        <div className="diff-host" aria-label="Disk version (left) and yours (right)">
          <ConflictDiff
            original={props.conflict.diskText}
            modified={props.text}
            language={props.language}
            theme={props.theme}
          />
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * Disk version and buffer side by side. The diff models are disposed after the diff editor is gone: letting
 * @monaco-editor/react dispose them first makes Monaco throw ("TextModel got disposed before DiffEditorWidget
 * model got reset").
 */
function ConflictDiff(props: {
  original: string;
  modified: string;
  language: string;
  theme: 'light' | 'dark';
}) {
  const models = useRef<monaco.editor.IDiffEditorModel | null>(null);
  useEffect(
    () => () => {
      const m = models.current;
      setTimeout(() => {
        m?.original.dispose();
        m?.modified.dispose();
      }, 0);
    },
    [],
  );
  return (
    <DiffEditor
      original={props.original}
      modified={props.modified}
      language={props.language}
      theme={monacoTheme(props.theme)}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      onMount={(ed) => {
        models.current = ed.getModel();
      }}
      options={{ readOnly: true, renderSideBySide: true, minimap: { enabled: false } }}
    />
  );
}
