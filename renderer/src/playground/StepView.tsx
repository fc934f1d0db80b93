// One step of a Playground turn as it streams: the catalog sent (one click away), the model's text, the skill it
// loaded with its instructions as the runtime delivers them, a tool call (its approval card), or why nothing fired.
import type { ReactNode } from 'react';
import type { ApprovalDecision, ChatStep, ChatTurn } from '../../../shared/chat.js';
import type { HostApi } from '../../../shared/ipc.js';
import { bangCommands } from '../../../shared/syntax/instructions.js';
import type { ListedEntry } from '../../../shared/types.js';
import { ApprovalCard } from './ApprovalCard.js';
import { catalogLabel, plural, stepsOf, usageText } from './conversation-model.js';

export interface StepContext {
  host: HostApi;
  entries: readonly ListedEntry[];
  /** The conversation's id (scopes the edited arguments). */
  scope: string;
  theme: 'light' | 'dark';
  /** Absent for a conversation that is only shown (a saved one): its calls cannot be answered. */
  onDecide?: (callId: string, decision: ApprovalDecision) => Promise<unknown>;
}

export function StepView(props: { step: ChatStep; ctx: StepContext }) {
  const { step, ctx } = props;
  switch (step.type) {
    case 'request':
      return (
        <details className="step request-step">
          <summary>{catalogLabel(step)}</summary>
          <pre className="rendered" aria-label="System prompt sent">
            {step.system}
          </pre>
          {step.tools.length ? (
            <ul className="offered-tools" aria-label="Tools sent">
              {step.tools.map((t) => (
                <li key={t.name}>
                  <code>{t.name}</code> <span className="muted">{t.description}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      );
    case 'text':
      return (
        <div className="step text-step" aria-busy={step.streaming ?? false}>
          {step.text}
          {step.streaming ? <span className="muted"> …</span> : null}
        </div>
      );
    case 'skill':
      return <SkillStep step={step} />;
    case 'tool':
      return (
        <ApprovalCard
          host={ctx.host}
          entries={ctx.entries}
          step={step}
          scope={ctx.scope}
          theme={ctx.theme}
          {...(ctx.onDecide ? { onDecide: ctx.onDecide } : {})}
        />
      );
    case 'no-skill':
      return (
        <p className="step no-skill-step">
          <strong>No skill fired.</strong> {step.reason}
        </p>
      );
    case 'stopped':
      return (
        <p className="step stopped-step" role="status">
          <strong>Stopped.</strong> {step.reason}
        </p>
      );
  }
}

function SkillStep(props: { step: Extract<ChatStep, { type: 'skill' }> }) {
  const { step } = props;
  const commands = step.instructions ? bangCommands(step.instructions) : [];
  return (
    <section className="step skill-step" aria-label={`Skill ${step.skill}`}>
      <div className="step-head">
        <strong>
          Skill <code>{step.skill}</code> {step.problem ? 'not loaded' : 'loaded'}
        </strong>
        {step.args ? <span className="muted">arguments: {step.args}</span> : null}
      </div>
      {step.problem ? <p className="sev-warning">{step.problem}</p> : null}
      {step.instructions !== undefined ? (
        <details>
          <summary>Instructions as the model received them</summary>
          <pre className="rendered">{step.instructions}</pre>
          {commands.length ? (
            <p className="muted small-text">
              {plural(commands.length, '!command line')}: shown as written (the Preview runs them on request).
            </p>
          ) : null}
        </details>
      ) : null}
      {step.tools?.length ? (
        <p className="small-text">
          Tools it offers: {step.tools.map((t, i) => [i ? ', ' : '', <code key={t}>{t}</code>])}
        </p>
      ) : null}
    </section>
  );
}

/** A turn: the author's message, its steps in order, and what may be done with the turn. */
export function TurnView(props: { turn: ChatTurn; number: number; ctx: StepContext; actions?: ReactNode }) {
  const { turn } = props;
  return (
    <li className="turn" aria-label={`Turn ${props.number}`}>
      <div className="user-message">
        <span className="muted">You</span>
        <p>{turn.user}</p>
        {props.actions}
      </div>
      {stepsOf(turn).map(({ index, step }) => (
        <StepView key={index} step={step} ctx={props.ctx} />
      ))}
      {turn.usage ? <p className="muted small-text">{usageText(turn.usage)}</p> : null}
    </li>
  );
}
