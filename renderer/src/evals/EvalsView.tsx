// The Evals tab of a skill (issue 15): its trigger set, trigger evals against a configured model with the A/B of the
// editor's unsaved description, the library's collision heat map, and output evals with their benchmark and
// transcripts. Results are the files the runs wrote (`<skill>-workspace/`), so they reopen with the tab.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EvalResultsView } from '../../../shared/evals.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry } from '../../../shared/types.js';
import { RunProgress } from '../runner/RunProgress.js';
import { budgetFromInputs, rememberBudget, rememberedBudget, type BudgetInputs } from './budget.js';
import { CollisionHeatMap } from './CollisionHeatMap.js';
import { DescriptionOptimizer } from './DescriptionOptimizer.js';
import { OutputEvals } from './OutputEvals.js';
import { PendingBatches } from './PendingBatches.js';
import { TriggerResults } from './TriggerResults.js';
import { TriggerEstimate } from './RunCost.js';
import { currentAb, draftDescription } from './trigger-set.js';
import { TriggerSetEditor } from './TriggerSetEditor.js';
import { useEvalRun } from './use-eval-run.js';
import { useProviders } from './use-providers.js';
import './evals.css';

type RunKind = 'triggers' | 'ab' | 'collisions' | 'output';
type Baseline = 'without_skill' | 'old_skill' | 'none';

