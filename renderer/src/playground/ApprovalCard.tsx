// A tool call the model asked for, as the author sees it: the runner's form prefilled with the model's arguments
// (editable), Run / Always allow / Refuse while it waits, then its state and output as the runner shows them.
// Nothing runs until a button here is pressed; the card takes no focus by itself (it is not a dialog).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ApprovalDecision, ChatStep } from '../../../shared/chat.js';
import type { HostApi } from '../../../shared/ipc.js';
import type { JsonValue, ListedEntry, ToolDefinition } from '../../../shared/types.js';
import { ArgsStore } from '../runner/args-store.js';
import { JsonTree, OutputView } from '../runner/OutputView.js';
import { SchemaForm } from '../runner/schema-form/SchemaForm.js';
import { useToolArgs } from '../runner/use-tool-args.js';
import { entryNamed } from './conversation-model.js';

type ToolStep = Extract<ChatStep, { type: 'tool' }>;

// The runner's JSON pane, loaded when a card first shows it (Monaco is not needed to approve a call).
const ArgsJsonEditor = lazy(() =>
  import('../runner/ArgsJsonEditor.js').then((m) => ({ default: m.ArgsJsonEditor })),
);

/** The arguments edited in approval cards, per call, for the page's life (a card re-mounts when the view does). */
const approvalArgs = new ArgsStore();

const STATE_LABEL: Record<ToolStep['state'], string> = {
  waiting: 'Waiting for your approval',
  running: 'Running…',
  done: 'Done',
  error: 'Failed',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

/** The skill's definition of the called tool (its schema), asked of the host once per card. */
function useToolDefinition(host: HostApi, entry: ListedEntry | undefined, step: ToolStep) {
  const [tool, setTool] = useState<ToolDefinition | null>();
  const entryId = entry?.id;
  useEffect(() => {
    if (!entryId) return setTool(null);
    let stale = false;
    void host.invoke('tools:list', { skillId: entryId }).then((r) => {
      if (stale) return;
      const found = r.ok
        ? (r.value.find((t) => t.composedName === step.name) ?? r.value.find((t) => t.name === step.tool))
        : undefined;
      setTool(found ?? null);
    });
    return () => {
      stale = true;
    };
  }, [host, entryId, step.name, step.tool]);
  return tool;
}

export function ApprovalCard(props: {
  host: HostApi;
  entries: readonly ListedEntry[];
  step: ToolStep;
  /** Scopes the edited arguments: the conversation's id. */
  scope: string;
  theme: 'light' | 'dark';
  onDecide?: (callId: string, decision: ApprovalDecision) => Promise<unknown>;
}) {
  const { step } = props;
  const tool = useToolDefinition(props.host, entryNamed(props.entries, step.skill), step);
  const scope = `${props.scope}/${step.callId}`;
  const args = useToolArgs(scope, tool ?? undefined, approvalArgs);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const [json, setJson] = useState(false);
  const [jsonError, setJsonError] = useState<string>();
  const waiting = step.state === 'waiting' && props.onDecide !== undefined;
  const card = useRef<HTMLElement>(null);

  // The form starts from the model's arguments, once per call (later edits are the author's).
  useEffect(() => {
    if (tool && !(tool.name in approvalArgs.get(scope).values))
      approvalArgs.load(scope, tool.name, step.args);
  }, [tool, scope, step.args]);

  const decide = async (decision: ApprovalDecision) => {
    if (!props.onDecide) return;
    setSending(true);
    await props.onDecide(step.callId, decision);
    setSending(false);
    // The buttons go with the decision: the focus stays on the card rather than falling to the page.
    card.current?.focus();
  };
  /** The arguments to run with: the form's value when it checks, else why not (running is blocked). */
  const edited = (): { args?: JsonValue; problem?: string } => {
    if (!tool) return {};
    if (args.invalid.size || (json && jsonError))
      return { problem: 'Fix the arguments first: some fields are not values yet.' };
    const errors = args.checkNow();
    if (errors.size)
      return { problem: `The arguments do not match the tool's schema: ${[...errors.values()][0]?.[0]}` };
    return { args: args.value ?? {} };
  };
  const allow = (decision: 'allow' | 'allow-tool') => {
    const e = edited();
    setProblem(e.problem);
    if (e.problem === undefined)
      void decide(e.args === undefined ? { decision } : { decision, args: e.args });
  };

  const label = `Tool call ${step.name}`;
  return (
    <section ref={card} tabIndex={-1} className={`step tool-step state-${step.state}`} aria-label={label}>
      <div className="step-head">
        <strong>
          Tool <code>{step.tool}</code> <span className="muted">of {step.skill}</span>
        </strong>
        <span role="status" className={`tool-state state-${step.state}`}>
          {STATE_LABEL[step.state]}
          {step.approvedBy === 'conversation' ? ' · allowed for this conversation' : ''}
        </span>
      </div>
      {waiting && step.notice ? (
        <p className="sev-warning" role="note">
          {step.notice}
        </p>
      ) : null}
      {waiting && tool ? (
        <div className="form-pane">
          <div className="pane-title">
            Arguments (the model&apos;s; edit before running){' '}
            <button className="small" aria-pressed={json} onClick={() => setJson(!json)}>
              JSON
            </button>
          </div>
          {args.field ? (
            <SchemaForm
              field={args.field}
              value={args.value}
              onChange={args.setValue}
              errors={args.errors}
              onInvalid={args.setInvalid}
              picks={args.picks}
              onPick={args.pick}
              disabled={sending}
            />
          ) : null}
          {json ? (
            <Suspense fallback={<p className="muted">Loading the JSON editor…</p>}>
              <ArgsJsonEditor
                skillId={scope}
                tool={tool}
                value={args.value}
                onChange={args.setValue}
                error={jsonError}
                onError={setJsonError}
                theme={props.theme}
              />
            </Suspense>
          ) : null}
        </div>
      ) : (
        <ArgsShown step={step} />
      )}
      {waiting ? (
        <div className="approval-actions" role="group" aria-label={`Approve ${step.tool}`}>
          <button className="primary" disabled={sending || tool === undefined} onClick={() => allow('allow')}>
            Run
          </button>
          <button disabled={sending || tool === undefined} onClick={() => allow('allow-tool')}>
            Always allow {step.tool} in this conversation
          </button>
          <label className="refusal">
            Reason to refuse <span className="muted">(optional, told to the model)</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} disabled={sending} />
          </label>
          <button
            disabled={sending}
            onClick={() =>
              void decide(
                reason.trim() ? { decision: 'refuse', reason: reason.trim() } : { decision: 'refuse' },
              )
            }
          >
            Refuse
          </button>
          {problem ? (
            <p className="sev-error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
      {step.state === 'refused' ? (
        <p className="muted">
          {step.refusal ? `Refused: ${step.refusal}` : 'Refused: the model was told so.'}
        </p>
      ) : null}
      {step.output ? <OutputView output={step.output} /> : null}
    </section>
  );
}

/** The arguments as asked, and as run when the author changed them. */
function ArgsShown(props: { step: ToolStep }) {
  const { step } = props;
  const edited = step.sent !== undefined && JSON.stringify(step.sent) !== JSON.stringify(step.args);
  return (
    <div className="tool-args">
      <div className="json-tree" aria-label="Arguments the model asked for">
        <JsonTree value={step.args} name="arguments" />
      </div>
      {edited && step.sent !== undefined ? (
        <div className="json-tree" aria-label="Arguments run (edited)">
          <JsonTree value={step.sent} name="run with (edited)" />
        </div>
      ) : null}
    </div>
  );
}
