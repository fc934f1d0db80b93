// A replay beside the conversation it replays, turn by turn: which skills fired, which tools were called, and the
// answers with their word differences marked (the `diff` package's word diff, the app's diff library).
import { diffWordsWithSpace } from 'diff';
import type { ReplayTurnComparison, TurnSummary } from '../../../shared/chat.js';

const listed = (names: string[]) => (names.length ? names.join(', ') : 'none');

/** The answers with what the replay removed and added marked, readable without colour too. */
export function AnswerDiff(props: { before: string; after: string }) {
  const parts = diffWordsWithSpace(props.before, props.after);
  return (
    <p className="answer-diff">
      {parts.map((p, i) =>
        p.added ? (
          <ins key={i}>{p.value}</ins>
        ) : p.removed ? (
          <del key={i}>{p.value}</del>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </p>
  );
}

function Row(props: { label: string; before: string; after: string }) {
  const same = props.before === props.after;
  return (
    <tr className={same ? undefined : 'changed'}>
      <th scope="row">{props.label}</th>
      <td>{props.before}</td>
      <td>
        {props.after}
        {same ? null : <span className="sr-only"> (changed)</span>}
      </td>
    </tr>
  );
}

function TurnComparison(props: { turn: ReplayTurnComparison; number: number }) {
  const { before, after }: { before: TurnSummary; after: TurnSummary } = props.turn;
  const name = `Turn ${props.number} compared`;
  return (
    <section className="turn-comparison" aria-label={name}>
      <h4>
        {props.turn.user}{' '}
        <span className={props.turn.changed ? 'sev-warning' : 'muted'}>
          {props.turn.changed ? 'changed' : 'the same'}
        </span>
      </h4>
      <table aria-label={name}>
        <thead>
          <tr>
            <td />
            <th scope="col">Original</th>
            <th scope="col">Replay</th>
          </tr>
        </thead>
        <tbody>
          <Row label="Skills fired" before={listed(before.skills)} after={listed(after.skills)} />
          <Row label="Tools called" before={listed(before.tools)} after={listed(after.tools)} />
          <tr>
            <th scope="row">Answer</th>
            <td>{before.answer}</td>
            <td>{after.answer}</td>
          </tr>
        </tbody>
      </table>
      {before.answer !== after.answer ? (
        <div className="answer-change">
          <span className="pane-title">Answer changes (removed struck through, added underlined)</span>
          <AnswerDiff before={before.answer} after={after.answer} />
        </div>
      ) : null}
    </section>
  );
}

export function ReplayComparison(props: { comparison: ReplayTurnComparison[] }) {
  const changed = props.comparison.filter((t) => t.changed).length;
  return (
    <section className="replay-comparison" aria-label="Replay comparison">
      <h3>
        Replay beside the original{' '}
        <span className="muted">
          · {changed ? `${changed} of ${props.comparison.length} turns changed` : 'no turn changed'}
        </span>
      </h3>
      {props.comparison.map((t, i) => (
        <TurnComparison key={i} turn={t} number={i + 1} />
      ))}
    </section>
  );
}
