// A skill's install state (modified locally, update available: first, so a narrow row still shows it) and the agents
// it is installed for, as badges: in the library list and in the skill view (issue 17).
// Tested by: test/unit/renderer/manage/install-badges.test.tsx
import type { InstalledSkillView, ManageAgentView, UpdateCheckView } from '../../../shared/manage-types.js';
import type { BadgeItem } from '../library/FittedBadges.js';
import { agentBadges, installStates, STATE_LABELS } from './manage-model.js';
import './manage.css';

/** Badges (agents, and a state counts as one) a compact row shows before folding the rest into one "+N". */
const COMPACT_AGENT_BADGES = 2;

/**
 * The badges of a skill's installs, states first. `compact` (a narrow row): two agent badges, then one "+N" (N ≥ 2)
 * standing for the rest.
 */
export function installBadgeItems(
  installs: readonly InstalledSkillView[] | undefined,
  agents: readonly ManageAgentView[],
  updates: ReadonlyMap<string, UpdateCheckView>,
  compact = false,
): BadgeItem[] {
  if (!installs?.length) return [];
  const states = installs.flatMap((item) =>
    installStates(item, updates)
      .filter((s) => s === 'modified' || s === 'update-available')
      .map((s): BadgeItem => ({
        key: `${item.scope}-${s}`,
        label: STATE_LABELS[s],
        className: `state-${s}`,
        ...(s === 'modified' && item.modifiedPaths
          ? { title: `Changed since it was installed: ${item.modifiedPaths.join(', ')}` }
          : {}),
      })),
  );
  const badges = installs.flatMap((item) =>
    agentBadges(item, agents).map((b): BadgeItem => ({
      key: `${item.scope}-${b.label}`,
      label: `${b.label}${item.scope === 'user' ? ' · user' : ''}`,
      className: 'agent',
      title: b.title,
    })),
  );
  // A state badge takes the room of one agent badge; "+1" would take the room of the badge it hides: fold two or more.
  const room = COMPACT_AGENT_BADGES - (states.length ? 1 : 0);
  const shown = compact && badges.length > room + 1 ? badges.slice(0, room) : badges;
  const folded = badges.slice(shown.length).map((b) => b.label);
  return [
    ...states,
    ...shown,
    ...(folded.length
      ? [
          {
            key: 'also-installed',
            label: `+${folded.length}`,
            className: 'agent',
            title: `Also installed: ${folded.join(', ')}`,
            folds: folded,
          },
        ]
      : []),
  ];
}

export function InstallBadges(props: {
  installs: readonly InstalledSkillView[] | undefined;
  agents: readonly ManageAgentView[];
  updates: ReadonlyMap<string, UpdateCheckView>;
  /** A narrow row: two agent badges, then "+N" (N ≥ 2) naming the rest in its title. */
  compact?: boolean;
}) {
  return (
    <>
      {installBadgeItems(props.installs, props.agents, props.updates, props.compact).map((b) => (
        <span key={b.key} className={`badge ${b.className ?? ''}`} {...(b.title ? { title: b.title } : {})}>
          {b.label}
        </span>
      ))}
    </>
  );
}
