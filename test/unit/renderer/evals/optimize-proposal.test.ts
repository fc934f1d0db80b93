// The Evals tab's description proposal: shown, applied only on request (and only once), refused with the reason.
import { describe, expect, it } from 'vitest';
import type { OptimizeView } from '../../../../shared/evals.js';
import {
  applyProblem,
  proposalReducer,
  type ProposalState,
} from '../../../../renderer/src/evals/optimize-proposal.js';

const view = (proposed?: string): OptimizeView =>
  ({
    result: {},
    path: '/s/SKILL.md',
    hash: 'h',
    ...(proposed ? { proposed, diff: '@@' } : {}),
  }) as OptimizeView;

describe('proposalReducer', () => {
  it('goes proposed → applying → applied, and back to proposed with the reason when refused', () => {
    let s: ProposalState = proposalReducer({ kind: 'none' }, { type: 'result', view: view('new') });
    expect(s.kind).toBe('proposed');
    s = proposalReducer(s, { type: 'apply' });
    expect(s.kind).toBe('applying');
    expect(proposalReducer(s, { type: 'applied' }).kind).toBe('applied');
    expect(proposalReducer(s, { type: 'refused', message: 'changed' })).toEqual({
      kind: 'proposed',
      view: view('new'),
      problem: 'changed',
    });
  });

  it('has nothing to apply when the best is the current description, and forgets on discard', () => {
    const s = proposalReducer({ kind: 'none' }, { type: 'result', view: view() });
    expect(proposalReducer(s, { type: 'apply' })).toBe(s);
    expect(proposalReducer(s, { type: 'discard' })).toEqual({ kind: 'none' });
  });
});

describe('applyProblem', () => {
  it('waits for the editor’s unsaved SKILL.md, and explains a conflict', () => {
    expect(applyProblem('---\nname: x\n---\n')).toMatch(/^SKILL\.md has unsaved changes in the editor/);
    expect(applyProblem(undefined, 'Conflict')).toMatch(/changed on disk since the optimisation read it/);
    expect(applyProblem(undefined)).toBeUndefined();
  });
});
