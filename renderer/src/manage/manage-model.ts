// Owns the rules the manage UI follows (issue 17), as pure functions: which library entries an install is, what
// state a skill shows (modified locally, update available), whether the Add panel may install what is picked, which
// project it installs into, and how a step of a run reads.
import type {
  InstalledSkillView,
  ManageAgentView,
  ManageStep,
  SourceInspectionView,
  UpdateCheckView,
} from '../../../shared/manage-types.js';

/** Library entry id -> the installs that are that entry (one per scope at most). */
export function installsByEntry(installed: readonly InstalledSkillView[]): Map<string, InstalledSkillView[]> {
  const map = new Map<string, InstalledSkillView[]>();
  for (const item of installed) for (const id of item.entryIds) map.set(id, [...(map.get(id) ?? []), item]);
  return map;
}

/** `scope/name`: how updates are keyed (a name may be installed in both scopes). */
export const installKey = (i: { scope: string; name: string }): string => `${i.scope}/${i.name}`;

type InstallState = 'update-available' | 'modified' | 'clean' | 'untracked' | 'unknown';

/** What one install shows: a local edit wins over an update (updating would need "replace my changes"). */
export function installStates(
  item: InstalledSkillView,
  updates: ReadonlyMap<string, UpdateCheckView>,
): InstallState[] {
  const states: InstallState[] = [];
  if (item.state === 'modified') states.push('modified');
  if (updates.get(installKey(item))?.status === 'update-available') states.push('update-available');
  if (!states.length) states.push(item.state);
  return states;
}

/**
 * What the last update check says of the skills installed now: counted again after every install, update and
 * removal (an applied update is up to date, a removed skill has none).
 */
export function updateSummary(
  installed: readonly InstalledSkillView[],
  updates: ReadonlyMap<string, UpdateCheckView>,
): string {
  const now = installed.flatMap((i) => updates.get(installKey(i)) ?? []);
  const available = now.filter((u) => u.status === 'update-available').length;
  const failed = now.filter((u) => u.status === 'error' || u.status === 'missing');
  return `${available ? `${available} update${available === 1 ? '' : 's'} available` : 'All up to date'}${failed.length ? `; ${failed.length} could not be checked (${failed.map((u) => u.name).join(', ')})` : ''}.`;
}

export const STATE_LABELS: Record<InstallState, string> = {
  'update-available': 'Update available',
  modified: 'Modified locally',
  clean: 'As installed',
  untracked: 'Not in the lockfile',
  unknown: 'Installed (no content hash)',
};

/** Display names; the shared folder is ".agents/skills". */
export function agentLabel(id: string, agents: readonly ManageAgentView[]): string {
  if (id === SHARED_AGENT) return '.agents/skills';
  return agents.find((a) => a.id === id)?.displayName ?? id;
}

const SHARED_AGENT = 'agents';

/**
 * The badges of one install: one per agent with its own folder, and one for the shared `.agents/skills` folder
 * naming every agent that reads it (seven agents read it: one badge each would bury the others).
 */
export function agentBadges(
  item: Pick<InstalledSkillView, 'agents' | 'scope'>,
  agents: readonly ManageAgentView[],
): Array<{ label: string; title: string }> {
  const folderOf = (a: ManageAgentView) => (item.scope === 'user' ? a.userFolder : a.projectFolder);
  const sharedAgent = agents.find((a) => a.id === SHARED_AGENT);
  const shared = sharedAgent ? folderOf(sharedAgent) : undefined;
  const readsShared = (id: string) => {
    const a = agents.find((x) => x.id === id);
    return id === SHARED_AGENT || (a !== undefined && shared !== undefined && folderOf(a) === shared);
  };
  const where = item.scope === 'user' ? 'your home folder' : 'this project';
  const own = item.agents
    .filter((id) => !readsShared(id))
    .map((id) => ({
      label: agentLabel(id, agents),
      title: `Installed for ${agentLabel(id, agents)} in ${where}`,
    }));
  const viaShared = item.agents.filter((id) => readsShared(id) && id !== SHARED_AGENT);
  if (item.agents.some(readsShared))
    own.push({
      label: '.agents/skills',
      title: `In the shared folder of ${where}, read by ${viaShared.map((id) => agentLabel(id, agents)).join(', ') || 'no agent listed'}`,
    });
  return own;
}

interface InstallChoice {
  skills: readonly string[];
  agents: readonly string[];
  /** The user ticked "Install anyway" for skills whose findings have errors. */
  anyway: boolean;
  /** The agents, scope or mode changed since the findings were checked. */
  stale?: boolean;
}

/** Why Install is disabled, or undefined when it may run. */
export function installBlocker(inspection: SourceInspectionView, choice: InstallChoice): string | undefined {
  if (!choice.skills.length) return 'Pick at least one skill.';
  if (!choice.agents.length) return 'Pick at least one agent.';
  if (choice.stale)
    return 'The findings are for other agents or another folder: check again before installing.';
  const blocked = inspection.skills.filter((s) => s.blocked && choice.skills.includes(s.name));
  if (blocked.length && !choice.anyway)
    return `${blocked.map((s) => s.name).join(', ')} ha${blocked.length > 1 ? 've' : 's'} errors: fix them at the source, or tick "Install anyway".`;
  return undefined;
}

/** What a look inside was checked for: the agents (in any order), the scope and copies or links. */
export function checkedKey(agents: readonly string[], scope: string, copy: boolean): string {
  return `${[...agents].sort().join()}|${scope}|${copy ? 'copy' : 'link'}`;
}

/** What is picked first: every skill without errors. */
export function defaultSkills(inspection: SourceInspectionView): string[] {
  return inspection.skills.filter((s) => !s.blocked).map((s) => s.name);
}

/** The open project holding `path` (the innermost, when projects nest), else undefined. */
function projectOf(path: string | undefined, projects: readonly string[]): string | undefined {
  if (!path) return undefined;
  const inside = (p: string) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}\\`);
  return projects.filter(inside).sort((a, b) => b.length - a.length)[0];
}

/** Where the Add panel installs when the user has not chosen: the selected skill's project, else the first. */
export function defaultProject(
  selectedPath: string | undefined,
  projects: readonly string[],
): string | undefined {
  return projectOf(selectedPath, projects) ?? projects[0];
}

/** One step of a run, in words (the Add panel's progress line). */
export function describeStep(step: ManageStep): string {
  switch (step.step) {
    case 'fetching':
      return `Fetching ${step.source}…`;
    case 'found':
      return `Found ${step.count} skill${step.count === 1 ? '' : 's'}.`;
    case 'validating':
      return `Checking ${step.skill} (${step.profiles.join(', ')})…`;
    case 'staged':
      return `${step.how === 'link' ? 'Linked' : 'Copied'} ${step.skill} for ${step.path}`;
    case 'placed':
      return `Placed ${step.skill} at ${step.path}`;
    case 'lockfile':
      return `Writing the lockfile ${step.path}`;
  }
}
