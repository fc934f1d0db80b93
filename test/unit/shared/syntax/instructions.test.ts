import { describe, expect, it } from 'vitest';
import {
  argumentNamesOf,
  PREVIEW_SESSION_ID,
  renderInstructions,
} from '../../../../shared/syntax/instructions.js';
import { loadFixture } from '../../../helpers.js';
import { splitShellWords } from '../../../../shared/syntax/shell-words.js';

describe('splitShellWords (argument strings)', () => {
  it('splits shell-style, removing quotes and honouring escapes', () => {
    expect(splitShellWords(`a "b c" 'd e' f\\ g ""`)).toEqual(['a', 'b c', 'd e', 'f g', '']);
    expect(splitShellWords('   ')).toEqual([]);
  });
});

describe('renderInstructions', () => {
  it('substitutes $ARGUMENTS with the raw string and $N / $ARGUMENTS[N] with split positions (0-based)', () => {
    const r = renderInstructions({
      instructions: 'All: $ARGUMENTS\nFirst: $0, second: $ARGUMENTS[1], third: $2',
      args: 'one "two words"',
    });
    expect(r.text).toBe('All: one "two words"\nFirst: one, second: two words, third: $2');
    expect(r.missing).toEqual(['$2']);
    expect(r.appended).toBe(false);
  });

  it('substitutes named arguments by position, longest name first', () => {
    const r = renderInstructions({
      instructions: 'Review $file at $file_line.',
      args: 'a.ts 12',
      argumentNames: ['file', 'file_line'],
    });
    expect(r.text).toBe('Review a.ts at 12.');
  });

  it('fills {{variables}} that have values and leaves the others as written', () => {
    const r = renderInstructions({
      instructions: 'Hello {{ who }}, from {{place}}.',
      args: '',
      variables: { who: 'Ada' },
    });
    expect(r.text).toBe('Hello Ada, from {{place}}.');
  });

  it('appends ARGUMENTS: when the body has no placeholder, and only when arguments were given', () => {
    expect(renderInstructions({ instructions: 'Do it.\n', args: 'now' }).text).toBe(
      'Do it.\n\nARGUMENTS: now\n',
    );
    expect(renderInstructions({ instructions: 'Do it.\n', args: '' }).text).toBe('Do it.\n');
  });

  it('reads frontmatter `arguments` as a list or a space-separated string', () => {
    expect(argumentNamesOf(['a', 'b-c', 3, 'bad name'])).toEqual(['a', 'b-c']);
    expect(argumentNamesOf('x y')).toEqual(['x', 'y']);
    expect(argumentNamesOf({})).toEqual([]);
  });
});

describe('Claude Code substitutions in the preview (issue 11)', () => {
  it('substitutes ${CLAUDE_SKILL_DIR} and a placeholder ${CLAUDE_SESSION_ID}, and lists !`command` lines', () => {
    const skill = loadFixture('runtime/cc-preview').skill;
    const r = renderInstructions({
      instructions: skill?.instructions ?? '',
      args: 'src',
      skillDir: '/skills/cc-preview',
    });
    expect(r.text).toContain('node /skills/cc-preview/scripts/summary.js src');
    expect(r.text).toContain(`/tmp/${PREVIEW_SESSION_ID}.log`);
    expect(r.commands).toEqual(['git status --short', 'git branch --show-current']);
    expect(r.text).toContain('!`git status --short`'); // listed, never run: the line stays as written
  });
});
