// The Playground's settings for a conversation: the model provider (the Evals tab's providers), the validation
// profile whose runtime it plays, and the skill it is opened for (or the whole library). Fixed once it has started.
import type { ProviderView } from '../../../shared/evals.js';
import { VALIDATION_PROFILES, type ListedEntry, type ValidationProfile } from '../../../shared/types.js';

export interface PlaygroundSetup {
  provider: string;
  profile: ValidationProfile;
  /** The skill the conversation is opened for; undefined: library-wide. */
  skillId: string | undefined;
}

export function PlaygroundBar(props: {
  providers: ProviderView[] | undefined;
  setup: PlaygroundSetup;
  onSetup: (setup: PlaygroundSetup) => void;
  /** The skills it may be opened for: the one it is open for and the one selected in the library. */
  skills: ListedEntry[];
  /** The conversation has started: its settings stay as they are until New conversation. */
  locked: boolean;
  onSettings: () => void;
}) {
  const { setup, providers } = props;
  const set = (patch: Partial<PlaygroundSetup>) => props.onSetup({ ...setup, ...patch });
  return (
    <div className="playground-bar" role="group" aria-label="Conversation settings">
      <label>
        Provider
        <select
          value={setup.provider}
          disabled={props.locked || !providers?.length}
          onChange={(e) => set({ provider: e.target.value })}
        >
          {providers?.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name} ({p.model})
            </option>
          ))}
        </select>
      </label>
      <label>
        Profile
        <select
          value={setup.profile}
          disabled={props.locked}
          onChange={(e) => set({ profile: e.target.value as ValidationProfile })}
        >
          {VALIDATION_PROFILES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        For
        <select
          value={setup.skillId ?? ''}
          disabled={props.locked}
          onChange={(e) => set({ skillId: e.target.value || undefined })}
        >
          {props.skills.map((e) => (
            <option key={e.id} value={e.id}>
              {e.skill?.name ?? e.id}
            </option>
          ))}
          <option value="">the whole library</option>
        </select>
      </label>
      {providers && providers.length === 0 ? (
        <span className="banner" role="status">
          No model provider yet.{' '}
          <button className="link" onClick={props.onSettings}>
            Add one in Settings
          </button>
        </span>
      ) : null}
    </div>
  );
}
