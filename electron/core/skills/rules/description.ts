// Rules for `description` (1–1024 characters, a string, no XML tags) and `compatibility` (at most 500).
import { CLAUDE_CODE_LISTING_MAX } from '../../../../shared/runtime-table.js';
import { insertKeyEdits } from './name.js';
import { commentAfterKey } from './yaml-style.js';
import {
  at,
  atHeader,
  atRange,
  characters,
  describeValue,
  quoted,
  replaceValue,
  truncate,
  type Rule,
} from './rule.js';

const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;

const descriptionMissing: Rule = {
  id: 'description-missing',
  summary: 'The manifest has a `description`: it is how a model decides to use the skill.',
  check(_skill, ctx) {
    if (!ctx.raw.data || ctx.fields.has('description')) return [];
    const edits = insertKeyEdits(ctx, 'description: TODO describe what this skill does and when to use it');
    return [
      atHeader(
        ctx,
        'error',
        'description-missing',
        'The manifest has no `description`. Add one saying what the skill does and when to use it; models pick skills by it.',
        edits.length ? { title: 'Add a description', edits } : undefined,
      ),
    ];
  },
};

const descriptionType: Rule = {
  id: 'description-type',
  summary: '`description` is a string (a number or boolean is never coerced silently).',
  check(_skill, ctx) {
    const f = ctx.fields.get('description');
    if (!f || typeof f.value === 'string' || f.value === null) return [];
    const source = ctx.raw.scalarSource([f.key]);
    const scalar = typeof f.value === 'number' || typeof f.value === 'boolean';
    return [
      at(
        ctx,
        [f.key],
        'error',
        'description-type',
        `\`description\` must be a string, but it is ${describeValue(f.value)}.` +
          (scalar ? ' Quote it to make it text.' : ' Write it as one string.'),
        scalar && source !== undefined
          ? replaceValue(ctx, [f.key], 'Quote the description', quoted(source))
          : undefined,
      ),
    ];
  },
};

const descriptionEmpty: Rule = {
  id: 'description-empty',
  summary: '`description` is not empty.',
  check(_skill, ctx) {
    const f = ctx.fields.get('description');
    if (!f || !(f.value === null || (typeof f.value === 'string' && f.value.trim() === ''))) return [];
    // `description: #1 tool` is a key with a comment after it: say so, and offer to quote it.
    const comment = commentAfterKey(ctx, f.key);
    if (comment)
      return [
        atRange(
          ctx,
          ctx.raw.file,
          comment.range,
          'error',
          'description-empty',
          `\`description\` is empty: the \`#\` after \`${f.key}:\` starts a YAML comment, so ${JSON.stringify(comment.text)} ` +
            'was dropped. Quote the value to keep it.',
          { title: 'Quote the value', edits: [{ range: comment.range, newText: quoted(comment.text) }] },
        ),
      ];
    return [
      at(
        ctx,
        [f.key],
        'error',
        'description-empty',
        '`description` is empty. Say what the skill does and when to use it.',
      ),
    ];
  },
};

/** Letters and digits only, lowercase: "Runbook Generator" and "runbook-generator" are the same words. */
const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const descriptionPlaceholder: Rule = {
  id: 'description-placeholder',
  summary:
    'The description says more than the name: a model chooses a skill by what it does and when to use it.',
  check(skill, ctx) {
    const f = ctx.fields.get('description');
    if (!f || typeof f.value !== 'string' || f.value.trim() === '') return [];
    // Only a description about as short as a name or a title can repeat one: most are skipped before any regex.
    const candidates = [skill.name, ctx.folderName, skill.firstLine ?? ''];
    if (f.value.length > 2 * Math.max(...candidates.map((t) => t.length)) + 8) return [];
    const said = words(f.value);
    const repeats = candidates.find((t) => t && words(t) === said);
    if (repeats === undefined) return [];
    return [
      at(
        ctx,
        [f.key],
        'warning',
        'description-placeholder',
        `\`description\` ${JSON.stringify(f.value.trim())} only repeats the skill's ${repeats === skill.firstLine ? 'title' : 'name'}; ` +
          'a model picks a skill by its description, so this one will hardly ever be chosen. Say what it does and when ' +
          'to use it ("Generates … Use when …").',
      ),
    ];
  },
};

