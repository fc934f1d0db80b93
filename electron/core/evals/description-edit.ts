// Owns turning an optimised description into a proposed SKILL.md: the one frontmatter value changed (the editor's own
// field writer, so comments and layout stay), and the unified diff the author reviews before anything is written.
import { createTwoFilesPatch } from 'diff';
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