export default function EvalsView(props: {
  host: HostApi;
  entry: ListedEntry;
  /** The bundled examples: results cannot be written beside them. */
  readOnly: boolean;
  /** The editor's unsaved SKILL.md, for the description A/B. */
  unsavedText?: string;
}) {
  const { host, entry } = props;
  const skill = entry.skill;
  const providers = useProviders(host);
  const [provider, setProvider] = useState('');
  const [runs, setRuns] = useState(3);
  const [baseline, setBaseline] = useState<Baseline>('without_skill');
  const [snapshotProblem, setSnapshotProblem] = useState<string>();
  /** Replacing the snapshot loses the version before the edits: asked once more. */
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [results, setResults] = useState<EvalResultsView>();
  const [budgetInputs, setBudgetInputs] = useState<BudgetInputs>(() => rememberedBudget(entry.id));
  useEffect(() => setBudgetInputs(rememberedBudget(entry.id)), [entry.id]);
  const budget = budgetFromInputs(budgetInputs);
  const typeBudget = (patch: Partial<BudgetInputs>) => {
    const next = { ...budgetInputs, ...patch };
    setBudgetInputs(next);
    rememberBudget(entry.id, next);
  };
  const [kind, setKind] = useState<RunKind>();
  /** Trigger and collision runs as one batch at half the price (no budget: a batch is sent whole). */
  const [batch, setBatch] = useState(false);
  /** The run id of the tab's own run when it is a batch. */
  const [batchRun, setBatchRun] = useState<string>();
  const run = useEvalRun<unknown>(host);
  const draft = useMemo(
    () => draftDescription(props.unsavedText, skill?.description ?? ''),
    [props.unsavedText, skill?.description],
  );

  useEffect(() => setProvider((p) => p || providers?.[0]?.name || ''), [providers]);
  const reload = useCallback(
    () => void host.invoke('evals:results', { skillId: entry.id }).then((r) => r.ok && setResults(r.value)),
    [host, entry.id],
  );
  useEffect(reload, [reload]);

  if (!skill) return <p className="empty">This manifest could not be parsed; fix it in the editor first.</p>;

  const start = async (which: RunKind) => {
    setKind(which);
    const limits = budget.limits;
    const batched = batch && which !== 'output';
    const common = {
      provider,
      runs,
      ...(Object.keys(limits).length && !batched ? { budget: limits } : {}),
    };
    const mode = batched ? { mode: 'batch' as const } : {};
    await run.start((runId) => {
      setBatchRun(batched ? runId : undefined);
      return which === 'collisions'
        ? host.invoke('evals:run-collisions', { runId, ...common, ...mode })
        : which === 'output'
          ? host.invoke('evals:run-output', { runId, skillId: entry.id, ...common, baseline })
          : host.invoke('evals:run-triggers', {
              runId,
              skillId: entry.id,
              ...common,
              ...mode,
              ...(which === 'ab' && draft !== undefined ? { description: draft } : {}),
            });
    });
    reload();
  };

  /** skill-creator's snapshot: the skill as it is now, the old_skill baseline once it is edited. */
  const snapshot = async (replace: boolean) => {
    setConfirmReplace(false);
    const r = await host.invoke('evals:snapshot', { skillId: entry.id, replace });
    setSnapshotProblem(r.ok ? undefined : r.error.message);
    if (r.ok) setResults(r.value);
  };

  const chosen = providers?.find((p) => p.name === provider);
  const ab = currentAb(results?.triggers, results?.triggersDraft, draft);
  const busy = run.running !== undefined;
  /** A batch run's Cancel cancels the batch at the provider (the run then ends with what was answered). */
  const cancelRun = () => {
    const runId = run.running?.runId;
    if (runId !== undefined && runId === batchRun)
      void host.invoke('evals:cancel-batch', { runId }).then((r) => !r.ok && run.cancel());
    else run.cancel();
  };
  const canRun = provider !== '' && !busy && !props.readOnly && budget.problem === undefined;
  const progressFor = (which: RunKind[]) =>
    busy && kind && which.includes(kind) ? (
      <div className="eval-progress">
        <RunProgress call={run} />
        <button onClick={cancelRun}>{run.running?.runId === batchRun ? 'Cancel batch' : 'Cancel'}</button>
      </div>
    ) : !busy && run.error && kind && which.includes(kind) ? (
      <p className="sev-error" role="alert">
        {run.error.message}
      </p>
    ) : null;

  return (
    <div className="evals-view">
      <div className="evals-bar" role="group" aria-label="Model">
        <label>
          Provider
          <select value={provider} onChange={(e) => setProvider(e.target.value)} disabled={busy}>
            {providers?.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} ({p.model})
              </option>
            ))}
          </select>
        </label>
        <label>
          Runs
          <input
            type="number"
            min={1}
            max={20}
            value={runs}
            onChange={(e) => setRuns(Math.min(20, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        <label title="Tokens a run may use in all (grading included); empty: no limit">
          Max tokens
          <input
            className="budget-input"
            inputMode="numeric"
            placeholder="no limit"
            value={budgetInputs.maxTokens}
            disabled={busy}
            onChange={(e) => typeBudget({ maxTokens: e.target.value })}
          />
        </label>
        <label title="US dollars a run may cost (from the provider's price); empty: no limit">
          Max cost (USD)
          <input
            className="budget-input"
            inputMode="decimal"
            placeholder="no limit"
            value={budgetInputs.maxCostUsd}
            disabled={busy}
            onChange={(e) => typeBudget({ maxCostUsd: e.target.value })}
          />
        </label>
        <label title="Trigger and collision runs: every request in one batch (Anthropic's Message Batches, OpenAI's Batch API); the budget does not apply">
          <input
            type="checkbox"
            checked={batch}
            disabled={busy}
            onChange={(e) => setBatch(e.target.checked)}
          />
          Batch (half price; results can take minutes to hours)
        </label>
        {batch && Object.keys(budget.limits).length ? (
          <span className="banner" role="status">
            A batch is sent whole, so the budget cannot stop it: the estimate below is what a batch run costs.
            Output evals still keep to the budget.
          </span>
        ) : null}
        {budget.problem ? (
          <span className="sev-error budget-problem" role="alert">
            {budget.problem}
          </span>
        ) : null}
        {providers && providers.length === 0 ? (
          <span className="banner" role="status">
            No model provider yet: add one in Settings → Model providers.
          </span>
        ) : null}
        {props.readOnly ? (
          <span className="banner" role="status">
            A bundled example is read-only: duplicate it to run evals and keep their results.
          </span>
        ) : null}
      </div>

      <PendingBatches host={host} ownRunId={run.running?.runId} onCollected={reload} />

      {results ? (
        <TriggerSetEditor
          key={results.triggerSet.path}
          host={host}
          skillId={entry.id}
          path={results.triggerSet.path}
          legacy={results.triggerSet.legacy}
          readOnly={props.readOnly}
          provider={provider}
          onSaved={reload}
        />
      ) : null}

      <section aria-label="Trigger eval">
        <h3>Does the description trigger?</h3>
        <div className="inline-form">
          <button disabled={!canRun} onClick={() => void start('triggers')}>
            Run trigger eval
          </button>
          <button
            disabled={!canRun || draft === undefined}
            title={draft === undefined ? 'Change the description in the editor to compare' : undefined}
            onClick={() => void start('ab')}
          >
            Run A/B with the unsaved description
          </button>
        </div>
        <TriggerEstimate
          size={results?.triggerPrompt}
          runs={runs}
          price={chosen?.price}
          model={chosen?.model}
        />
        {progressFor(['triggers', 'ab'])}
        {ab?.mismatch ? <p className="sev-warning small-text">{ab.mismatch}</p> : null}
        <div className={results?.triggers && ab ? 'ab-grid' : undefined}>
          {results?.triggers ? <TriggerResults report={results.triggers} title="Saved description" /> : null}
          {ab ? <TriggerResults report={ab.report} title="Unsaved description (A/B)" /> : null}
        </div>
      </section>

      <DescriptionOptimizer
        host={host}
        skillId={entry.id}
        provider={provider}
        runs={runs}
        budget={budget.limits}
        canRun={canRun}
        {...(props.unsavedText !== undefined ? { unsavedText: props.unsavedText } : {})}
        onApplied={reload}
      />

      <section aria-label="Collisions">
        <h3>Collisions in the library</h3>
        <p className="muted small-text">
          Every skill’s trigger set against the same catalog: which skills fire for each skill’s queries.
        </p>
        <button disabled={!canRun} onClick={() => void start('collisions')}>
          Run library collisions
        </button>
        <TriggerEstimate
          size={results?.collisionsPrompt}
          runs={runs}
          price={chosen?.price}
          model={chosen?.model}
        />
        {progressFor(['collisions'])}
        {results?.collisions ? <CollisionHeatMap view={results.collisions} highlight={skill.name} /> : null}
      </section>

      <section aria-label="Output evals">
        <h3>Does the skill make answers better?</h3>
        <p className="muted small-text">
          <code>evals/evals.json</code> run with the skill and with a baseline (no skill, or the skill before
          your edits), graded expectation by expectation.
        </p>
        <div className="inline-form">
          <button disabled={!canRun} onClick={() => void start('output')}>
            Run output evals
          </button>
          <label>
            Baseline
            <select
              value={baseline}
              onChange={(e) => setBaseline(e.target.value as Baseline)}
              disabled={busy}
            >
              <option value="without_skill">without the skill (without_skill)</option>
              <option value="old_skill" disabled={!results?.snapshot}>
                the snapshot before your edits (old_skill)
              </option>
              <option value="none">none</option>
            </select>
          </label>
          {confirmReplace ? (
            <span role="group" aria-label="Replace the snapshot">
              The snapshot is the version before your edits.{' '}
              <button className="danger" onClick={() => void snapshot(true)}>
                Replace it with the skill as it is now
              </button>{' '}
              <button onClick={() => setConfirmReplace(false)}>Keep it</button>
            </span>
          ) : (
            <button
              disabled={props.readOnly || busy}
              title="Copy the skill as it is now to <skill>-workspace/skill-snapshot/, skill-creator's old_skill baseline"
              onClick={() => (results?.snapshot ? setConfirmReplace(true) : void snapshot(false))}
            >
              {results?.snapshot ? 'Replace the snapshot…' : 'Snapshot the skill'}
            </button>
          )}
          <span className="muted small-text" role="status">
            {results?.snapshot
              ? `Snapshot taken ${new Date(results.snapshot.at).toLocaleString()}`
              : 'No snapshot yet: take one before editing to compare with the old version.'}
          </span>
        </div>
        {snapshotProblem ? (
          <p className="sev-error" role="alert">
            {snapshotProblem}
          </p>
        ) : null}
        {progressFor(['output'])}
        {results?.output ? <OutputEvals host={host} skillId={entry.id} view={results.output} /> : null}
      </section>
    </div>
  );
}
