// The manifest's diagnostics under the editor: counts by severity, each row jumping to its line, with its text fix
// or its folder-rename fix (carried out by the rename dialog).
import { useMemo } from 'react';
import type { Diagnostic } from '../../../shared/types.js';
import { textFixes } from '../monaco/markers.js';

/** A fix that renames the skill's folder (the rename dialog carries it out). */
function renameFix(d: Diagnostic): { title: string; name: string } | undefined {
  const fix = [d.fix, ...(d.alternativeFixes ?? [])].find((f) => f?.rename);
  const name = fix?.rename?.to.split(/[\\/]/).pop();
  return fix && name ? { title: fix.title, name } : undefined;
}
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
}) {
  const { diagnostics, dirty } = props;
  const counts = useMemo(() => {
    const c = { error: 0, warning: 0, info: 0 };
    for (const d of diagnostics) c[d.severity]++;
    return c;
  }, [diagnostics]);
  return (
    <section className="problems" aria-label="Problems">
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
            return (
              <li key={i}>
                <button className="diag-jump" onClick={() => props.onJump(d)} title="Go to the line">
                  <span className={`sev-${d.severity}`}>{d.severity}</span>
                  <span className="pos">
                    {d.line}:{d.column}
                  </span>
                  <span>
                    <code>{d.code}</code> {d.message}
                  </span>
                </button>
                {fix ? (
                  <button className="fix" onClick={() => props.onFix(d)}>
                    {fix.title}
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
  );
}
