// Owns what every manage command is given: the project and the user's agent context.
import type { AgentContext } from '../agents/folders.js';

/** Where the project is and whose home the user scope is. */
export interface ManageBase {
  project: string;
  ctx: AgentContext;
  /** Hears what a run did besides its task (a killed install's leftovers put back or trashed), in words. */
  note?: (message: string) => void;
}
