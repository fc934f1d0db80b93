// Owns the shapes the manage channels return (issue 17): agents, an inspected source, installed skills, updates,
// removals and packages, as the renderer sees them. Core's own types (electron/core/manage) are assignable to these.
import type { TrustReportView } from './host-types.js';
import type { Diagnostic, SkillTool, ValidationProfile } from './types.js';

export type ManageScope = 'project' | 'user';

export interface ManageAgentView {
  id: string;
  displayName: string;
  /** The folders an install for this agent goes to, for the project chosen and for the user (null: the agent reads
   *  skills only from a project, as Eve does). */
  projectFolder: string;
  userFolder: string | null;
  followsSymlinks: boolean;
  profile: ValidationProfile;
}

export interface ManageAgentsView {
  agents: ManageAgentView[];
  /** Folders the project scope may install into (the command line's and the settings' roots), first is default. */
  projects: string[];
}

export interface InspectedSkillView {
  name: string;
  description: string;
  /** The manifest relative to the source's top ('/'-separated). */
  skillPath: string;
  /** Findings per profile checked; `file` is relative to the source (the fetched copy is temporary). */
  findings: Partial<Record<ValidationProfile, Diagnostic[]>>;
  /** Errors for the agents asked for: installing needs "Install anyway". */
  blocked: boolean;
  /** Where installing it would replace something: a different skill of the name, or an install changed since. */
  clashes: Array<{ path: string; state: 'modified' | 'different' }>;
  tools: Array<{ name: string; kind: SkillTool['kind']; runs: string }>;
  commands: string[];
  mcpServers: string[];
  /** `allowed-tools` entries: what an agent may use without asking while the skill is active. */
  allowedTools: string[];
  /** Files an agent could run, relative to the skill. */
  scripts: string[];
  /** Links inside the skill, which installing leaves out. */
  links: Array<{ path: string; target: string }>;
  /** The files installing copies, and their size in all. */
  files: number;
  bytes: number;
}

export interface SourceInspectionView {
  /** Names this fetched source for `manage:install` (and `manage:discard`). */
  id: string;
  source: { type: string; source: string; ref?: string; commit?: string };
  /** The profiles the findings were checked with (those of the agents asked for, and of the agents that read the
   *  shared copy). */
  profiles: ValidationProfile[];
  /** The profiles whose errors block the install: those of the agents asked for. */
  required: ValidationProfile[];
  /** The other agents that would read the shared copy (their findings are shown, not blocking), by display name. */
  readers: string[];
  skills: InspectedSkillView[];
  servers: TrustReportView['servers'];
  problems: Array<{ path: string; reason: string }>;
}

/** Why an install was refused, per skill and folder (the error's `details.conflicts`). */
export interface InstallConflictView {
  skill: string;
  path: string;
  /** blocked: findings with errors; modified: the installed copy was edited; different: another skill of that name. */
  state: 'blocked' | 'modified' | 'different';
}

export interface InstallResultView {
  name: string;
  placements: Array<{
    path: string;
    how: 'copy' | 'link';
    agents: string[];
    replaced?: 'same' | 'different';
  }>;
  trashed: string[];
  lockFile: string;
}

export interface InstalledSkillView {
  name: string;
  scope: ManageScope;
  agents: string[];
  paths: Array<{ path: string; link: boolean }>;
  folder: string;
  source: string | null;
  state: 'clean' | 'modified' | 'untracked' | 'unknown';
  /** When modified: the real folders whose content differs from the lockfile. */
  modifiedPaths?: string[];
  /** Library entries whose folder is this installed skill (or one of its links). */
  entryIds: string[];
}

export interface UpdateCheckView {
  name: string;
  scope: ManageScope;
  source: string;
  status: 'up-to-date' | 'update-available' | 'missing' | 'error';
  modified: boolean;
  installed: boolean;
  diff?: string;
  changes?: { added: string[]; removed: string[]; changed: string[] };
  message?: string;
  applied?: boolean;
  skipped?: string;
  /** The content hash of the source's version compared: `manage:update` with it applies only that version. */
  sourceHash?: string;
}

export interface RemoveResultView {
  name: string;
  unlinked: string[];
  trashed: Array<{ from: string; to: string | undefined }>;
  unlocked: boolean;
}

export interface PackResultView {
  file: string;
  name: string;
  files: string[];
  skipped: string[];
  /** Size of the zip. */
  bytes: number;
  /** Size of the packed files before compression. */
  contentBytes: number;
  findings: Diagnostic[];
}

/**
 * One step of adding skills, told as it happens (core's `onProgress`, the app's `manage:progress`): the source being
 * fetched, the skills found in it, each checked with the agents' profiles, each placement staged (copied or linked)
 * and then placed, and the lockfile written.
 */
export type ManageStep =
  | { step: 'fetching'; source: string }
  | { step: 'found'; count: number }
  | { step: 'validating'; skill: string; profiles: ValidationProfile[] }
  | {
      step: 'staged' | 'placed';
      skill: string;
      path: string;
      how: 'copy' | 'link';
      /** Staging and placing steps done so far, of `total` (every placement is staged, then placed). */
      done: number;
      total: number;
    }
  | { step: 'lockfile'; path: string };

/** One step of a run (`manage:progress`): `runId` is the one the request named. */
export type InstallProgressView = ManageStep & { runId: string };

/** What a run did besides its task (a killed install's leftovers put back or trashed), in words (`manage:notice`). */
export interface ManageNoticeView {
  message: string;
}
