// Rules for YAML that parses but does not mean what the author wrote.
import type { Diagnostic } from '../../../../shared/types.js';
import { at, quoted, type Rule } from './rule.js';

const TEXT_FIELDS = ['description', 'argument-hint', 'compatibility', 'license'];

/** `description: Use C# or F # here` keeps only "Use C# or F": ` #` starts a comment in a plain scalar. */
export const commentInValue: Rule = {
  id: 'comment-in-value',
  summary: 'A ` #` after an unquoted value starts a comment and silently cuts the value.',
  check(_skill, ctx) {
    if (ctx.raw.format !== 'skill-md' || !ctx.raw.scalarStyle) return [];
    // Cheap test first: without " #" in the frontmatter there is no comment to worry about (and no need for
    // the YAML Document that scalarStyle builds).
    if (!/[ \t]#/.test(ctx.raw.text.slice(0, ctx.raw.bodyOffset))) return [];
    const out: Diagnostic[] = [];
    for (const canonical of TEXT_FIELDS) {
      const f = ctx.fields.get(canonical);
      if (!f || typeof f.value !== 'string' || ctx.raw.scalarStyle([f.key]) !== 'plain') continue;
      const span = ctx.raw.span([f.key], 'value');
      if (!span) continue;
      const line = ctx.raw.lines.position(span[1]).line;
      const rest = ctx.raw.text.slice(span[1], ctx.raw.lines.lineEnd(line));
      const comment = /^\s+#.*$/.exec(rest);
      if (!comment) continue;
      const full = `${ctx.raw.text.slice(span[0], span[1])}${rest}`.trim();
      const range = ctx.raw.lines.range(span[0], span[1] + rest.length);
      out.push(
        at(
          ctx,
          [f.key],
          'warning',
          'comment-in-value',
          `\`${f.key}\` stops at " #": YAML reads the rest of the line, "${comment[0].trim()}", as a comment. Quote the value if the # belongs to it.`,
          {
            title: 'Quote the whole line as the value',
            edits: [{ range, newText: quoted(full) }],
          },
        ),
      );
    }
    return out;
  },
};

export const yamlStyleRules: Rule[] = [commentInValue];
