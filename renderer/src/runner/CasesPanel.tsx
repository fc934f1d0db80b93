// A skill's saved cases beside its tools: run one or all, pass/fail with the failures.
import type { CaseResultSummary, SavedCaseView } from '../../../shared/host-types.js';

export function CasesPanel(props: {
  cases: SavedCaseView[];
  results: CaseResultSummary[] | undefined;
  running: boolean;
  onRun(names?: string[]): void;
}) {
  const { cases, results, running } = props;
  return (
    <section className="cases" aria-label="Saved cases">
      <h3>
        Cases{' '}
        <button
          className="small"
          disabled={running || cases.length === 0}
          aria-label="Run all cases"
          onClick={() => props.onRun()}
        >
          {running ? 'Running…' : 'Run all'}
        </button>
      </h3>
      {cases.length === 0 ? <p className="muted">No saved cases. Run a tool, then “Save as case”.</p> : null}
      <ul>
        {cases.map((c) => {
          const r = results?.find((x) => x.name === c.name);
          return (
            <li key={c.name} className="case">
              <span className={r ? (r.passed ? 'ok' : 'sev-error') : 'muted'}>
                {r ? (r.passed ? '✓ pass' : '✗ fail') : '·'}
              </span>{' '}
              <code>{c.name}</code>
              <button
                className="small"
                disabled={running}
                aria-label={`Run case ${c.name}`}
                onClick={() => props.onRun([c.name])}
              >
                Run
              </button>
              {c.error ? <div className="sev-error small-text">{c.error}</div> : null}
              {r && !r.passed ? (
                <ul className="failures">
                  {r.failures.map((f, i) => (
                    <li key={i}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      {results ? (
        <p className="muted" role="status">
          {results.filter((r) => r.passed).length} of {results.length} passed
        </p>
      ) : null}
    </section>
  );
}
