// Rules for the types of the other known fields, and for keys: unknown keys, alternative spellings, duplicates.
import { closest } from '../../../../shared/closest.js';
import type { Diagnostic } from '../../../../shared/types.js';
import {
  PROFILE_RUNTIME,
  profileKeys,
  RUNTIME_TABLE,
  runtimeKey,
  yaml11Boolean,
  type KeyType,
} from '../../../../shared/runtime-table.js';
import { canonicalKey, INSTRUCTION_KEYS, isKnownKey } from '../keys.js';
import { isRecord } from '../../../../shared/records.js';
import { at, describeValue, quoted, replaceValue, type Rule } from './rule.js';

/** Keys whose type other rules own (name, description, compatibility, version, allowed-tools). */
const OWN_RULES = new Set(['name', 'description', 'compatibility', 'version', 'allowed-tools']);
const EXPECTED: ReadonlyArray<[string, KeyType]> = RUNTIME_TABLE.filter((k) => !OWN_RULES.has(k.key)).map(
  (k) => [k.key, k.type],
);

function matches(expect: KeyType, v: unknown): boolean {
  switch (expect) {
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'mapping':
      return isRecord(v);
    case 'list':
      return Array.isArray(v);
    case 'string-list':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
    case 'string-or-list':
      return typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
  }
}

const EXPECT_TEXT: Record<KeyType, string> = {
  string: 'a string',
  boolean: 'true or false',
  mapping: 'a mapping of keys to values',
  list: 'a list',
  'string-list': 'a list of strings',
  'string-or-list': 'a string or a list of strings',
};

const fieldType: Rule = {
  id: 'field-type',
  codes: ['yaml11-boolean', 'argument-hint-list'],
  summary: 'Known fields hold the type their runtimes expect (no silent coercion).',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const [canonical, expect] of EXPECTED) {
      const f = ctx.fields.get(canonical);
      if (!f || f.value === null || matches(expect, f.value)) continue;
      const yaml11 = runtimeKey(canonical)?.yaml11Booleans ? yaml11Boolean(f.value) : undefined;
      if (expect === 'boolean' && yaml11 !== undefined && ctx.raw.format === 'skill-md') {
        // Claude Code reads YAML 1.1, where `no` is false: a hint, never an error (issue 11).
        out.push(
          at(
            ctx,
            [f.key],
            'info',
            'yaml11-boolean',
            `\`${f.key}: ${f.value as string}\` is read as ${String(yaml11)} by Claude Code (YAML 1.1) but as the string ` +
              `${JSON.stringify(f.value)} by YAML 1.2 readers. Write ${String(yaml11)}.`,
            replaceValue(ctx, [f.key], `Write ${String(yaml11)}`, String(yaml11)),
          ),
        );
        continue;
      }
      if (canonical === 'argument-hint' && Array.isArray(f.value)) {
        // `argument-hint: [file]` is a YAML flow list; Claude Code turns it back into text, others may not.
        const span = ctx.raw.span([f.key], 'value');
        const source = span ? ctx.raw.text.slice(span[0], span[1]) : undefined;
        const fix = source !== undefined ? replaceValue(ctx, [f.key], 'Quote it', quoted(source)) : undefined;
        out.push(
          at(
            ctx,
            [f.key],
            'warning',
            'argument-hint-list',
            `\`${f.key}\` is written as a YAML list${source !== undefined ? ` (${source})` : ''}; Claude Code shows it as text, ` +
              'other readers get a list. Quote it so every runtime reads the same hint.',
            fix,
          ),
        );
        continue;
      }
      let fix;
      if (expect === 'boolean' && typeof f.value === 'string' && /^(true|false)$/i.test(f.value.trim())) {
        fix = replaceValue(
          ctx,
          [f.key],
          `Write ${f.value.trim().toLowerCase()} without quotes`,
          f.value.trim().toLowerCase(),
        );
      } else if (expect === 'string' && (typeof f.value === 'number' || typeof f.value === 'boolean')) {
        const source = ctx.raw.scalarSource([f.key]);
        if (source !== undefined) fix = replaceValue(ctx, [f.key], 'Quote the value', quoted(source));
      }
      out.push(
        at(
          ctx,
          [f.key],
          'error',
          'field-type',
          `\`${f.key}\` must be ${EXPECT_TEXT[expect]}, but it is ${describeValue(f.value)}.` +
            (fix ? ` ${fix.title}.` : ''),
          fix,
        ),
      );
    }
    return out;
  },
};