const descriptionTooLong: Rule = {
  id: 'description-too-long',
  codes: ['description-truncated'],
  summary:
    '`description` is at most 1024 characters (the spec); Claude Code cuts `description` + `when_to_use` at 1536.',
  check(_skill, ctx) {
    const f = ctx.fields.get('description');
    if (!f || typeof f.value !== 'string') return [];
    if (ctx.profile === 'claude-code') {
      // Claude Code does not refuse a long description: it truncates description + when_to_use in its listing.
      const when = ctx.fields.get('when_to_use')?.value;
      const listed = [...f.value, ...(typeof when === 'string' ? when : '')];
      if (listed.length <= CLAUDE_CODE_LISTING_MAX) return [];
      const cut = listed.slice(CLAUDE_CODE_LISTING_MAX).join('');
      return [
        at(
          ctx,
          [f.key],
          'warning',
          'description-truncated',
          `\`description\`${typeof when === 'string' ? ' + `when_to_use`' : ''} is ${listed.length} characters; ` +
            `Claude Code lists only the first ${CLAUDE_CODE_LISTING_MAX} and cuts ${listed.length - CLAUDE_CODE_LISTING_MAX}: ` +
            `${JSON.stringify(truncate(cut, 80))}. Move details into the instructions.`,
        ),
      ];
    }
    if (characters(f.value) <= DESCRIPTION_MAX) return [];
    return [
      at(
        ctx,
        [f.key],
        'error',
        'description-too-long',
        `\`description\` is ${characters(f.value)} characters long; the limit is ${DESCRIPTION_MAX}. ` +
          'Keep the what and when here and move details into the instructions.',
      ),
    ];
  },
};

const descriptionXmlTags: Rule = {
  id: 'description-xml-tags',
  summary: 'Hosted platforms refuse descriptions holding XML/HTML tags.',
  check(_skill, ctx) {
    const f = ctx.fields.get('description');
    if (!f || typeof f.value !== 'string') return [];
    const tag = /<\/?[A-Za-z][\w:-]*(?:\s[^<>]*)?\/?>/.exec(f.value);
    if (!tag) return [];
    return [
      at(
        ctx,
        [f.key],
        'warning',
        'description-xml-tags',
        `\`description\` holds the tag ${JSON.stringify(truncate(tag[0], 30))}; hosted platforms refuse XML tags in descriptions. Describe it in words.`,
      ),
    ];
  },
};

const compatibilityRule: Rule = {
  id: 'compatibility-too-long',
  codes: ['compatibility-type'],
  summary: '`compatibility` is a string of at most 500 characters.',
  check(_skill, ctx) {
    const f = ctx.fields.get('compatibility');
    if (!f) return [];
    if (typeof f.value !== 'string') {
      return [
        at(
          ctx,
          [f.key],
          'error',
          'compatibility-type',
          `\`compatibility\` must be a string, but it is ${describeValue(f.value)}. Describe the environment the skill needs in words.`,
        ),
      ];
    }
    if (characters(f.value) <= COMPATIBILITY_MAX) return [];
    return [
      at(
        ctx,
        [f.key],
        'error',
        'compatibility-too-long',
        `\`compatibility\` is ${characters(f.value)} characters long; the limit is ${COMPATIBILITY_MAX}. Shorten it.`,
      ),
    ];
  },
};

export const descriptionRules: Rule[] = [
  descriptionMissing,
  descriptionType,
  descriptionEmpty,
  descriptionPlaceholder,
  descriptionTooLong,
  descriptionXmlTags,
  compatibilityRule,
];
