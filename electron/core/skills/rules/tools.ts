// Rules for `tools:` entries that hold for every kind: shape, name, kind, timeout, schema validity, locked keys,
// placeholders. What a kind reads (its target, command, url...) is checked by its own module (tools/kinds).
// Tested by: test/unit/core/tools/kinds.test.ts
import { MAX_TIMEOUT_SECS, type Diagnostic, type JsonSchema } from '../../../../shared/types.js';
import { PLACEHOLDER } from '../../../../shared/syntax/placeholders.js';
import { schemaProblems } from '../../schema/check-schema.js';
import { KINDS } from '../../tools/kinds/index.js';
import { declaredArgsOf, type ToolKindModule } from '../../tools/kinds/kind.js';
import { closest } from '../../../../shared/closest.js';
import { label, pathOf, record, str, type ToolEntry } from '../../tools/kinds/tool-entry.js';
import { canonicalToolKey, isKnownToolKey, TOOL_KEYS } from '../keys.js';
import { isRecord } from '../../../../shared/records.js';
import { composeToolName } from '../../tools/compose-name.js';
import { at, describeValue, quoted, replaceValue, type Rule, type RuleContext } from './rule.js';

/** Kind name -> module: the product's is KINDS; tests pass their own to show the rules ask the modules. */
export type KindRegistry = Readonly<Record<string, ToolKindModule>>;

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function entries(ctx: RuleContext): ToolEntry[] {
  const tools = ctx.fields.get('tools');
  if (!tools || !Array.isArray(tools.value)) return [];
  const out: ToolEntry[] = [];
  tools.value.forEach((value: unknown, index) => {
    const path = [tools.key, index];
    const fields = new Map<string, [string, unknown]>();
    if (typeof value === 'string') {
      fields.set('name', ['name', value]);
      fields.set('kind', ['kind', 'builtin']);
      fields.set('target', ['target', value]);
    } else if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) {
        const c = canonicalToolKey(k);
        if (!fields.has(c)) fields.set(c, [k, v]);
      }
    } else return;
    out.push({ index, path, fields });
  });
  return out;
}

/** The module of the entry's kind, when the kind is one the registry has. */
function kindOf(kinds: KindRegistry, e: ToolEntry): ToolKindModule | undefined {
  const kind = str(e, 'kind');
  return kind !== undefined && Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
}

const toolEntryShape: Rule = {
  id: 'tool-entry-type',
  codes: ['tool-name-missing', 'tool-name-format', 'tool-name-duplicate', 'tool-unknown-key'],
  summary: 'Each `tools:` entry is a tool name or a mapping with a unique `name` and known keys.',
  check(_skill, ctx) {
    const tools = ctx.fields.get('tools');
    if (!tools || !Array.isArray(tools.value)) return [];
    const out: Diagnostic[] = [];
    tools.value.forEach((value: unknown, index) => {
      if (typeof value !== 'string' && !isRecord(value)) {
        out.push(
          at(
            ctx,
            [tools.key, index],
            'error',
            'tool-entry-type',
            `Tool entry ${index + 1} is ${describeValue(value)}; write a built-in tool name or a mapping with \`name\`, \`kind\` and the kind's fields.`,
          ),
        );
      }
    });
    const seen = new Map<string, number>();
    for (const e of entries(ctx)) {
      const name = str(e, 'name') ?? (e.fields.has('name') ? undefined : str(e, 'target'));
      if (name === undefined || name.trim() === '') {
        out.push(
          at(
            ctx,
            e.fields.has('name') ? pathOf(e, 'name') : e.path,
            'error',
            'tool-name-missing',
            `${label(e)} has no \`name\`. Add a name the tool is called by.`,
          ),
        );
        continue;
      }
      if (!TOOL_NAME.test(name)) {
        out.push(
          at(
            ctx,
            pathOf(e, 'name'),
            'warning',
            'tool-name-format',
            `Tool name "${name}" has characters other than letters, digits, _ and -, or is over 64 characters; its advertised name will be sanitised. Rename it.`,
          ),
        );
      }
      const first = seen.get(name);
      if (first !== undefined) {
        out.push(
          at(
            ctx,
            pathOf(e, 'name'),
            'error',
            'tool-name-duplicate',
            `Tool name "${name}" is already used by tool entry ${first + 1}. Tool names must be unique within a skill.`,
          ),
        );
      } else seen.set(name, e.index);
      for (const [canonical, [written]] of e.fields) {
        if (isKnownToolKey(canonical)) continue;
        out.push(
          at(
            ctx,
            [...e.path, written],
            'warning',
            'tool-unknown-key',
            `${label(e)}: \`${written}\` is not a tool key and is ignored. Known keys: ${TOOL_KEYS.join(', ')}.`,
            undefined,
            'key',
          ),
        );
      }
    }
    return out;
  },
};

