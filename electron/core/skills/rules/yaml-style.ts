// Rules for YAML that parses but does not mean what the author wrote.
import type { Diagnostic, Range } from '../../../../shared/types.js';
import { at, atRange, quoted, type Rule, type RuleContext } from './rule.js';

const TEXT_FIELDS = ['description', 'argument-hint', 'compatibility', 'license'];

/** `description: Use C# or F # here` keeps only "Use C# or F": ` #` starts a comment in a plain scalar. */
const commentInValue: Rule = {
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
      // A value that is all comment (`argument-hint: #n`); an empty description says so itself.
      const whole =
        f && f.value === null && canonical !== 'description' ? commentAfterKey(ctx, f.key) : undefined;
      if (f && whole) {
        out.push(
          atRange(
            ctx,
            ctx.raw.file,
            whole.range,
            'warning',
            'comment-in-value',
            `\`${f.key}\` is empty: the \`#\` after \`${f.key}:\` starts a YAML comment, so ${JSON.stringify(whole.text)} was dropped. Quote the value to keep it.`,
            { title: 'Quote the value', edits: [{ range: whole.range, newText: quoted(whole.text) }] },
          ),
        );
        continue;
      }
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

/** What follows `key:` on the key's own line, with where it starts: the value as written, before YAML read it. */
function afterKey(ctx: RuleContext, key: string): { text: string; start: number } | undefined {
  if (ctx.raw.format !== 'skill-md') return undefined;
  const span = ctx.raw.span([key], 'key');
  if (!span) return undefined;
  const line = ctx.raw.lines.position(span[1]).line;
  const rest = ctx.raw.text.slice(span[1], ctx.raw.lines.lineEnd(line));
  const m = /^([ \t]*:[ \t]+)(\S.*?)[ \t\r]*$/.exec(rest);
  return m ? { text: m[2] ?? '', start: span[1] + (m[1]?.length ?? 0) } : undefined;
}

/** `key: #1 tool`: YAML reads a comment where the author wrote the value. The comment and where it is. */
export function commentAfterKey(ctx: RuleContext, key: string): { text: string; range: Range } | undefined {
  const after = afterKey(ctx, key);
  if (!after?.text.startsWith('#')) return undefined;
  return { text: after.text, range: ctx.raw.lines.range(after.start, after.start + after.text.length) };
}

/**
 * `description: &draft notes` or `description: !important do this`: YAML takes the first word as an anchor or a tag
 * and drops it from the value. (`!!binary`-style tags are YAML's own and reported as `yaml-tag`.)
 */
const unquotedAnchorTag: Rule = {
  id: 'unquoted-anchor-tag',
  summary: 'A value starting with `&` or `!` loses its first word to YAML (an anchor or a tag).',
  check(_skill, ctx) {
    // The first `: &` or `: !` in the file tells: none, or one past the frontmatter, and there is nothing to check.
    const first = ctx.raw.format === 'skill-md' ? /:[ \t]+[&!]/.exec(ctx.raw.text) : null;
    if (!first || first.index >= ctx.raw.bodyOffset) return [];
    const out: Diagnostic[] = [];
    // Every top-level field: the parser takes such a tag for prose and leaves the saying to this rule.
    for (const f of ctx.fields.values()) {
      if (typeof f.value !== 'string') continue;
      const after = afterKey(ctx, f.key);
      const m = after && /^([&!](?!!)\S*)[ \t]+\S/.exec(after.text);
      if (!after || !m) continue;
      const what = after.text.startsWith('&') ? 'an anchor' : 'a tag';
      const range = ctx.raw.lines.range(after.start, after.start + after.text.length);
      out.push(
        atRange(
          ctx,
          ctx.raw.file,
          range,
          'warning',
          'unquoted-anchor-tag',
          `\`${f.key}\` starts with ${JSON.stringify(m[1])}, which YAML reads as ${what}, not text: the value is ` +
            `${JSON.stringify(typeof f.value === 'string' ? f.value : '')} without it. Quote the value to keep it.`,
          { title: 'Quote the value', edits: [{ range, newText: quoted(after.text) }] },
        ),
      );
    }
    return out;
  },
};

export const yamlStyleRules: Rule[] = [commentInValue, unquotedAnchorTag];
