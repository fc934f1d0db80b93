// Output evals of one iteration (issue 15): the benchmark (pass rate, time, tokens with vs without the skill, as a
// chart and in figures), every run with its grading, and a run's transcript: messages, tool calls with their inputs
// and outputs, the answer, and each expectation with its evidence.
import { RunCost } from './RunCost.js';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  EVAL_CONFIGURATIONS,
  gradedRuns,
  type EvalRunResult,
  type Grading,
  type OutputRunView,
  type TranscriptView,
} from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';
import { BudgetStop } from './BudgetStop.js';
import { percent, readableDelta } from './format.js';

const BenchmarkChart = lazy(() => import('./BenchmarkChart.js'));

const pretty = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));

export function OutputEvals(props: { host: HostApi; skillId: string; view: OutputRunView }) {
  const { benchmark, iterationDir } = props.view;
  const [open, setOpen] = useState<{ run: EvalRunResult; transcript?: TranscriptView; error?: string }>();
  const summary = benchmark.run_summary;

  const show = async (run: EvalRunResult) => {
    setOpen({ run });
    const r = await props.host.invoke('evals:transcript', { skillId: props.skillId, dir: run.dir });
    setOpen(r.ok ? { run, transcript: r.value } : { run, error: r.error.message });
  };

  return (
    <div className="output-evals">
      <p className="muted small-text">
        <code>{iterationDir}</code> · {benchmark.metadata.executor_model}, graded by{' '}
        {benchmark.metadata.grader_model} · {new Date(benchmark.metadata.timestamp).toLocaleString()}
      </p>
      {props.view.stopped ? <BudgetStop message={props.view.stopped} /> : null}
      {props.view.stopped ? (
        <p className="partial small-text">Partial run: the figures below are over the runs that finished.</p>
      ) : null}
      <dl className="summary" aria-label="Benchmark">
        {EVAL_CONFIGURATIONS.map((c) =>
          summary[c] ? (
            <div key={c}>
              <dt>{c.replace('_', ' ')}</dt>
              <dd>
                <strong>
                  {gradedRuns(benchmark, c) ? percent(summary[c].pass_rate.mean) : 'not graded'}
                </strong>{' '}
                <span className="muted">
                  {summary[c].time_seconds.mean.toFixed(1)} s · {Math.round(summary[c].tokens.mean)} tokens
                </span>
              </dd>
            </div>
          ) : null,
        )}
        {summary.delta ? (
          <div>
            <dt>delta</dt>
            <dd>
              <strong>{readableDelta(summary.delta.pass_rate, 'pass_rate')}</strong>{' '}
              <span className="muted">
                {readableDelta(summary.delta.time_seconds, 'time_seconds')} ·{' '}
                {readableDelta(summary.delta.tokens, 'tokens')}
              </span>
            </dd>
          </div>
        ) : null}
      </dl>
      <Suspense fallback={<p className="muted">Loading the chart…</p>}>
        <BenchmarkChart benchmark={benchmark} />
      </Suspense>
      {benchmark.notes
        .filter((n) => n !== props.view.stopped)
        .map((n) => (
          <p key={n} className="sev-warning small-text">
            {n}
          </p>
        ))}
      {benchmark.usage ? <RunCost usage={benchmark.usage} /> : null}
      <table className="evals-table" aria-label="Output eval runs">
        <thead>
          <tr>
            <th>Eval</th>
            <th>Configuration</th>
            <th>Run</th>
            <th>Passed</th>
            <th>Time</th>
            <th>Tokens</th>
            <th>
              <span className="sr-only">Transcript</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {benchmark.runs.map((r) => (
            <tr
              key={r.dir}
              className={r.result.failed ? 'fail' : 'pass'}
              aria-selected={open?.run.dir === r.dir}
            >
              <td title={r.eval_name}>{r.eval_title ?? r.eval_name}</td>
              <td>{r.configuration.replace('_', ' ')}</td>
              <td>{r.run_number}</td>
              <td>
                {r.result.total ? (
                  <>
                    <meter
                      min={0}
                      max={1}
                      value={r.result.pass_rate}
                      aria-label={`Pass rate of ${r.eval_title ?? r.eval_name}`}
                    />{' '}
                    {r.result.passed}/{r.result.total}
                    {r.result.ungraded ? (
                      <span className="sev-warning"> ({r.result.ungraded} not graded)</span>
                    ) : null}
                  </>
                ) : (
                  <span
                    className={r.result.ungraded ? 'sev-warning' : 'muted'}
                    title={
                      r.result.ungraded
                        ? 'The grader gave no readable verdict: see the transcript'
                        : 'The eval has no expectations yet: its runs are recorded'
                    }
                  >
                    not graded
                  </span>
                )}
              </td>
              <td>{r.result.time_seconds.toFixed(1)} s</td>
              <td>
                {r.result.tokens}
                {r.cached ? <span className="muted"> (cached)</span> : null}
              </td>
              <td>
                <button
                  className="small"
                  onClick={() => void show(r)}
                  aria-label={`Transcript of ${r.eval_title ?? r.eval_name} ${r.configuration} run ${r.run_number}`}
                >
                  Transcript
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? <TranscriptPanel {...open} onClose={() => setOpen(undefined)} /> : null}
    </div>
  );
}

function TranscriptPanel(props: {
  run: EvalRunResult;
  transcript?: TranscriptView;
  error?: string;
  onClose: () => void;
}) {
  const { run, transcript } = props;
  const here = useRef<HTMLElement>(null);
  // The panel opens below the runs table: bring it into view, or a click on Transcript seems to do nothing.
  useEffect(() => here.current?.scrollIntoView?.({ block: 'nearest' }), [run.dir]);
  return (
    <section className="transcript" aria-label="Transcript" ref={here}>
      <header className="view-head">
        <h4>
          {run.eval_title ?? run.eval_name} · {run.configuration.replace('_', ' ')} · run {run.run_number}
        </h4>
        <span className="spacer" />
        <button className="small" onClick={props.onClose}>
          Close
        </button>
      </header>
      {props.error ? (
        <p className="sev-error" role="alert">
          {props.error}
        </p>
      ) : !transcript ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="transcript-body">
          <ol className="messages" aria-label="Messages">
            {transcript.messages.map((m, i) => (
              <li key={i} className={`message ${m.role}`}>
                <div className="role">
                  {m.role === 'tool' ? (
                    <>
                      tool result · <code>{m.tool?.name}</code>
                    </>
                  ) : (
                    m.role
                  )}
                  {m.cached ? <span className="muted"> (cached)</span> : null}
                  {m.tool?.isError ? <span className="sev-error"> error</span> : null}
                </div>
                {m.role === 'tool' ? (
                  <>
                    <div className="muted small-text">input</div>
                    <pre>{pretty(m.tool?.input)}</pre>
                    <div className="muted small-text">output</div>
                    <pre>{m.content}</pre>
                  </>
                ) : m.content ? (
                  <pre>{m.content}</pre>
                ) : null}
                {m.toolCalls?.map((c) => (
                  <div key={c.id} className="tool-call">
                    <span className="badge">tool call</span> <code>{c.name}</code>
                    <pre>{pretty(c.input)}</pre>
                  </div>
                ))}
              </li>
            ))}
          </ol>
          {transcript.grading ? (
            <section aria-label="Grading">
              <h4>{gradingTitle(transcript.grading.summary)}</h4>
              <ul className="grading">
                {transcript.grading.expectations.map((x, i) => (
                  <li key={i}>
                    {x.ungraded ? (
                      <span className="sev-warning">NOT GRADED</span>
                    ) : (
                      <span className={x.passed ? 'ok' : 'sev-error'}>{x.passed ? 'PASS' : 'FAIL'}</span>
                    )}{' '}
                    {x.text}
                    <div className="muted small-text">Evidence: {x.evidence}</div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </section>
  );
}

function gradingTitle(summary: Grading['summary']): string {
  const ungraded = summary.ungraded ?? 0;
  if (!summary.total && !ungraded) return 'Not graded: the eval has no expectations yet';
  const graded = summary.total ? `Grading · ${summary.passed}/${summary.total} passed` : 'Grading';
  return ungraded ? `${graded} · ${ungraded} not graded (no readable verdict from the grader)` : graded;
}
