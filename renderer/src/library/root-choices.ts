// Owns where a new or duplicated skill may go: every root but the bundled examples, an agent's live folder marked
// with the agents that load from it, a root with errors offered disabled with the reason, and a default that is never
// an agent's live folder (pressing Enter must not make an experiment live in Claude Code).
import type { Diagnostic, RootInfo } from '../../../shared/types.js';

export interface RootChoice {
  root: RootInfo;
  /** "live in Claude Code": the agents that load skills from this folder (an agent's skills folder). */
  live?: string;
  /** Why the root cannot take a skill (its errors); the choice is then disabled. */
  problem?: string;
}

/** How many agents a label names before "and N more". */
const NAMED_AGENTS = 2;

function liveIn(root: RootInfo, agents: readonly { id: string; displayName: string }[]): string | undefined {
  const names = (root.readers ?? []).map((r) => agents.find((a) => a.id === r.agent)?.displayName ?? r.agent);
  if (!names.length) return undefined;
  const named = names.slice(0, NAMED_AGENTS).join(', ');
  const more = names.length - NAMED_AGENTS;
  return `live in ${named}${more > 0 ? ` and ${more} more agent${more > 1 ? 's' : ''}` : ''}`;
}

/** The roots a skill may be written to, in precedence order. `diagnostics`: the library's problems with roots. */
export function rootChoices(
  roots: readonly RootInfo[],
  diagnostics: readonly Diagnostic[],
  agents: readonly { id: string; displayName: string }[],
): RootChoice[] {
  return roots
    .filter((r) => r.kind !== 'bundled')
    .map((root) => {
      const live = liveIn(root, agents);
      const problem = diagnostics.find((d) => d.severity === 'error' && d.file === root.path)?.message;
      return { root, ...(live ? { live } : {}), ...(problem ? { problem } : {}) };
    });
}

/**
 * The root chosen first: the skill's own root when it is a library of the user's (not an agent's live folder, no
 * errors), else the first such root; none when every writable root is an agent's folder (the user then picks).
 */
export function defaultRootId(choices: readonly RootChoice[], ownRootId?: string): string {
  const library = (c: RootChoice) => !c.live && !c.problem;
  const own = choices.find((c) => c.root.id === ownRootId);
  return (own && library(own) ? own : choices.find(library))?.root.id ?? '';
}

/** The text of a choice in the Root list. */
export function choiceLabel(c: RootChoice): string {
  return `${c.root.path}${c.live ? ` (${c.live})` : ''}${c.problem ? ` (cannot be used: ${c.problem})` : ''}`;
}
