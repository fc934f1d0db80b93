// Keeping what the Playground showed as evals, each on the author's click: a user turn as a trigger query (should
// or should not trigger) in the skill's trigger set, the conversation as an output eval in its evals.json.
import { useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry } from '../../../shared/types.js';

const nameOf = (entry: ListedEntry) => entry.skill?.name ?? entry.id;

/**
 * Keeps a conversation as an output eval of `target`: the one in memory, or a saved one opened from the list (its
 * file); resolves with the status line to show.
 */
export async function keepOutputEval(
  host: HostApi,
  target: ListedEntry,
  conversation: { conversationId: string } | { file: string },
): Promise<string> {
  const r = await host.invoke('chat:keep-output-eval', { skillId: target.id, ...conversation });
  return r.ok
    ? `Kept as output eval ${r.value.id} of ${nameOf(target)} in ${r.value.file} (edit its expected output there)`
    : `Not kept: ${r.error.message}`;
}

export function KeepTrigger(props: {
  host: HostApi;
  /** The skill whose trigger set gets the query; undefined when no single skill is in question. */
  target: ListedEntry | undefined;
  query: string;
  /** The turn's number, naming the buttons' group. */
  number: number;
  onKept: (status: string) => void;
}) {
  const { target } = props;
  const [busy, setBusy] = useState(false);
  if (!target) return null;
  const keep = async (shouldTrigger: boolean) => {
    setBusy(true);
    const r = await props.host.invoke('chat:keep-trigger', {
      skillId: target.id,
      query: props.query,
      shouldTrigger,
    });
    setBusy(false);
    props.onKept(
      !r.ok
        ? `Not kept: ${r.error.message}`
        : r.value.added
          ? `Kept as a query that ${shouldTrigger ? 'should' : 'should not'} trigger ${nameOf(target)} in ${r.value.file}`
          : `Already in ${r.value.file}: nothing written`,
    );
  };
  return (
    <div className="keep-trigger" role="group" aria-label={`Keep turn ${props.number} as a trigger query`}>
      <span className="muted small-text">Keep as trigger query of {nameOf(target)}:</span>
      <button className="small" disabled={busy} onClick={() => void keep(true)}>
        Should trigger
      </button>
      <button className="small" disabled={busy} onClick={() => void keep(false)}>
        Should not trigger
      </button>
    </div>
  );
}