function toolKind(kinds: KindRegistry): Rule {
  const names = Object.keys(kinds);
  return {
    id: 'tool-kind-unknown',
    codes: ['tool-kind-missing'],
    summary: `Each tool has a \`kind\`: ${names.join(', ')}.`,
    check(_skill, ctx) {
      const out: Diagnostic[] = [];
      for (const e of entries(ctx)) {
        const kind = e.fields.get('kind')?.[1];
        if (kind === undefined) {
          out.push(
            at(
              ctx,
              e.path,
              'error',
              'tool-kind-missing',
              `${label(e)} has no \`kind\`. Add one of: ${names.join(', ')}.`,
            ),
          );
        } else if (typeof kind !== 'string' || !Object.hasOwn(kinds, kind)) {
          const guess = typeof kind === 'string' ? closest(kind, names) : undefined;
          const fix = guess ? replaceValue(ctx, pathOf(e, 'kind'), `Change to ${guess}`, guess) : undefined;
          out.push(
            at(
              ctx,
              pathOf(e, 'kind'),
              'error',
              'tool-kind-unknown',
              `${label(e)}: kind ${JSON.stringify(kind)} is not known${guess ? ` (did you mean "${guess}"?)` : ''}. Use one of: ${names.join(', ')}.`,
              fix,
            ),
          );
        }
      }
      return out;
    },
  };
}

function toolKindFields(kinds: KindRegistry): Rule {
  return {
    id: 'tool-field-missing',
    codes: [...new Set(Object.values(kinds).flatMap((k) => k.manifestCodes))].filter(
      (code) => code !== 'tool-field-missing',
    ),
    summary:
      "Each tool's kind checks the fields it reads (a target that exists, a command or script, a url and method): see `checkEntry` in tools/kinds.",
    check(_skill, ctx) {
      return entries(ctx).flatMap((e) =>
        (kindOf(kinds, e)?.checkEntry(e, ctx) ?? []).map((f) =>
          at(
            ctx,
            f.path,
            f.severity,
            f.code,
            f.message,
            f.fix && replaceValue(ctx, f.path, f.fix.title, quoted(f.fix.value)),
          ),
        ),
      );
    },
  };
}

const toolTimeout: Rule = {
  id: 'tool-timeout-invalid',
  summary: `A tool's \`timeoutSecs\` is a number of seconds, from 1 to ${MAX_TIMEOUT_SECS} (24 hours).`,
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const timeout = e.fields.get('timeoutSecs');
      const v = timeout?.[1];
      if (timeout && (typeof v !== 'number' || !Number.isFinite(v) || v < 1 || v > MAX_TIMEOUT_SECS)) {
        out.push(
          at(
            ctx,
            pathOf(e, 'timeoutSecs'),
            'error',
            'tool-timeout-invalid',
            `${label(e)}: \`${timeout[0]}\` must be a number of seconds from 1 to ${MAX_TIMEOUT_SECS} (24 hours; default 60), but it is ${describeValue(v)}.`,
          ),
        );
      }
    }
    return out;
  },
};

const toolSchema: Rule = {
  id: 'tool-schema-invalid',
  codes: ['tool-schema-not-object'],
  summary:
    '`inputSchema` (describing an object) and `outputSchema` are valid JSON Schemas (2020-12, or the draft `$schema` names).',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const entry = e.fields.get(key);
        if (!entry) continue;
        out.push(...checkSchemaField(ctx, e, key, entry));
      }
    }
    return out;
  },
};

