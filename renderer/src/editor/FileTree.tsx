// The skill's files as a tree (issue 13): folders shown as folders (`tests/greet.case.json` under `tests`), each
// foldable, files indented under them; the open file marked, unsaved files with a dot; New… for a writable skill.
import { useState } from 'react';

export function FileTree(props: {
  /** Paths relative to the skill folder as `skills:list-files` gives them: folders end with `/`, parents first. */
  files: string[];
  folder: string;
  active: string;
  isDirty: (path: string) => boolean;
  onOpen: (path: string) => void;
  /** New file or folder (absent for a read-only skill). */
  onNew?: () => void;
}) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (f: string) =>
    setFolded((s) => {
      const next = new Set(s);
      if (!next.delete(f)) next.add(f);
      return next;
    });
  const visible = props.files.filter((f) => ![...folded].some((d) => f !== d && f.startsWith(d)));
  return (
    <nav className="file-tree side-pane" aria-label="Files">
      <div className="file-tree-head">
        <h3>Files</h3>
        {props.onNew ? (
          <button className="small" onClick={props.onNew} title="New file or folder in this skill">
            New…
          </button>
        ) : null}
      </div>
      <ul>
        {visible.map((f) => {
          const isFolder = f.endsWith('/');
          const parts = f.replace(/\/$/, '').split('/');
          const depth = parts.length - 1;
          const name = parts[parts.length - 1];
          const path = props.folder + f;
          if (isFolder)
            return (
              <li key={f}>
                <button
                  className="folder"
                  aria-expanded={!folded.has(f)}
                  style={{ paddingLeft: 8 + depth * 14 }}
                  onClick={() => toggle(f)}
                >
                  <span className="twisty" aria-hidden="true">
                    {folded.has(f) ? '▸' : '▾'}
                  </span>
                  {name}/
                </button>
              </li>
            );
          return (
            <li key={f}>
              <button
                className={path === props.active ? 'active' : ''}
                aria-current={path === props.active ? 'true' : undefined}
                style={{ paddingLeft: 8 + depth * 14 + 14 }}
                title={f}
                onClick={() => props.onOpen(path)}
              >
                {name}
                {props.isDirty(path) ? <span className="dirty-dot" aria-label="unsaved changes" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
