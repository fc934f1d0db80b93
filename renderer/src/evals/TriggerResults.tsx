// One trigger report (issue 15): precision, recall and accuracy with their counts, then each query with its trigger
// rate as a bar, pass or fail, and the skills picked instead.
import { TRIGGER_THRESHOLD, type TriggerReport } from '../../../shared/evals.js';
import { BudgetStop } from './BudgetStop.js';
import { percent, pickedInstead, summaryParts } from './format.js';

export function TriggerResults(props: { report: TriggerReport; title: string }) {
  const { report } = props;
  return (
    <section className="trigger-results" aria-label={props.title}>
      <h4>{props.title}</h4>
      <p className="muted small-text description" title={report.description}>
        “{report.description}”
      </p>
      <dl className="summary">
        {summaryParts(report.summary).map((p) => (
          <div key={p.label}>
            <dt>{p.label}</dt>
            <dd>
              <strong>{p.value}</strong> <span className="muted">({p.counts})</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted small-text">
        {report.provider} ({report.model}), {report.runs} run(s) per query; triggered at{' '}
        {TRIGGER_THRESHOLD * 100}% or more. {report.usage.inputTokens + report.usage.outputTokens} tokens
        {report.usage.costUsd ? `, $${report.usage.costUsd.toFixed(4)}` : ''}.
      </p>
      {report.stopped ? <BudgetStop message={report.stopped} /> : null}
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
          {report.queries.map((q, i) => (
            <tr key={i} className={q.pass ? 'pass' : 'fail'}>
              <td>{q.query}</td>
              <td>{q.shouldTrigger ? 'trigger' : 'not'}</td>
              <td>
                <span className="rate">
                  <meter
                    min={0}
                    max={1}
                    value={q.rate}
                    aria-label={`Trigger rate of "${q.query}"`}
                    // The meter's colour says good or bad: a high rate is good only where the skill should trigger.
                    low={TRIGGER_THRESHOLD - 0.01}
                    high={TRIGGER_THRESHOLD}
                    optimum={q.shouldTrigger ? 1 : 0}
                  />
                  <span>
                    {q.triggers}/{q.runs} · {percent(q.rate)}
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
              <td>{pickedInstead(q.picked, report.skill).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
