// Owns turning an optimised description into a proposed SKILL.md: the one frontmatter value changed (the editor's own
// field writer, so comments and layout stay), and the unified diff the author reviews before anything is written.
// Tested by: test/unit/renderer/evals/description-optimizer.test.tsx
import { createTwoFilesPatch } from 'diff';
import type { OptimizeResult } from '../../../shared/evals.js';
import { SkillError } from '../../../shared/errors.js';
import { setFrontmatterField } from '../../../shared/syntax/frontmatter-edit.js';

/** SKILL.md's text with its description replaced; other manifest formats are refused with what to do. */
export function withNewDescription(text: string, description: string, file: string): string {
  if (!/\.md$/i.test(file))
    throw new SkillError(
      'InvalidFormat',
      `${file}: the optimiser writes a SKILL.md description; copy the proposed description into this manifest by hand.`,
    );
  try {
    return setFrontmatterField(text, 'description', description);
  } catch (error) {
    throw new SkillError('ParseError', `${file}: ${(error as Error).message}`);
  }
}

/** The change as a unified diff, labelled as the current file and the proposal. */
export function descriptionDiff(file: string, before: string, after: string): string {
  return createTwoFilesPatch(file, file, before, after, 'current', 'proposed', { context: 3 });
}

/**
 * The proposal an optimisation makes of the SKILL.md text it started from: the text with the best description and
 * the diff (`label` names the file in it), or nothing when the best is the description it has.
 */
export function proposal(
  text: string,
  file: string,
  label: string,
  result: Pick<OptimizeResult, 'best_description' | 'original_description'>,
): { proposed?: string; diff?: string } {
  if (result.best_description === result.original_description) return {};
  const proposed = withNewDescription(text, result.best_description, file);
  return { proposed, diff: descriptionDiff(label, text, proposed) };
}
