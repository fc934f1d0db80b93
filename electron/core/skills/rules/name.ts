// Rules for `name`: present, well formed (ASCII lowercase, digits, single hyphens, 1–64), equal to the folder.
import { dirname, join } from 'node:path';
import type { TextEdit } from '../../../../shared/types.js';
import {
  at,
  atHeader,
  characters,
  describeValue,
  quoted,
  replaceValue,
  type Rule,
  type RuleContext,
} from './rule.js';

const NAME_MAX = 64;
const ASCII_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Lowercase letters of any script (and letters without case, such as CJK), digits, single hyphens. */
const UNICODE_NAME = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{Mn}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{Nd}\p{Mn}]+)*$/u;
const RESERVED = ['anthropic', 'claude'];

const nameValue = (ctx: RuleContext): string | undefined => {
  const v = ctx.fields.get('name')?.value;
  return typeof v === 'string' ? v : undefined;
};
const namePath = (ctx: RuleContext) => [ctx.fields.get('name')?.key ?? 'name'];

/** The closest valid ASCII name: lowercase, runs of other characters become one hyphen. */
export function suggestName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NAME_MAX)
    .replace(/-+$/, '');
}

/** A name that passes name-format and name-too-long (and so holds no path separator and is no `.` or `..`). */
const wellFormed = (name: string) =>
  (ASCII_NAME.test(name) || UNICODE_NAME.test(name)) && characters(name) <= NAME_MAX;

const nameMissing: Rule = {
  id: 'name-missing',
  summary: 'The frontmatter has no `name`; the folder name is used instead.',
  check(skill, ctx) {
    if (!ctx.raw.data || ctx.fields.has('name')) return [];
    const fix = {
      title: `Add \`name: ${ctx.folderName}\``,
      edits: insertKeyEdits(ctx, `name: ${ctx.folderName}`),
    };
    return [
      atHeader(
        ctx,
        'warning',
        'name-missing',
        `The manifest has no \`name\`; "${ctx.folderName}" (the folder name) is used. Add \`name: ${ctx.folderName}\`.`,
        fix.edits.length ? fix : undefined,
      ),
    ];
  },
};

const nameType: Rule = {
  id: 'name-type',
  summary: '`name` must be a string.',
  check(_skill, ctx) {
    const f = ctx.fields.get('name');
    if (!f || typeof f.value === 'string') return [];
    return [
      at(
        ctx,
        [f.key],
        'error',
        'name-type',
        `\`name\` must be a string, but it is ${describeValue(f.value)}. Write a name like \`${ctx.folderName}\`.`,
      ),
    ];
  },
};

const nameFormat: Rule = {
  id: 'name-format',
  codes: ['name-empty'],
  summary: '`name` uses lowercase letters, digits and single hyphens, with no hyphen at either end.',
  check(_skill, ctx) {
    const name = nameValue(ctx);
    if (name === undefined) return [];
    if (name.trim() === '') {
      return [
        at(
          ctx,
          namePath(ctx),
          'error',
          'name-empty',
          `\`name\` is empty. Set it to the folder name, "${ctx.folderName}".`,
          replaceValue(ctx, namePath(ctx), `Set name to ${ctx.folderName}`, ctx.folderName),
        ),
      ];
    }
    if (ASCII_NAME.test(name) || UNICODE_NAME.test(name)) return [];
    const problems: string[] = [];
    if (/\p{Lu}|\p{Lt}/u.test(name)) problems.push('uppercase letters');
    if (/^-|-$/.test(name)) problems.push('a leading or trailing hyphen');
    if (/--/.test(name)) problems.push('consecutive hyphens');
    const other = [...new Set(name.replace(/[\p{L}\p{Nd}\p{Mn}-]/gu, ''))];
    if (other.length) problems.push(`the character(s) ${other.map((c) => JSON.stringify(c)).join(' ')}`);
    const suggestion = suggestName(name);
    const fix = suggestion
      ? replaceValue(ctx, namePath(ctx), `Rename to ${suggestion}`, suggestion)
      : undefined;
    return [
      at(
        ctx,
        namePath(ctx),
        'error',
        'name-format',
        `\`name\` "${name}" has ${problems.join(', ') || 'characters that are not allowed'}; a name may only hold lowercase ` +
          `letters, digits and single hyphens, with no hyphen at either end${suggestion ? `: use "${suggestion}"` : ''}.`,
        fix,
      ),
    ];
  },
};

