// The Playground: a conversation with a configured model over the library's skills, every step shown as it
// streams (the catalog sent, the skill that fired or why none did, each tool call waiting for the author's
// approval, the answer), saved on a click, replayed against edited skills, and kept as evals. The conversation's
// lifecycle is the conversation store's (it outlives the view); what a step looks like is StepView's.
import { useMemo, useState } from 'react';
import type { HostApi } from '../../../shared/ipc.js';
import type { ListedEntry, ValidationProfile } from '../../../shared/types.js';
import type { ViewId } from '../../../shared/views.js';
import { isDirty, type BufferStore } from '../editor/buffers.js';
import { useProviders } from '../evals/use-providers.js';
import { keepTarget, waitingCall } from './conversation-model.js';
import { KeepTrigger, keepOutputEval } from './KeepAsEval.js';
import { MessageBox } from './MessageBox.js';
import { PlaygroundBar, type PlaygroundSetup } from './PlaygroundBar.js';
import { ReplayPanel } from './ReplayPanel.js';
import { SavedConversations } from './SavedConversations.js';
import { TurnView } from './StepView.js';
import { playgroundSession, useChoices, useConversation, type Unsaved } from './conversation-store.js';
import '../preview/preview.css';
import '../runner/runner.css';
import './playground.css';

/** The editor's unsaved SKILL.md texts (what a replay may use instead of the files). */
function unsavedManifests(entries: readonly ListedEntry[], buffers: BufferStore): Unsaved {
  return buffers.dirty().flatMap((b) => {
    const entry = entries.find((e) => e.path === b.path && e.format === 'skill-md');
    return entry && isDirty(b) ? [{ skillId: entry.id, text: b.text }] : [];
  });
}

