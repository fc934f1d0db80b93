// Owns what every manage command is given: the project, the user's agent context and who reads the messages.
import type { Audience } from '../../../shared/remedy.js';
import type { AgentContext } from '../agents/folders.js';

/** Where the project is and whose home the user scope is. */
export interface ManageBase {
  project: string;
  ctx: AgentContext;
  /** Who reads the messages: they name the CLI's flags or the app's buttons (shared/remedy.ts). */
  audience: Audience;
  /** Hears what a run did besides its task (a killed install's leftovers put back or trashed), in words. */
  note?: (message: string) => void;
}
