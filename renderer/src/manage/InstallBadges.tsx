// A skill's install state (modified locally, update available: first, so a narrow row still shows it) and the agents
// it is installed for, as badges: in the library list and in the skill view (issue 17).
// Tested by: test/unit/renderer/manage/install-badges.test.tsx
import type { InstalledSkillView, ManageAgentView, UpdateCheckView } from '../../../shared/manage-types.js';
import { agentBadges, installStates, STATE_LABELS } from './manage-model.js';
import './manage.css';

/** Badges (agents, and a state counts as one) a compact row shows before folding the rest into one "+N". */
const COMPACT_AGENT_BADGES = 2;

export function InstallBadges(props: {
  installs: readonly InstalledSkillView[] | undefined;
  agents: readonly ManageAgentView[];
  updates: ReadonlyMap<string, UpdateCheckView>;
  /** A narrow row (the library list): two agent badges, then "+N" (N ≥ 2) naming the rest in its title. */
  compact?: boolean;
}) {
  if (!props.installs?.length) return null;
  const states = props.installs.flatMap((item) =>
    installStates(item, props.updates)
      .filter((s) => s === 'modified' || s === 'update-available')
      .map((s) => (
        <span
          key={`${item.scope}-${s}`}
          className={`badge state-${s}`}
          {...(s === 'modified' && item.modifiedPaths
            ? { title: `Changed since it was installed: ${item.modifiedPaths.join(', ')}` }
            : {})}
        >
          {STATE_LABELS[s]}
        </span>
      )),
  );
  const badges = props.installs.flatMap((item) =>
    agentBadges(item, props.agents).map((b) => ({
      key: `${item.scope}-${b.label}`,
      label: `${b.label}${item.scope === 'user' ? ' · user' : ''}`,
      title: b.title,
    })),
  );
  // A state badge takes the room of one agent badge; "+1" would take the room of the badge it hides: fold two or more.
  const room = COMPACT_AGENT_BADGES - (states.length ? 1 : 0);
  const shown = props.compact && badges.length > room + 1 ? badges.slice(0, room) : badges;
  const folded = badges.slice(shown.length);
  return (
    <>
      {states}
      {shown.map((b) => (
        <span key={b.key} className="badge agent" title={b.title}>
          {b.label}
        </span>
      ))}
      {folded.length > 0 && (
        <span className="badge agent" title={`Also installed: ${folded.map((b) => b.label).join(', ')}`}>
          +{folded.length}
        </span>
      )}
    </>
  );
}