export default function PlaygroundView(props: {
  host: HostApi;
  entries: readonly ListedEntry[];
  /** The skill selected in the library: the Playground opens for it. */
  entry: ListedEntry | undefined;
  buffers: BufferStore;
  theme: 'light' | 'dark';
  profile: ValidationProfile;
  onShow: (view: ViewId) => void;
}) {
  const { host, entries } = props;
  const providers = useProviders(host);
  const session = useMemo(() => playgroundSession(host), [host]);
  const conversation = useConversation(session.conversation);
  const { store } = conversation;
  const replayRun = useConversation(session.replay);
  const replayFile = replayRun.file;
  const replayStarted = replayRun.turns.length > 0;
  const [chosen, choose] = useChoices(session);
  const setStatus = (status: string) => choose({ status });
  // Until the author picks: the first provider, the settings' profile, the skill selected in the library.
  const setup: PlaygroundSetup = {
    provider: chosen.provider || providers?.[0]?.name || '',
    profile: chosen.profile ?? props.profile,
    skillId: chosen.skillId === null ? undefined : (chosen.skillId ?? props.entry?.id),
  };
  const opened = entries.find((e) => e.id === setup.skillId);
  const started = conversation.turns.length > 0;
  const blocked = conversation.opened
    ? 'A saved conversation is shown: replay it, or start a New conversation.'
    : !setup.provider
      ? 'Add a model provider in Settings first.'
      : waitingCall(conversation.turns)
        ? 'A tool call waits for your approval above.'
        : undefined;

  const send = (text: string) => {
    // The conversation's settings are fixed when it starts (a skill picked in the library later changes nothing).
    if (!started)
      choose({ provider: setup.provider, profile: setup.profile, skillId: setup.skillId ?? null });
    void store.send({
      provider: setup.provider,
      profile: setup.profile,
      text,
      ...(setup.skillId ? { skillId: setup.skillId } : {}),
    });
  };
  /** A new conversation, without the replay of the last one. */
  const startOver = () => {
    store.reset();
    session.replay.reset();
    choose({ skillId: undefined });
  };
  /** Turns only in memory: leaving the conversation asks first (a banner, never a dialog) instead of losing them. */
  const unsavedTurns = conversation.opened ? 0 : conversation.turns.length - (conversation.savedTurns ?? 0);
  const [leaving, setLeaving] = useState<(() => void) | undefined>();
  const leave = (next: () => void) => (unsavedTurns > 0 ? setLeaving(() => next) : next());
  const openSaved = (file: string) => void store.open(file).then(() => session.replay.reset());
  const save = async () => {
    const file = await store.save();
    if (file) setStatus(`Saved to ${file}`);
    return file;
  };
  const outputEvalTarget = keepTarget(entries, opened, conversation.turns);

  return (
    <section className="playground page" aria-label="Playground">
      <header className="view-head">
        <h2>Playground</h2>
        <button onClick={() => leave(startOver)} disabled={!started && !conversation.opened}>
          New conversation
        </button>
        <button
          onClick={() => void save()}
          disabled={!started || conversation.running || conversation.opened !== undefined}
        >
          Save
        </button>
        <button
          disabled={(!started && !conversation.opened) || conversation.running || !outputEvalTarget}
          title={outputEvalTarget ? undefined : 'Open the Playground for a skill, or fire exactly one'}
          onClick={() =>
            outputEvalTarget &&
            void keepOutputEval(
              host,
              outputEvalTarget,
              conversation.opened && conversation.file
                ? { file: conversation.file }
                : { conversationId: conversation.id },
            ).then(setStatus)
          }
        >
          Keep as output eval
        </button>
      </header>
      <PlaygroundBar
        providers={providers}
        setup={setup}
        onSetup={(s) => choose({ ...s, skillId: s.skillId ?? null })}
        skills={[opened, props.entry].filter(
          (e, i, all): e is ListedEntry => e !== undefined && all.findIndex((o) => o?.id === e.id) === i,
        )}
        locked={started}
        onSettings={() => props.onShow('settings')}
      />
      <SavedConversations
        host={host}
        skillId={setup.skillId}
        version={`${conversation.file ?? ''}|${replayFile ?? ''}`}
        current={conversation.file}
        onOpen={(file) => leave(() => openSaved(file))}
      />
      {leaving && unsavedTurns > 0 ? (
        <div className="banner" role="status" aria-label="Unsaved conversation">
          This conversation has {unsavedTurns} unsaved turn{unsavedTurns === 1 ? '' : 's'}.
          <button
            onClick={() =>
              void save().then((file) => {
                // A failed save keeps the conversation (its error shows); only a written one lets it go.
                if (!file) return;
                setLeaving(undefined);
                leaving();
              })
            }
            disabled={conversation.running}
          >
            Save, then go on
          </button>
          <button onClick={() => (setLeaving(undefined), leaving())}>Discard it</button>
          <button onClick={() => setLeaving(undefined)}>Keep it</button>
        </div>
      ) : null}
      <p className="playground-status" role="status">
        {chosen.status ?? ''}
      </p>
      {/* Present from the start, so a screen reader announces a call when it starts waiting. */}
      <p className="sr-only" role="status" aria-label="Approval">
        {waitingCall(conversation.turns) || waitingCall(replayRun.turns)
          ? 'A tool call waits for your approval.'
          : ''}
      </p>
      {conversation.error ? (
        <p className="sev-error" role="alert">
          {conversation.error}
        </p>
      ) : null}
      {started ? (
        <ol className="transcript" aria-label="Conversation">
          {conversation.turns.map((turn, i) => {
            const target = keepTarget(entries, opened, [turn]);
            return (
              <TurnView
                key={i}
                turn={turn}
                number={i + 1}
                ctx={{
                  host,
                  entries,
                  scope: conversation.id,
                  theme: props.theme,
                  ...(conversation.opened ? {} : { onDecide: store.approve }),
                }}
                actions={
                  <KeepTrigger
                    host={host}
                    target={target}
                    query={turn.user}
                    number={i + 1}
                    onKept={setStatus}
                  />
                }
              />
            );
          })}
        </ol>
      ) : (
        <p className="empty">
          Ask something a skill should handle
          {opened ? ` (the Playground is open for ${opened.skill?.name ?? opened.id})` : ''}: each step shows
          here, and no tool runs before you approve it.
        </p>
      )}
      <MessageBox
        running={conversation.running}
        blocked={blocked}
        onSend={send}
        onStop={() => void store.stop()}
      />
      {started || replayStarted ? (
        <ReplayPanel
          host={host}
          entries={entries}
          session={session}
          original={conversation}
          theme={props.theme}
          provider={setup.provider}
          unsaved={unsavedManifests(entries, props.buffers)}
          onStatus={setStatus}
        />
      ) : null}
    </section>
  );
}
