// Queries the model proposed for the trigger set (issue 15): a list the user takes from row by row (Add) or by
// ticking rows (Add selected). Nothing here touches the set by itself; the editor appends what is accepted.
import { useState } from 'react';
import type { GeneratedQueries, ProposedQuery } from '../../../shared/evals.js';

export function TriggerProposals(props: {
  generated: GeneratedQueries;
  /** The proposals not taken or dismissed yet. */
  remaining: readonly ProposedQuery[];
  readOnly: boolean;
  onAdd(accepted: ProposedQuery[]): void;
  onDismiss(): void;
}) {
  const { generated, remaining } = props;
  const [selected, setSelected] = useState<ReadonlySet<ProposedQuery>>(new Set());
  const chosen = remaining.filter((p) => selected.has(p));
  const toggle = (p: ProposedQuery, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(p);
      else next.delete(p);
      return next;
    });

  return (
    <section className="trigger-proposals" aria-label="Proposed queries">
      <h4>
        Proposed by {generated.provider} ({generated.model})
      </h4>
      <p className="muted small-text">
        {generated.proposals.length} new
        {generated.duplicates ? `, ${generated.duplicates} already in the set left out` : ''}. Nothing is
        added until you add it.
      </p>
      {remaining.length === 0 ? (
        <p className="muted">No proposals left.</p>
      ) : (
        <table className="evals-table">
          <thead>
            <tr>
              <th>
                <span className="sr-only">Select</span>
              </th>
              <th className="wide">Query</th>
              <th>Kind</th>
              <th>
                <span className="sr-only">Add</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {remaining.map((p) => (
              <tr key={p.query}>
                <td className="center">
                  <input
                    type="checkbox"
                    aria-label={`Select "${p.query}"`}
                    checked={selected.has(p)}
                    disabled={props.readOnly}
                    onChange={(e) => toggle(p, e.target.checked)}
                  />
                </td>
                <td>{p.query}</td>
                <td>
                  {p.should_trigger ? 'should trigger' : 'near-miss'}
                  {p.close_to ? <span className="muted"> · close to {p.close_to}</span> : null}
                </td>
                <td>
                  <button
                    className="small"
                    aria-label={`Add "${p.query}"`}
                    disabled={props.readOnly}
                    onClick={() => props.onAdd([p])}
                  >
                    Add
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="inline-form">
        <button disabled={props.readOnly || chosen.length === 0} onClick={() => props.onAdd(chosen)}>
          Add selected{chosen.length ? ` (${chosen.length})` : ''}
        </button>
        <button onClick={() => props.onDismiss()}>Dismiss proposals</button>
      </div>
    </section>
  );
}
