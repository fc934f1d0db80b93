// Replay: the saved conversation's user turns sent again against the current files (or the editor's unsaved
// SKILL.md text), streamed like any conversation (its tool calls wait for approval too), then shown beside the
// original turn by turn.
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry } from '../../../shared/types.js';
import {
  useChoices,
  useConversation,
  type ConversationHandle,
  type playgroundSession,
  type Unsaved,
} from './conversation-store.js';
import { ReplayComparison } from './ReplayComparison.js';
import { TurnView } from './StepView.js';

export function ReplayPanel(props: {
  host: HostApi;
  entries: readonly ListedEntry[];
  session: ReturnType<typeof playgroundSession>;
  original: ConversationHandle;
  theme: 'light' | 'dark';
  provider: string;
  /** The editor's unsaved SKILL.md texts. */
  unsaved: Unsaved;
  onStatus: (status: string) => void;
}) {
  const { original, unsaved } = props;
  const run = useConversation(props.session.replay);
  const [choices, choose] = useChoices(props.session);
  const useUnsaved = (choices.useUnsaved ?? false) && unsaved.length > 0;
  const nameOf = (id: string) => props.entries.find((e) => e.id === id)?.skill?.name ?? id;
  const canReplay = original.turns.length > 0 && !original.running && !run.running;

  const replay = async () => {
    // A replay reads the saved file: a conversation not saved yet is saved first (the button says so).
    const file = original.file ?? (await original.store.save());
    if (!file) return;
    await run.store.replay({
      file,
      userTurns: original.turns.map((t) => t.user),
      ...(props.provider ? { provider: props.provider } : {}),
      ...(useUnsaved ? { unsaved } : {}),
    });
  };
  const saveReplay = async () => {
    const file = await run.store.save();
    if (file) props.onStatus(`Replay saved to ${file}`);
  };

  return (
    <section className="replay" aria-label="Replay">
      <div className="replay-bar">
        {unsaved.length ? (
          <label>
            Replay against
            <select
              value={useUnsaved ? 'unsaved' : 'saved'}
              onChange={(e) => choose({ useUnsaved: e.target.value === 'unsaved' })}
            >
              <option value="saved">the saved files</option>
              <option value="unsaved">
                the editor&apos;s unsaved text ({unsaved.map((u) => nameOf(u.skillId)).join(', ')})
              </option>
            </select>
          </label>
        ) : null}
        <button disabled={!canReplay} onClick={() => void replay()}>
          {original.file ? 'Replay' : 'Save and replay'}
        </button>
        {run.running ? <button onClick={() => void run.store.stop()}>Stop the replay</button> : null}
        {run.comparison && !run.running && !run.file ? (
          <button onClick={() => void saveReplay()}>Save the replay</button>
        ) : null}
      </div>
      {run.error ? (
        <p className="sev-error" role="alert">
          {run.error}
        </p>
      ) : null}
      {run.turns.length ? (
        <details className="replay-run" open={run.running || run.comparison === undefined}>
          <summary>The replay, step by step</summary>
          <ol className="transcript" aria-label="Replay transcript">
            {run.turns.map((t, i) => (
              <TurnView
                key={i}
                turn={t}
                number={i + 1}
                ctx={{
                  host: props.host,
                  entries: props.entries,
                  scope: run.id,
                  theme: props.theme,
                  onDecide: run.store.approve,
                }}
              />
            ))}
          </ol>
        </details>
      ) : null}
      {run.comparison ? <ReplayComparison comparison={run.comparison} /> : null}
    </section>
  );
}