const nameTooLong: Rule = {
  id: 'name-too-long',
  summary: '`name` is at most 64 characters.',
  check(_skill, ctx) {
    const name = nameValue(ctx);
    if (name === undefined) return [];
    const length = characters(name);
    if (length <= NAME_MAX) return [];
    return [
      at(
        ctx,
        namePath(ctx),
        'error',
        'name-too-long',
        `\`name\` is ${length} characters long; the limit is ${NAME_MAX}. Shorten it (and the folder name with it).`,
      ),
    ];
  },
};

const nameNonAscii: Rule = {
  id: 'name-non-ascii',
  summary: '`name` uses letters outside ASCII: not portable across runtimes.',
  check(_skill, ctx) {
    const name = nameValue(ctx);
    if (name === undefined || ASCII_NAME.test(name) || !UNICODE_NAME.test(name)) return [];
    const suggestion = suggestName(name);
    return [
      at(
        ctx,
        namePath(ctx),
        'warning',
        'name-non-ascii',
        `\`name\` "${name}" uses letters outside ASCII; the Agent Skills spec and hosted platforms accept only a-z, 0-9 and hyphens` +
          (suggestion ? `: consider "${suggestion}".` : '.'),
        suggestion ? replaceValue(ctx, namePath(ctx), `Rename to ${suggestion}`, suggestion) : undefined,
      ),
    ];
  },
};

const nameReservedWord: Rule = {
  id: 'name-reserved-word',
  summary: 'Hosted platforms reject names containing "anthropic" or "claude".',
  check(_skill, ctx) {
    const name = nameValue(ctx);
    const word = name && RESERVED.find((w) => name.toLowerCase().includes(w));
    if (!word) return [];
    return [
      at(
        ctx,
        namePath(ctx),
        'warning',
        'name-reserved-word',
        `\`name\` "${name}" contains the reserved word "${word}", which hosted platforms refuse on upload. Choose another name.`,
      ),
    ];
  },
};

const nameFolderMismatch: Rule = {
  id: 'name-folder-mismatch',
  summary: '`name` equals the name of the folder holding the manifest (compared after NFKC).',
  check(_skill, ctx) {
    const name = nameValue(ctx);
    if (name === undefined || name.trim() === '') return [];
    if (name.normalize('NFKC') === ctx.folderName.normalize('NFKC')) return [];
    // Each fix makes the two equal; one that would leave a name that breaks name-format is not offered.
    const fixes = [];
    const setName =
      wellFormed(ctx.folderName) &&
      replaceValue(
        ctx,
        namePath(ctx),
        `Set name to "${ctx.folderName}"`,
        needsQuotes(ctx.folderName) ? quoted(ctx.folderName) : ctx.folderName,
      );
    if (setName) fixes.push(setName);
    if (wellFormed(name)) {
      fixes.push({
        title: `Rename the folder to "${name}"`,
        edits: [],
        rename: { from: ctx.folderPath, to: join(dirname(ctx.folderPath), name) },
      });
    }
    const [fix, ...alternatives] = fixes;
    return [
      at(
        ctx,
        namePath(ctx),
        'error',
        'name-folder-mismatch',
        `\`name\` "${name}" differs from its folder "${ctx.folderName}"; runtimes find a skill by its folder. ` +
          'Rename one so they match.',
        fix,
        'value',
        alternatives,
      ),
    ];
  },
};

function needsQuotes(value: string): boolean {
  return !/^[\p{L}\p{Nd}][\p{L}\p{Nd}._-]*$/u.test(value);
}

/** Edits inserting a `key: value` line right after the frontmatter's opening line (SKILL.md only). */
export function insertKeyEdits(ctx: RuleContext, line: string): TextEdit[] {
  if (ctx.raw.format !== 'skill-md') return [];
  const header = ctx.raw.headerRange.line;
  const at = ctx.raw.lines.lineStart(header + 1);
  return [{ range: ctx.raw.lines.range(at, at), newText: `${line}${ctx.raw.eol}` }];
}

export const nameRules: Rule[] = [
  nameMissing,
  nameType,
  nameFormat,
  nameTooLong,
  nameNonAscii,
  nameReservedWord,
  nameFolderMismatch,
];
