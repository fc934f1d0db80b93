// Owns reading a cmd.exe command template as cmd will (quotes, carets, `%`/`!` variables under delayed
// expansion): each placeholder's context, or a problem naming where no reference can be exact.
// Tested by: test/unit/core/tools/shell-syntax.test.ts
import { placeholderAt, placeholderNames } from '../../../shared/syntax/placeholders.js';
import {
  withPositions,
  type PlaceholderUse,
  type RawProblem,
  type TemplateAnalysis,
} from './shell-syntax.js';

/** Where a placeholder stands in a cmd.exe template. */
type CmdContext = 'word' | 'quoted';

/** A cmd template's analysis, with the literal `!` it holds (the renderer escapes them for delayed expansion). */
interface CmdAnalysis extends TemplateAnalysis<CmdContext> {
  bangs: Array<{ offset: number; quoted: boolean }>;
}

/**
 * The context of every placeholder of a cmd.exe template, run with delayed expansion (`/v:on`) so that values
 * expand after cmd has parsed the line. cmd has no escape inside quotes and each `"` toggles; `^` escapes outside
 * quotes; `%name%` and `!name!` are variables. Under delayed expansion a line holding `!` loses one more level of
 * carets, so a caret that would survive to that step is refused rather than guessed.
 */
export function analyseCmdTemplate(template: string): CmdAnalysis {
  const uses: PlaceholderUse<CmdContext>[] = [];
  const problems: RawProblem[] = [];
  const bangs: CmdAnalysis['bangs'] = [];
  let quoted = false;
  const delayed = placeholderNames(template).length > 0 || template.includes('!');
  const caret = (offset: number, where: string) =>
    problems.push({
      offset,
      message: `${where}, this ^ would be removed by delayed expansion (which keeps values from being read as commands); remove it, or quote the character instead`,
    });
  for (let i = 0; i < template.length;) {
    const p = placeholderAt(template, i);
    if (p) {
      const before = template[i - 1] ?? '';
      const after = template[i + p.length] ?? '';
      if (before === '%' || after === '%')
        problems.push({
          offset: i,
          message: 'a placeholder next to % would join a %variable% reference; put a space between',
        });
      else if (before === '\\')
        problems.push({
          offset: i,
          message:
            'a backslash right before a placeholder would escape the quote that may start its value; remove it',
        });
      else if (!quoted && (before === '"' || after === '"'))
        problems.push({
          offset: i,
          message:
            'outside quotes a value is quoted by itself, and a quote right next to it would join the two quotes; put the placeholder inside the quotes, or a space between',
        });
      else if (quoted && placeholderAt(template, i + p.length))
        problems.push({
          offset: i + p.length,
          message:
            'inside quotes, two placeholders right next to each other cannot both be exact; separate them',
        });
      else uses.push({ start: i, end: i + p.length, name: p.name, context: quoted ? 'quoted' : 'word' });
      i += p.length;
      continue;
    }
    const c = template[i];
    if (c === '"') quoted = !quoted;
    else if (c === '!') bangs.push({ offset: i, quoted });
    else if (c === '^' && quoted && delayed) caret(i, 'inside quotes');
    else if (c === '^' && !quoted) {
      const next = template[i + 1];
      if (delayed && (next === '^' || next === '!')) caret(i, 'before ^ or !');
      i++; // the escaped character is literal
    } else if (c === '\n' || c === '\r')
      problems.push({ offset: i, message: 'a cmd template is one line; join the commands with &' });
    i++;
  }
  if (quoted)
    problems.push({
      offset: template.lastIndexOf('"'),
      message: 'this " is never closed; add the closing "',
    });
  return { uses, problems: withPositions(template, problems), bangs };
}