/** One schema field of a tool entry: a schema at all, valid, and (for arguments) describing an object. */
function checkSchemaField(
  ctx: RuleContext,
  e: ToolEntry,
  key: 'inputSchema' | 'outputSchema',
  [written, schema]: [string, unknown],
): Diagnostic[] {
  const path = pathOf(e, key);
  if (!isRecord(schema) && typeof schema !== 'boolean') {
    const message = `${label(e)}: \`${written}\` must be a JSON Schema object, but it is ${describeValue(schema)}.`;
    return [at(ctx, path, 'error', 'tool-schema-invalid', message)];
  }
  const problems = schemaProblems(schema as JsonSchema);
  if (problems.length) {
    const message = `${label(e)}: \`${written}\` is not a valid JSON Schema: ${problems.slice(0, 3).join('; ')}. Fix the schema.`;
    return [at(ctx, path, 'error', 'tool-schema-invalid', message)];
  }
  if (key === 'inputSchema' && isRecord(schema) && schema.type !== undefined && schema.type !== 'object') {
    const message = `${label(e)}: tool arguments are a JSON object, so \`${written}\` must have \`type: object\`, not ${JSON.stringify(schema.type)}.`;
    return [at(ctx, path, 'error', 'tool-schema-not-object', message)];
  }
  return [];
}

/** Argument names the entry's target reads, as its kind knows them; an unknown kind has only its own declarations. */
function declaredArgs(kinds: KindRegistry, e: ToolEntry): ReadonlySet<string> | undefined {
  const kind = kindOf(kinds, e);
  return kind ? kind.declaredArgs(e) : declaredArgsOf(e);
}

function toolLockedArgs(kinds: KindRegistry): Rule {
  return {
    id: 'tool-locked-arg-undeclared',
    codes: ['tool-locked-args-type'],
    summary: "Every locked arg is declared by the target's schema (or the tool's own `args`/`inputSchema`).",
    check(_skill, ctx) {
      const out: Diagnostic[] = [];
      for (const e of entries(ctx)) {
        const locked = e.fields.get('lockedArgs');
        if (!locked) continue;
        if (!isRecord(locked[1])) {
          out.push(
            at(
              ctx,
              pathOf(e, 'lockedArgs'),
              'error',
              'tool-locked-args-type',
              `${label(e)}: \`${locked[0]}\` must be a mapping of argument names to values, but it is ${describeValue(locked[1])}.`,
            ),
          );
          continue;
        }
        const declared = declaredArgs(kinds, e);
        if (!declared) continue;
        for (const key of Object.keys(locked[1])) {
          if (declared.has(key)) continue;
          out.push(
            at(
              ctx,
              [...pathOf(e, 'lockedArgs'), key],
              'warning',
              'tool-locked-arg-undeclared',
              `${label(e)}: locked arg "${key}" is not declared by the target's schema${declared.size ? ` (it declares ${[...declared].join(', ')})` : ''}; the target will not read it. Fix the name or remove it.`,
              undefined,
              'key',
            ),
          );
        }
      }
      return out;
    },
  };
}

function toolPlaceholders(kinds: KindRegistry): Rule {
  return {
    id: 'tool-placeholder-undeclared',
    summary:
      '`{{arg}}` placeholders in the fields a kind fills in (a command, url or header) are declared in `args`, `inputSchema` or locked args.',
    check(_skill, ctx) {
      const out: Diagnostic[] = [];
      for (const e of entries(ctx)) {
        const templateFields = kindOf(kinds, e)?.templateFields ?? [];
        if (templateFields.length === 0) continue;
        const declared = new Set(declaredArgs(kinds, e));
        Object.keys(record(e, 'lockedArgs') ?? {}).forEach((k) => declared.add(k));
        const reported = new Set<string>();
        for (const key of templateFields) {
          for (const text of templateTexts(e, key)) {
            for (const m of text.matchAll(PLACEHOLDER)) {
              const name = m[1] ?? '';
              if (declared.has(name) || reported.has(name)) continue;
              reported.add(name);
              out.push(
                at(
                  ctx,
                  pathOf(e, key),
                  'warning',
                  'tool-placeholder-undeclared',
                  `${label(e)}: {{${name}}} is used in \`${key}\` but no argument "${name}" is declared, so callers cannot set it. Declare it under \`args\` or \`inputSchema\`.`,
                ),
              );
            }
          }
        }
      }
      return out;
    },
  };
}

/** The texts of a template field: the field itself when it is a string, a mapping's string values (headers). */
function templateTexts(e: ToolEntry, key: string): string[] {
  const text = str(e, key);
  if (text !== undefined) return [text];
  return Object.values(record(e, key) ?? {}).filter((v): v is string => typeof v === 'string');
}

