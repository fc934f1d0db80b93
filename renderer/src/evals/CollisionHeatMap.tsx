// The library's collision matrix as a heat map (issue 15): rows are skills (their should-trigger queries), columns
// the skills that fired; a cell's shade is its share of the row, so two descriptions competing stand out off the
// diagonal. A table, so every count stays readable by a screen reader.
import { RunCost } from './RunCost.js';
import { useId } from 'react';
import type { CollisionsView } from '../../../shared/evals.js';
import { BudgetStop } from './BudgetStop.js';
import { percent } from './format.js';

export function CollisionHeatMap(props: { view: CollisionsView; highlight?: string }) {
  const { matrix } = props.view;
  const rows = Object.keys(matrix).sort();
  const runsPerQuery = props.view.reports[0]?.runs_per_query;
  const unitId = useId();
  const columns = [...new Set([...rows, ...Object.values(matrix).flatMap((r) => Object.keys(r))])].sort();
  return (
    <div className="heat-map-wrap">
      {props.view.stopped ? <BudgetStop message={props.view.stopped} /> : null}
      <p className="muted small-text" id={unitId}>
        {props.view.stopped ? <span className="partial">Partial run. </span> : null}
        Each cell counts runs: how many times the column's skill fired on the row skill's should-trigger
        queries
        {runsPerQuery ? ` (${runsPerQuery} run${runsPerQuery === 1 ? '' : 's'} per query)` : ''}; its shade is
        its share of the row.
      </p>
      <table className="heat-map" aria-label="Collision matrix" aria-describedby={unitId}>
        <thead>
          <tr>
            <th scope="col">queries of ↓ / fired →</th>
            {columns.map((c) => (
              <th scope="col" key={c} className={c === props.highlight ? 'current' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const counts = matrix[row] ?? {};
            const total = Object.values(counts).reduce((a, b) => a + b, 0);
            return (
              <tr key={row}>
                <th scope="row" className={row === props.highlight ? 'current' : undefined}>
                  {row}
                </th>
                {columns.map((c) => {
                  const n = counts[c] ?? 0;
                  const share = total ? n / total : 0;
                  return (
                    <td
                      key={c}
                      className={`${c === row ? 'diagonal' : n ? 'collision' : ''}`}
                      style={{ ['--share' as string]: share }}
                      title={`${row}'s queries fired ${c} ${n} time(s) (${percent(share)} of the row)`}
                    >
                      {n}
                      <span className="sr-only"> runs</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {props.view.usage ? <RunCost usage={props.view.usage} /> : null}
      <p className="muted small-text">
        Run {new Date(props.view.at).toLocaleString()} over {props.view.reports.length} skill(s) with a
        trigger set
        {props.view.mode === 'batch' ? `, sent as batch ${props.view.batch_id ?? ''} at half the price` : ''}.
      </p>
    </div>
  );
}
