// The agents a skill is installed for, and its state (modified locally, update available), as badges: in the
// library list and in the skill view (issue 17).
import type { InstalledSkillView, ManageAgentView, UpdateCheckView } from '../../../shared/manage-types.js';
import { agentLabel, installStates, STATE_LABELS } from './manage-model.js';

export function InstallBadges(props: {
  installs: readonly InstalledSkillView[] | undefined;
  agents: readonly ManageAgentView[];
  updates: ReadonlyMap<string, UpdateCheckView>;
}) {
  if (!props.installs?.length) return null;
  return (
    <>
      {props.installs.flatMap((item) => [
        ...item.agents.map((id) => (
          <span
            key={`${item.scope}-${id}`}
            className="badge agent"
            title={`Installed for ${agentLabel(id, props.agents)} (${item.scope === 'user' ? 'your home folder' : 'this project'})`}
          >
            {agentLabel(id, props.agents)}
            {item.scope === 'user' ? ' · user' : ''}
          </span>
        )),
        ...installStates(item, props.updates)
          .filter((s) => s === 'modified' || s === 'update-available')
          .map((s) => (
            <span key={`${item.scope}-${s}`} className={`badge state-${s}`}>
              {STATE_LABELS[s]}
            </span>
          )),
      ])}
    </>
  );
}
