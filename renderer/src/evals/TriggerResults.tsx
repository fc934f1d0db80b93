// One trigger report: queries passed, precision, recall and accuracy with their counts both ways (over runs as
// skill-creator counts them, and per query), then each query with its trigger rate as a bar, pass or fail, and the
// skills picked instead.
// Tested by: test/unit/renderer/evals/trigger-results.test.tsx
import { RunCost } from './RunCost.js';
import { confusionParts, TRIGGER_VIEWS, type TriggerReport } from '../../../shared/evals.js';
import { BudgetStop } from './BudgetStop.js';
import { percent, pickedInstead } from './format.js';

/** The last part of a path, as the tab names a file. */
const fileName = (path: string) => path.split(/[\\/]/).slice(-2).join('/');

export function TriggerResults(props: { report: TriggerReport; title: string }) {
  const { report } = props;
  const skipped = report.results.filter((q) => q.skipped).length;
  return (
    <section className="trigger-results" aria-label={props.title}>
      <h4>{props.title}</h4>
      <p className="muted small-text description" title={report.description}>
        “{report.description}”
      </p>
      {report.stopped ? <BudgetStop message={report.stopped} /> : null}
      <p className="small-text">
        {report.stopped ? <span className="partial">Partial run: </span> : null}
        <strong>
          {report.summary.passed} of {report.summary.total - skipped}
        </strong>{' '}
        queries passed
        {skipped > 0 ? <span className="muted"> ({skipped} skipped, not counted)</span> : null}
        {report.eval_set ? (
          <span className="muted">
            {' '}
            · trigger set <code>{fileName(report.eval_set)}</code>
          </span>
        ) : null}
      </p>
      <table className="evals-table views" aria-label={`Precision and recall, ${props.title}`}>
        <thead>
          <tr>
            <th>Counted</th>
            <th>Precision</th>
            <th>Recall</th>
            <th>Accuracy</th>
          </tr>
        </thead>
        <tbody>
          {(['by_run', 'by_query'] as const).map((view) => (
            <tr key={view}>
              <th scope="row">{TRIGGER_VIEWS[view]}</th>
              {confusionParts(report[view]).map((p) => (
                <td key={p.label}>
                  <strong>{p.value}</strong> <span className="muted">({p.counts})</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small-text">
        {report.provider} ({report.model}), {report.runs_per_query} run(s) per query; triggered at{' '}
        {report.trigger_threshold * 100}% or more.
        {report.mode === 'batch' ? ` Sent as batch ${report.batch_id ?? ''} at half the price.` : ''}
      </p>
      <RunCost usage={report.usage} />
      <table className="evals-table">
        <thead>
          <tr>
            <th>Query</th>
            <th>Expected</th>
            <th>Trigger rate</th>
            <th>Result</th>
            <th>Picked instead</th>
          </tr>
        </thead>
        <tbody>
          {report.results.map((q, i) => (
            <tr key={i} className={q.pass ? 'pass' : 'fail'}>
              <td>{q.query}</td>
              <td>{q.should_trigger ? 'trigger' : 'not'}</td>
              <td>
                <span className="rate">
                  <meter
                    min={0}
                    max={1}
                    value={q.trigger_rate}
                    aria-label={`Trigger rate of "${q.query}"`}
                    // The meter's colour says good or bad: a high rate is good only where the skill should trigger.
                    low={report.trigger_threshold - 0.01}
                    high={report.trigger_threshold}
                    optimum={q.should_trigger ? 1 : 0}
                  />
                  <span>
                    {q.triggers}/{q.runs} · {percent(q.trigger_rate)}
                  </span>
                </span>
              </td>
              <td>
                <span className={q.skipped ? 'muted' : q.pass ? 'ok' : 'sev-error'}>
                  {q.skipped ? 'skipped' : q.pass ? 'PASS' : 'FAIL'}
                </span>
                {q.cached ? <span className="muted small-text"> {q.cached} cached</span> : null}
                {q.errors ? (
                  <div className="sev-error small-text">
                    {q.errors.count} failed: {q.errors.message}
                  </div>
                ) : null}
              </td>
              <td>{pickedInstead(q.picked, report.skill_name).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
