// The Evals tab's description optimisation (skill-creator's run_loop.py): run it on the trigger set with the tab's
// provider, runs and budget, see each iteration's train and held-out scores and the diff of SKILL.md with the best
// description, and apply it (the editor's writer, over the version the run read) or discard it.
// Tested by: test/unit/renderer/evals/description-optimizer.test.tsx
import { useEffect, useReducer, useState } from 'react';
import type { BudgetLimits, OptimizeView } from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';
import { RunProgress } from '../runner/RunProgress.js';
import { UnifiedDiff } from '../ui/UnifiedDiff.js';
import { BudgetStop } from './BudgetStop.js';
import { applyProblem, pendingOptimizations, proposalReducer } from './optimize-proposal.js';
import { useEvalRun } from './use-eval-run.js';

export function DescriptionOptimizer(props: {
  host: HostApi;
  skillId: string;
  provider: string;
  runs: number;
  budget: BudgetLimits;
  /** A run may start (a provider chosen, no other run, not read-only, a valid budget). */
  canRun: boolean;
  /** The editor's unsaved SKILL.md: applying waits until it is saved or reverted. */
  unsavedText?: string;
  onApplied(): void;
}) {
  const { host, skillId } = props;
  const [state, dispatch] = useReducer(
    proposalReducer,
    pendingOptimizations.get(skillId) ?? { kind: 'none' },
  );
  useEffect(() => {
    if (state.kind === 'none') pendingOptimizations.delete(skillId);
    else pendingOptimizations.set(skillId, state);
  }, [skillId, state]);
  const [iterations, setIterations] = useState(5);
  const [heldOut, setHeldOut] = useState(40);
  const run = useEvalRun<OptimizeView>(host);

  const optimize = async () => {
    const view = await run.start((runId) =>
      host.invoke('evals:optimize-description', {
        runId,
        skillId,
        provider: props.provider,
        runs: props.runs,
        holdout: heldOut / 100,
        maxIterations: iterations,
        ...(Object.keys(props.budget).length ? { budget: props.budget } : {}),
      }),
    );
    if (view) dispatch({ type: 'result', view });
  };

  const apply = async (view: OptimizeView) => {
    const blocked = applyProblem(props.unsavedText);
    if (blocked || view.proposed === undefined)
      return dispatch({ type: 'refused', message: blocked ?? 'Nothing to apply.' });
    dispatch({ type: 'apply' });
    const r = await host.invoke('skills:save-file', {
      path: view.path,
      text: view.proposed,
      expectedHash: view.hash,
    });
    if (r.ok) {
      dispatch({ type: 'applied' });
      props.onApplied();
    } else dispatch({ type: 'refused', message: applyProblem(undefined, r.error.code) ?? r.error.message });
  };

  const running = run.running !== undefined;
  return (
    <section aria-label="Description optimisation" className="optimizer">
      <h3>Optimise the description</h3>
      <p className="muted small-text">
        skill-creator’s loop: the trigger set is split into train and held-out queries, the model proposes
        descriptions from the train failures, and the best on the held-out queries wins. Nothing is written
        until you apply it.
      </p>
      <div className="inline-form">
        <label>
          Iterations
          <input
            type="number"
            min={1}
            max={20}
            value={iterations}
            disabled={running}
            onChange={(e) =>
              setIterations(Math.min(20, Math.max(1, Math.round(Number(e.target.value)) || 1)))
            }
          />
        </label>
        <label>
          Held out (%)
          <input
            type="number"
            min={0}
            max={90}
            step={5}
            value={heldOut}
            disabled={running}
            onChange={(e) => setHeldOut(Math.min(90, Math.max(0, Math.round(Number(e.target.value)) || 0)))}
          />
        </label>
        <button disabled={!props.canRun || running} onClick={() => void optimize()}>
          Optimise description…
        </button>
      </div>
      {running ? (
        <div className="eval-progress">
          <RunProgress call={run} />
          <button onClick={run.cancel}>Cancel</button>
        </div>
      ) : run.error ? (
        <p className="sev-error" role="alert">
          {run.error.message}
        </p>
      ) : null}
      {state.kind !== 'none' ? (
        <OptimizeResultView
          view={state.view}
          applying={state.kind === 'applying'}
          applied={state.kind === 'applied'}
          {...(state.kind === 'proposed' && state.problem ? { problem: state.problem } : {})}
          onApply={() => void apply(state.view)}
          onDiscard={() => dispatch({ type: 'discard' })}
        />
      ) : null}
    </section>
  );
}

function OptimizeResultView(props: {
  view: OptimizeView;
  applying: boolean;
  applied: boolean;
  problem?: string;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const { result, diff } = props.view;
  const heldOut = result.test_size > 0;
  return (
    <div className="optimize-result">
      <p className="muted small-text">
        {result.provider} ({result.model}), {result.train_size} train and {result.test_size} held-out queries,{' '}
        {result.runs_per_query} run(s) per query. Ended: {result.exit_reason}.
      </p>
      {result.stopped ? <BudgetStop message={result.stopped} /> : null}
      <table className="evals-table" aria-label="Iterations">
        <thead>
          <tr>
            <th>Iteration</th>
            <th className="wide">Description</th>
            <th>Train</th>
            <th>Held out</th>
          </tr>
        </thead>
        <tbody>
          {result.history.map((h) => (
            <tr key={h.iteration} className={h.iteration === result.best_iteration ? 'best' : undefined}>
              <td>
                {h.iteration}
                {h.iteration === result.best_iteration ? <strong> best</strong> : null}
              </td>
              <td>{h.description}</td>
              <td>
                {h.train_passed}/{h.train_total}
              </td>
              <td>{heldOut ? `${h.test_passed}/${h.test_total}` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {diff ? (
        <>
          <UnifiedDiff diff={diff} label="Proposed change to SKILL.md" />
          {props.applied ? (
            <p className="ok" role="status">
              Applied to SKILL.md.
            </p>
          ) : (
            <div className="inline-form">
              <button className="primary" disabled={props.applying} onClick={props.onApply}>
                Apply to SKILL.md
              </button>
              <button disabled={props.applying} onClick={props.onDiscard}>
                Discard
              </button>
            </div>
          )}
        </>
      ) : (
        <p className="muted">
          The best description is the current one: nothing to change.{' '}
          <button className="small" onClick={props.onDiscard}>
            Dismiss
          </button>
        </p>
      )}
      {props.problem ? (
        <p className="sev-error" role="alert">
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}
