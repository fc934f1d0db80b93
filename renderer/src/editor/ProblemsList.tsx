// The manifest's diagnostics under the editor: counts by severity, each row jumping to its line, with its text fix,
// its folder-rename fix (carried out by the rename dialog) or the fix that saves the file without its BOM.
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Diagnostic } from '../../../shared/types.js';
import { textFixes } from '../monaco/markers.js';

/** A fix that renames the skill's folder (the rename dialog carries it out). */
function renameFix(d: Diagnostic): { title: string; name: string } | undefined {
  const fix = [d.fix, ...(d.alternativeFixes ?? [])].find((f) => f?.rename);
  const name = fix?.rename?.to.split(/[\\/]/).pop();
  return fix && name ? { title: fix.title, name } : undefined;
}
const MIN_HEIGHT = 60;
const STEP = 20;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function ProblemsList(props: {
  diagnostics: Diagnostic[];
  /** False for files other than the manifest: nothing validates them. */
  validated: boolean;
  /** The file has unsaved edits (a folder rename waits until they are saved or reverted). */
  dirty: boolean;
  onJump: (d: Diagnostic) => void;
  onFix: (d: Diagnostic) => void;
  onRenameFix: (name: string) => void;
  /** Drops the file's byte order mark (saved with the next save). */
  onRemoveBom: () => void;
}) {
  const { diagnostics, dirty } = props;
  const counts = useMemo(() => {
    const c = { error: 0, warning: 0, info: 0 };
    for (const d of diagnostics) c[d.severity]++;
    return c;
  }, [diagnostics]);
  // The panel's height, dragged from the separator above it or changed with the arrow keys on it (issue 13).
  const [height, setHeight] = useState(150);
  const drag = useRef<{ y: number; height: number } | null>(null);
  const clamp = (h: number) => Math.max(MIN_HEIGHT, Math.min(h, Math.round(window.innerHeight * 0.7)));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { y: e.clientY, height };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setHeight(clamp(drag.current.height + drag.current.y - e.clientY));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowUp') setHeight((h) => clamp(h + STEP));
    else if (e.key === 'ArrowDown') setHeight((h) => clamp(h - STEP));
    else return;
    e.preventDefault();
  };
  return (
    <>
      <div
        className="problems-resizer"
        role="separator"
        aria-orientation="horizontal"
        aria-label="Resize the problems panel"
        aria-valuenow={height}
        aria-valuemin={MIN_HEIGHT}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      />
      <section className="problems" aria-label="Problems" style={{ height }}>
        <h3>
          Problems{' '}
          <span className="muted">
            {plural(counts.error, 'error')} · {plural(counts.warning, 'warning')} · {counts.info} info
          </span>
        </h3>
        {!props.validated ? (
          <p className="muted">Only the skill's manifest is validated.</p>
        ) : diagnostics.length === 0 ? (
          <p className="muted">No problems.</p>
        ) : (
          <ul>
            {diagnostics.map((d, i) => {
              const fix = textFixes(d)[0];
              const rename = renameFix(d);
              const bom = [d.fix, ...(d.alternativeFixes ?? [])].find((f) => f?.removeBom);
              return (
                <li key={i}>
                  <button className="diag-jump" onClick={() => props.onJump(d)} title="Go to the line">
                    <span className={`sev-${d.severity}`}>{d.severity}</span>
                    <span className="pos">
                      {d.line}:{d.column}
                    </span>
                    <span>
                      <code>{d.code}</code>
                      {d.profiles ? <span className="profiles"> {d.profiles.join(', ')}</span> : null}{' '}
                      {d.message}
                    </span>
                  </button>
                  {fix ? (
                    <button className="fix" onClick={() => props.onFix(d)}>
                      {fix.title}
                    </button>
                  ) : null}
                  {bom ? (
                    <button className="fix" onClick={props.onRemoveBom}>
                      {bom.title}
                    </button>
                  ) : null}
                  {rename ? (
                    <button
                      className="fix"
                      disabled={dirty}
                      title={dirty ? 'Save or revert first' : undefined}
                      onClick={() => props.onRenameFix(rename.name)}
                    >
                      {rename.title}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