const versionType: Rule = {
  id: 'version-type',
  summary: '`version` is written as a string, so `2.10` does not become 2.1.',
  check(_skill, ctx) {
    const f = ctx.fields.get('version');
    if (!f || typeof f.value === 'string') return [];
    const source = ctx.raw.scalarSource([f.key]);
    if (typeof f.value === 'number' && source !== undefined) {
      return [
        at(
          ctx,
          [f.key],
          'warning',
          'version-type',
          String(f.value) === source
            ? `\`version\` ${source} is written as a number, not a string; quote it so every runtime reads "${source}".`
            : `\`version\` ${source} is written as a number, which some runtimes read as ${String(f.value)}. Quote it: "${source}".`,
          replaceValue(ctx, [f.key], 'Quote the version', quoted(source)),
        ),
      ];
    }
    return [
      at(
        ctx,
        [f.key],
        'error',
        'version-type',
        `\`version\` must be a string like "1.0.0", but it is ${describeValue(f.value)}.`,
      ),
    ];
  },
};

const metadataValues: Rule = {
  id: 'metadata-values',
  summary: 'The spec defines `metadata` as a map of strings to strings.',
  check(_skill, ctx) {
    const f = ctx.fields.get('metadata');
    if (!f || !isRecord(f.value)) return [];
    const out: Diagnostic[] = [];
    for (const [k, v] of Object.entries(f.value)) {
      if (typeof v === 'string') continue;
      out.push(
        at(
          ctx,
          [f.key, k],
          'info',
          'metadata-values',
          `\`metadata.${k}\` is ${describeValue(v)}; the Agent Skills spec defines metadata values as strings. Quote it if other clients must read it.`,
        ),
      );
    }
    return out;
  },
};

const unknownKey: Rule = {
  id: 'unknown-key',
  summary: 'Keys the profile does not know are kept in `metadata` and reported.',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const key of Object.keys(ctx.raw.data ?? {})) {
      const canonical = canonicalKey(key);
      if (isKnownKey(ctx.profile, canonical)) continue;
      if (ctx.raw.format !== 'skill-md' && (INSTRUCTION_KEYS as readonly string[]).includes(key)) continue;
      const knownElsewhere = isKnownKey('skillbench', canonical);
      // Keys are case-sensitive in every runtime: `Name` is not `name`. Offer the rename only when it loses nothing.
      const lower = canonicalKey(key.toLowerCase());
      const caseOf =
        !knownElsewhere && lower !== key && isKnownKey('skillbench', lower) && !ctx.fields.has(lower)
          ? lower
          : undefined;
      // A misspelling of a key the profile reads (`licence`), offered only when that key is not written already.
      const guess = knownElsewhere || caseOf ? undefined : closest(key, profileKeys(ctx.profile));
      const meant = guess !== undefined && !ctx.fields.has(guess) ? guess : undefined;
      const rename = caseOf ?? meant;
      out.push(
        at(
          ctx,
          [key],
          'info',
          'unknown-key',
          knownElsewhere
            ? `\`${key}\` is not part of the ${ctx.profile} profile; runtimes of that profile ignore or refuse it. Remove it or move it under \`metadata\`.`
            : caseOf
              ? `\`${key}\` is not \`${caseOf}\`: keys are case-sensitive, so no runtime reads it. Rename it to \`${caseOf}\`.`
              : meant
                ? `\`${key}\` is not a key any known runtime reads; did you mean \`${meant}\`? Rename it, or move it under \`metadata\` if it is your own.`
                : `\`${key}\` is not a key any known runtime reads; it is kept in metadata. Move it under \`metadata\` or check its spelling.`,
          rename ? replaceValue(ctx, [key], `Rename to \`${rename}\``, rename, 'key') : undefined,
          'key',
        ),
      );
    }
    return out;
  },
};

const keyAlias: Rule = {
  id: 'key-alias',
  codes: ['key-alias-duplicate'],
  summary:
    '`allowed_tools` / `allowedTools` are accepted for `allowed-tools`, but the hyphenated spelling is canonical; two spellings of one key clash.',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    const seen = new Map<string, string>();
    for (const key of Object.keys(ctx.raw.data ?? {})) {
      const canonical = canonicalKey(key);
      const first = seen.get(canonical);
      if (first !== undefined) {
        out.push(
          at(
            ctx,
            [key],
            'error',
            'key-alias-duplicate',
            `\`${key}\` and \`${first}\` are two spellings of \`${canonical}\`; only \`${first}\` is used. Keep one.`,
            undefined,
            'key',
          ),
        );
        continue;
      }
      seen.set(canonical, key);
      if (canonical === key || !isKnownKey('skillbench', canonical)) continue;
      // clawft deserialises skill.json with serde: `argument_hint` is its own spelling there, not an alias.
      if (runtimeKey(canonical)?.spelling?.[PROFILE_RUNTIME[ctx.profile]] === key) continue;
      const fix = replaceValue(ctx, [key], `Rename to \`${canonical}\``, canonical, 'key');
      out.push(
        at(
          ctx,
          [key],
          'info',
          'key-alias',
          `\`${key}\` is read as \`${canonical}\`; write \`${canonical}\`, the spelling every runtime knows.`,
          fix,
          'key',
        ),
      );
    }
    return out;
  },
};

export const fieldRules: Rule[] = [fieldType, versionType, metadataValues, unknownKey, keyAlias];
