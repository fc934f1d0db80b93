// A skill's install state (modified locally, update available: first, so a narrow row still shows it) and the agents
// it is installed for, as badges: in the library list and in the skill view (issue 17).
import type { InstalledSkillView, ManageAgentView, UpdateCheckView } from '../../../shared/manage-types.js';
import { agentBadges, installStates, STATE_LABELS } from './manage-model.js';
import './manage.css';

export function InstallBadges(props: {
  installs: readonly InstalledSkillView[] | undefined;
  agents: readonly ManageAgentView[];
  updates: ReadonlyMap<string, UpdateCheckView>;
}) {
  if (!props.installs?.length) return null;
  return (
    <>
      {props.installs.flatMap((item) => [
        ...installStates(item, props.updates)
          .filter((s) => s === 'modified' || s === 'update-available')
          .map((s) => (
            <span key={`${item.scope}-${s}`} className={`badge state-${s}`}>
              {STATE_LABELS[s]}
            </span>
          )),
        ...agentBadges(item, props.agents).map((b) => (
          <span key={`${item.scope}-${b.label}`} className="badge agent" title={b.title}>
            {b.label}
            {item.scope === 'user' ? ' · user' : ''}
          </span>
        )),
      ])}
    </>
  );
}