// How runtimes expose tools (issue 11): zeroclaw's `SkillBuiltinTool` takes locked args as `HashMap<String, String>`
// and needs a description; hashed composed names; raw shells handed to a model.

/** Profiles whose runtime deserialises tool entries strictly (zeroclaw; clawft shares its tool model). */
const STRICT_TOOLS = new Set(['zeroclaw', 'clawft']);

const toolLockedArgString: Rule = {
  id: 'tool-locked-arg-not-string',
  summary:
    'zeroclaw/clawft: locked args are strings (`HashMap<String, String>`); a number or list fails to load.',
  check(_skill, ctx) {
    if (!STRICT_TOOLS.has(ctx.profile)) return [];
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const locked = record(e, 'lockedArgs');
      if (!locked) continue;
      for (const [k, v] of Object.entries(locked)) {
        if (typeof v === 'string') continue;
        const path = [...pathOf(e, 'lockedArgs'), k];
        const source = ctx.raw.scalarSource(path);
        const scalar = typeof v === 'number' || typeof v === 'boolean';
        out.push(
          at(
            ctx,
            path,
            'error',
            'tool-locked-arg-not-string',
            `${label(e)}: locked arg \`${k}\` is ${scalar ? `the ${typeof v} ${String(v)}` : 'not a string'}; ${ctx.profile} ` +
              'reads locked args as strings only and refuses the skill. ' +
              (scalar ? 'Quote it.' : 'Write it as one string.'),
            scalar && source !== undefined ? replaceValue(ctx, path, 'Quote it', quoted(source)) : undefined,
          ),
        );
      }
    }
    return out;
  },
};

const toolDescriptionRequired: Rule = {
  id: 'tool-description-missing',
  summary: 'zeroclaw/clawft: every tool has a `description` (the model is told what the tool does by it).',
  check(_skill, ctx) {
    if (!STRICT_TOOLS.has(ctx.profile)) return [];
    return entries(ctx)
      .filter((e) => !str(e, 'description')?.trim())
      .map((e) =>
        at(
          ctx,
          e.fields.has('description') ? pathOf(e, 'description') : e.path,
          'error',
          'tool-description-missing',
          `${label(e)} has no \`description\`; ${ctx.profile} requires one for every tool. Say what the tool does.`,
        ),
      );
  },
};

const toolNameHashed: Rule = {
  id: 'tool-name-hashed',
  summary:
    'A composed `{skill}__{tool}` name that had to be sanitised and hashed is named, so nobody is surprised.',
  check(skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const name = str(e, 'name') ?? str(e, 'target');
      if (!name?.trim()) continue;
      const raw = `${skill.name}__${name}`;
      const composed = composeToolName(skill.name, name);
      if (composed === raw) continue;
      out.push(
        at(
          ctx,
          e.fields.has('name') ? pathOf(e, 'name') : e.path,
          'info',
          'tool-name-hashed',
          `${label(e)} is offered to a model as "${composed}": "${raw}" is over 64 bytes or holds characters other ` +
            'than letters, digits, _ and -, so it was sanitised and hashed.',
        ),
      );
    }
    return out;
  },
};

export function toolRawShell(kinds: KindRegistry): Rule {
  return {
    id: 'tool-raw-shell',
    summary: 'A `shell` tool without a fixed command hands the model a raw shell.',
    check(skill, ctx) {
      const out: Diagnostic[] = [];
      for (const e of entries(ctx)) {
        const raw = kindOf(kinds, e)?.rawShell?.(e);
        if (!raw) continue;
        const name = str(e, 'name') ?? str(e, 'target') ?? 'shell';
        out.push(
          at(
            ctx,
            raw.path,
            'warning',
            'tool-raw-shell',
            `${label(e)} is offered as "${composeToolName(skill.name, name)}" and runs any command line the model writes: ${raw.advice}`,
          ),
        );
      }
      return out;
    },
  };
}

/** The tool rules over a registry of kinds: RULES uses KINDS, tests a registry of their own. */
export function toolRulesFor(kinds: KindRegistry): Rule[] {
  return [
    toolEntryShape,
    toolKind(kinds),
    toolKindFields(kinds),
    toolTimeout,
    toolSchema,
    toolLockedArgs(kinds),
    toolPlaceholders(kinds),
    toolLockedArgString,
    toolDescriptionRequired,
    toolNameHashed,
    toolRawShell(kinds),
  ];
}

export const toolRules: Rule[] = toolRulesFor(KINDS);
