import { describe, expect, it } from 'vitest';
import {
  placeholderAt,
  placeholderNames,
  replacePlaceholders,
} from '../../../../shared/syntax/placeholders.js';
import { splitShellWords } from '../../../../shared/syntax/shell-words.js';

describe('splitShellWords', () => {
  it('escapes only " and \\ inside double quotes, nothing inside single quotes (POSIX)', () => {
    expect(splitShellWords(String.raw`"a\"b" "c\\d" "e\nf" 'g\h'`)).toEqual(['a"b', 'c\\d', 'e\\nf', 'g\\h']);
  });

  it('leaves placeholders as text unless asked to substitute', () => {
    expect(splitShellWords('run {{ a b }}')).toEqual(['run', '{{', 'a', 'b', '}}']);
    expect(splitShellWords('run {{a}}', { substitute: () => 'x y' })).toEqual(['run', 'x y']);
  });

  it('joins a substituted value to the word around it, quoted or not, and never re-splits it', () => {
    const words = splitShellWords(`--v={{a}} "in {{a}} q" pre{{b}}post`, {
      substitute: (n) => (n === 'a' ? `'1 2'` : '"'),
    });
    expect(words).toEqual([`--v='1 2'`, `in '1 2' q`, 'pre"post']);
  });
});

describe('placeholders', () => {
  it('finds names in order of first use, with inner spaces allowed', () => {
    expect(placeholderNames('{{a}} {{ b.c }} {{a}} {{1x}} {{d-e}}')).toEqual(['a', 'b.c', 'd-e']);
  });

  it('matches only at the given index', () => {
    expect(placeholderAt('x{{a}}', 0)).toBeUndefined();
    expect(placeholderAt('x{{ a }}', 1)).toEqual({ name: 'a', length: 7 });
  });

  it('replaces each placeholder through one callback', () => {
    expect(replacePlaceholders('{{a}}-{{b}}', (n, whole) => (n === 'a' ? 'A' : whole))).toBe('A-{{b}}');
  });
});
