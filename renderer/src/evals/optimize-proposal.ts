// Owns the Evals tab's description proposal: what the optimisation returned, and the author's answer to it. Nothing
// is written until the author applies it, through the editor's writer, over the version the optimisation read; a
// proposal survives switching tabs (it was paid for).
import type { OptimizeView } from '../../../shared/evals.js';

export type ProposalState =
  | { kind: 'none' }
  /** Shown: the iterations, and the diff when the best description is a new one. */
  | { kind: 'proposed'; view: OptimizeView; problem?: string }
  | { kind: 'applying'; view: OptimizeView }
  | { kind: 'applied'; view: OptimizeView };

type ProposalEvent =
  | { type: 'result'; view: OptimizeView }
  | { type: 'apply' }
  | { type: 'applied' }
  | { type: 'refused'; message: string }
  | { type: 'discard' };

export function proposalReducer(state: ProposalState, event: ProposalEvent): ProposalState {
  switch (event.type) {
    case 'result':
      return { kind: 'proposed', view: event.view };
    case 'apply':
      return state.kind === 'proposed' && state.view.proposed !== undefined
        ? { kind: 'applying', view: state.view }
        : state;
    case 'applied':
      return state.kind === 'applying' ? { kind: 'applied', view: state.view } : state;
    case 'refused':
      return state.kind === 'applying' || state.kind === 'proposed'
        ? { kind: 'proposed', view: state.view, problem: event.message }
        : state;
    case 'discard':
      return { kind: 'none' };
  }
}

/**
 * Why the proposal cannot be applied now, or undefined: the editor holds unsaved changes to SKILL.md (applying
 * would lose them or be lost), or the file changed on disk since the optimisation read it (`Conflict`).
 */
export function applyProblem(unsavedText: string | undefined, errorCode?: string): string | undefined {
  if (unsavedText !== undefined)
    return 'SKILL.md has unsaved changes in the editor: save or revert them, then apply (or optimise again).';
  if (errorCode === 'Conflict')
    return 'SKILL.md changed on disk since the optimisation read it, so nothing was written: optimise again.';
  return undefined;
}

/** Proposals per skill, kept while the app runs. */
export const pendingOptimizations = new Map<string, ProposalState>();
