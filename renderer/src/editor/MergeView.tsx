// The three-way merge of a conflict (issue 13): base = the disk version the buffer was loaded from, mine = the
// buffer, theirs = the disk now. Every changed place is a hunk the user accepts from either side (or both); hunks
// only one side changed come pre-chosen, conflicts wait for a choice. The merged text goes into the buffer, unsaved.
import { useMemo, useState } from 'react';
import {
  defaultChoice,
  linesOf,
  mergedText,
  mergeThreeWay,
  type HunkChoice,
  type MergeHunk,
} from '../../../shared/merge.js';

const CHOICES: Array<{ choice: HunkChoice; label: string }> = [
  { choice: 'mine', label: 'Take mine' },
  { choice: 'theirs', label: 'Take disk' },
  { choice: 'both', label: 'Take both' },
  { choice: 'base', label: 'Take original' },
];

const describe = (h: MergeHunk) =>
  h.conflict ? 'Changed on both sides' : defaultChoice(h) === 'theirs' ? 'Changed on disk' : 'Changed by you';

export function MergeView(props: {
  name: string;
  base: string;
  mine: string;
  theirs: string;
  onApply: (text: string) => void;
  onCancel: () => void;
}) {
  const merge = useMemo(
    () => mergeThreeWay(props.base, props.mine, props.theirs),
    [props.base, props.mine, props.theirs],
  );
  const [choices, setChoices] = useState<Array<HunkChoice | undefined>>(() =>
    merge.hunks.map(() => undefined),
  );
  const result = mergedText(merge, choices);
  const open = merge.hunks.filter((h, i) => h.conflict && !choices[i]).length;
  const choose = (i: number, c: HunkChoice) => setChoices((cs) => cs.map((x, j) => (j === i ? c : x)));

  return (
    <section className="merge-view" aria-label={`Merge ${props.name}`}>
      <header className="merge-head">
        <h3>
          Merge {props.name}: {merge.hunks.length} changed place{merge.hunks.length === 1 ? '' : 's'},{' '}
          {merge.conflicts} conflict{merge.conflicts === 1 ? '' : 's'}
        </h3>
        <span className="muted" role="status">
          {open ? `Choose a side for ${open} conflict${open === 1 ? '' : 's'} to apply.` : 'Ready to apply.'}
        </span>
        <button onClick={() => result !== undefined && props.onApply(result)} disabled={result === undefined}>
          Apply merge
        </button>
        <button onClick={props.onCancel}>Cancel</button>
      </header>
      <ol className="merge-hunks">
        {merge.hunks.map((h, i) => {
          const chosen = choices[i] ?? defaultChoice(h);
          return (
            <li key={i} className={h.conflict ? 'conflict' : ''} aria-label={`Hunk ${i + 1}`}>
              <div className="hunk-head">
                <strong>
                  Line {h.baseLine + 1}: {describe(h)}
                </strong>
                <div className="hunk-choices" role="group" aria-label={`Hunk ${i + 1} choice`}>
                  {CHOICES.map(({ choice, label }) => (
                    <button key={choice} aria-pressed={chosen === choice} onClick={() => choose(i, choice)}>
                      {label}
                    </button>
                  ))}
                </div>
              </div>
              <div className="hunk-sides">
                <figure>
                  <figcaption>Mine</figcaption>
                  <pre>{h.mine.join('') || '(nothing)'}</pre>
                </figure>
                <figure>
                  <figcaption>On disk</figcaption>
                  <pre>{h.theirs.join('') || '(nothing)'}</pre>
                </figure>
                <figure>
                  <figcaption>Result</figcaption>
                  <pre>
                    {chosen ? linesOf(h, chosen, merge.eol).join('') || '(nothing)' : '(choose a side)'}
                  </pre>
                </figure>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
