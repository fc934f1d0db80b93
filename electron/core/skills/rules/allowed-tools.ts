// Rule for `allowed-tools`: a list or a space/comma separated string, each profile preferring one form.
import { splitAllowedTools } from '../normalize.js';
import { at, describeValue, quoted, replaceValue, type Rule } from './rule.js';

export const allowedToolsFormat: Rule = {
  id: 'allowed-tools-format',
  codes: ['allowed-tools-type'],
  summary:
    '`allowed-tools` is a list or a space-separated string; the spec (portable) wants the string form.',
  check(_skill, ctx) {
    const f = ctx.fields.get('allowed-tools');
    if (!f || f.value === null) return [];
    const path = [f.key];
    if (Array.isArray(f.value)) {
      const bad = f.value.findIndex((v) => typeof v !== 'string' || v.trim() === '');
      if (bad !== -1) {
        return [
          at(
            ctx,
            [f.key, bad],
            'error',
            'allowed-tools-type',
            `Entry ${bad + 1} of \`allowed-tools\` is ${describeValue(f.value[bad])}; each entry must name a tool, e.g. \`Read\` or \`Bash(git diff:*)\`.`,
          ),
        ];
      }
      if (ctx.profile !== 'portable') return [];
      const joined = (f.value as string[]).join(' ');
      return [
        at(
          ctx,
          path,
          'warning',
          'allowed-tools-format',
          'The Agent Skills spec defines `allowed-tools` as one space-separated string; some clients reject a list. Write it as a string.',
          replaceValue(ctx, path, 'Convert to a space-separated string', quoted(joined)),
        ),
      ];
    }
    if (typeof f.value !== 'string') {
      return [
        at(
          ctx,
          path,
          'error',
          'allowed-tools-type',
          `\`allowed-tools\` must be a list of tool names or a space-separated string, but it is ${describeValue(f.value)}.`,
        ),
      ];
    }
    const tools = splitAllowedTools(f.value);
    if (ctx.profile === 'portable') {
      if (!/,/.test(f.value.replace(/\([^)]*\)/g, ''))) return [];
      return [
        at(
          ctx,
          path,
          'warning',
          'allowed-tools-format',
          'The Agent Skills spec separates `allowed-tools` with spaces, not commas. Use spaces.',
          replaceValue(ctx, path, 'Separate with spaces', quoted(tools.join(' '))),
        ),
      ];
    }
    // Space-separated is the spec's own form; only commas (which the spec does not define) are worth a note.
    if (tools.length < 2 || !/,/.test(f.value.replace(/\([^)]*\)/g, ''))) return [];
    const list =
      ctx.raw.format === 'skill-md'
        ? `[${tools.map((t) => (/^[\w*-]+$/.test(t) ? t : quoted(t))).join(', ')}]`
        : `[${tools.map(quoted).join(', ')}]`;
    return [
      at(
        ctx,
        path,
        'info',
        'allowed-tools-format',
        `\`allowed-tools\` is a string read as ${tools.length} tools (${tools.join(', ')}); commas are not the spec's separator, and a list says the same without relying on any.`,
        replaceValue(ctx, path, 'Convert to a list', list),
      ),
    ];
  },
};
