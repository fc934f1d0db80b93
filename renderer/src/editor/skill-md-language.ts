// The `skill-md` language of SKILL.md files (issue 13): the frontmatter between the first two `---` lines is
// highlighted as YAML, the rest as Markdown, both through Monaco's own tokenizers embedded by a small Monarch
// grammar (indented YAML no longer reads as Markdown code in red).
import { monaco } from '../monaco/monaco.js';

export const SKILL_MD = 'skill-md';

monaco.languages.register({ id: SKILL_MD, aliases: ['SKILL.md'] });

const FENCE = /^---[ \t]*$/;
/** Never matches: the body is Markdown to the end of the file, but Monarch wants a way out of an embedded part. */
const NEVER = /(?!)x/;

monaco.languages.setMonarchTokensProvider(SKILL_MD, {
  defaultToken: '',
  tokenizer: {
    // The first line decides: a `---` opens the frontmatter, anything else is Markdown from there on.
    root: [
      [FENCE, { token: 'delimiter', switchTo: '@frontmatter', nextEmbedded: 'yaml' }],
      [/^/, { token: '@rematch', switchTo: '@body', nextEmbedded: 'markdown' }],
    ],
    frontmatter: [[FENCE, { token: '@rematch', switchTo: '@closing', nextEmbedded: '@pop' }]],
    closing: [[FENCE, { token: 'delimiter', switchTo: '@body', nextEmbedded: 'markdown' }]],
    body: [[NEVER, { token: '@rematch', nextEmbedded: '@pop' }]],
  },
});

monaco.languages.setLanguageConfiguration(SKILL_MD, {
  comments: { blockComment: ['<!--', '-->'] },
  brackets: [
    ['{', '}'],
    ['[', ']'],
    ['(', ')'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
  ],
});
