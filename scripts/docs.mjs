// Writes the generated reference pages in docs/ from the tables in code (run by `npm run docs` after build:node).
import { writeFileSync } from 'node:fs';
import { format } from 'prettier';
import { renderRuleReference } from '../dist/electron/core/skills/rule-reference.js';

const text = await format(renderRuleReference(), { parser: 'markdown', printWidth: 110 });
writeFileSync(new URL('../docs/rules.md', import.meta.url), text);
console.log('docs/rules.md written');
