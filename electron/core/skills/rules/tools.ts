// Rules for `tools:` entries: shape, kind, target resolution, per-kind fields, schema validity, locked keys.
import { isAbsolute, resolve } from 'node:path';
import type { Diagnostic, JsonSchema } from '../../../../shared/types.js';
import { TOOL_KINDS } from '../../../../shared/types.js';
import { checkHttpUrl } from '../../../../shared/urls.js';
import { PLACEHOLDER } from '../../../../shared/syntax/placeholders.js';
import { isWithin } from '../../fs-confine.js';
import { schemaProblems } from '../../schema/check-schema.js';
import { BUILTIN_TOOLS, isBuiltinTool } from '../../tools/builtin-catalog.js';
import { canonicalToolKey, isKnownToolKey, TOOL_KEYS } from '../keys.js';
import { isRecord } from '../normalize.js';
import { at, describeValue, replaceValue, type Rule, type RuleContext } from './rule.js';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

interface Entry {
  index: number;
  /** Path of the entry in the manifest data. */
  path: Array<string | number>;
  /** Canonical key -> [key as written, value]. */
  f: Map<string, [string, unknown]>;
}

function entries(ctx: RuleContext): Entry[] {
  const tools = ctx.fields.get('tools');
  if (!tools || !Array.isArray(tools.value)) return [];
  const out: Entry[] = [];
  tools.value.forEach((value: unknown, index) => {
    const path = [tools.key, index];
    const f = new Map<string, [string, unknown]>();
    if (typeof value === 'string') {
      f.set('name', ['name', value]);
      f.set('kind', ['kind', 'builtin']);
      f.set('target', ['target', value]);
    } else if (isRecord(value)) {
      for (const [k, v] of Object.entries(value)) {
        const c = canonicalToolKey(k);
        if (!f.has(c)) f.set(c, [k, v]);
      }
    } else return;
    out.push({ index, path, f });
  });
  return out;
}

const str = (e: Entry, key: string): string | undefined => {
  const v = e.f.get(key)?.[1];
  return typeof v === 'string' ? v : undefined;
};
const pathOf = (e: Entry, key: string) => [...e.path, e.f.get(key)?.[0] ?? key];
const label = (e: Entry) => (str(e, 'name') ? `Tool "${str(e, 'name') ?? ''}"` : `Tool entry ${e.index + 1}`);

function closest(value: string, options: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const o of options) {
    const d = editDistance(value.toLowerCase(), o);
    if (d < bestScore) [best, bestScore] = [o, d];
  }
  return bestScore <= Math.max(2, Math.floor(value.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

export const toolEntryShape: Rule = {
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
      const name = str(e, 'name') ?? (e.f.has('name') ? undefined : str(e, 'target'));
      if (name === undefined || name.trim() === '') {
        out.push(
          at(
            ctx,
            e.f.has('name') ? pathOf(e, 'name') : e.path,
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
      for (const [canonical, [written]] of e.f) {
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

export const toolKind: Rule = {
  id: 'tool-kind-unknown',
  codes: ['tool-kind-missing'],
  summary: 'Each tool has a `kind`: builtin, mcp, shell, script or http.',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const kind = e.f.get('kind')?.[1];
      if (kind === undefined) {
        out.push(
          at(
            ctx,
            e.path,
            'error',
            'tool-kind-missing',
            `${label(e)} has no \`kind\`. Add one of: ${TOOL_KINDS.join(', ')}.`,
          ),
        );
      } else if (typeof kind !== 'string' || !(TOOL_KINDS as readonly string[]).includes(kind)) {
        const guess = typeof kind === 'string' ? closest(kind, TOOL_KINDS) : undefined;
        const fix = guess ? replaceValue(ctx, pathOf(e, 'kind'), `Change to ${guess}`, guess) : undefined;
        out.push(
          at(
            ctx,
            pathOf(e, 'kind'),
            'error',
            'tool-kind-unknown',
            `${label(e)}: kind ${JSON.stringify(kind)} is not known${guess ? ` (did you mean "${guess}"?)` : ''}. Use one of: ${TOOL_KINDS.join(', ')}.`,
            fix,
          ),
        );
      }
    }
    return out;
  },
};

export const toolTarget: Rule = {
  id: 'tool-target-unknown',
  codes: ['tool-target-missing', 'tool-mcp-server-unknown'],
  summary: 'builtin and mcp tools name a target that exists: a built-in handler, or `{server}__{tool}`.',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const kind = str(e, 'kind');
      if (kind !== 'builtin' && kind !== 'mcp') continue;
      const target = str(e, 'target');
      if (target === undefined || target.trim() === '') {
        out.push(
          at(
            ctx,
            e.f.has('target') ? pathOf(e, 'target') : e.path,
            'error',
            'tool-target-missing',
            `${label(e)} is a ${kind} tool without a \`target\`. ` +
              (kind === 'builtin'
                ? `Name a built-in handler: ${Object.keys(BUILTIN_TOOLS).join(', ')}.`
                : 'Name the MCP tool as `{server}__{tool}`.'),
          ),
        );
        continue;
      }
      if (kind === 'builtin' && !isBuiltinTool(target)) {
        const guess = closest(target, Object.keys(BUILTIN_TOOLS));
        out.push(
          at(
            ctx,
            pathOf(e, 'target'),
            'error',
            'tool-target-unknown',
            `${label(e)}: there is no built-in handler "${target}"${guess ? ` (did you mean "${guess}"?)` : ''}. Built-ins: ${Object.keys(BUILTIN_TOOLS).join(', ')}.`,
          ),
        );
      }
      if (kind === 'mcp' && !/^[^_\s][^\s]*?__[^\s]+$/.test(target)) {
        out.push(
          at(
            ctx,
            pathOf(e, 'target'),
            'error',
            'tool-target-unknown',
            `${label(e)}: MCP target "${target}" must be written \`{server}__{tool}\` (server name, two underscores, tool name), e.g. \`everything__echo\`.`,
          ),
        );
      }
      const server = kind === 'mcp' ? target.split('__')[0] : undefined;
      if (server && ctx.mcpServers && target.includes('__') && !ctx.mcpServers.has(server)) {
        out.push(
          at(
            ctx,
            pathOf(e, 'target'),
            'warning',
            'tool-mcp-server-unknown',
            `${label(e)}: no MCP server "${server}" is configured for this library (configured: ${[...ctx.mcpServers].join(', ') || 'none'}). Add it to .skillbench/mcp.json or fix the target.`,
          ),
        );
      }
    }
    return out;
  },
};

export const toolFields: Rule = {
  id: 'tool-field-missing',
  codes: [
    'tool-script-missing',
    'tool-script-outside',
    'tool-url-invalid',
    'tool-method-invalid',
    'tool-timeout-invalid',
  ],
  summary:
    'shell/script tools have a `command` (a script inside the skill), http tools a valid http(s) `url` and method; timeouts are at least 1 second.',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const kind = str(e, 'kind');
      if (kind === 'shell' || kind === 'script') {
        const command = str(e, 'command');
        if (!command?.trim()) {
          out.push(
            at(
              ctx,
              e.f.has('command') ? pathOf(e, 'command') : e.path,
              'error',
              'tool-field-missing',
              `${label(e)} is a ${kind} tool without a \`command\`. ` +
                (kind === 'script'
                  ? 'Give the path of a script in the skill folder, e.g. `scripts/run.py`.'
                  : 'Give the command line, with {{arg}} placeholders.'),
            ),
          );
        } else if (kind === 'script') {
          out.push(...checkScript(ctx, e, command));
        }
      }
      if (kind === 'http') {
        const url = str(e, 'url');
        if (!url?.trim())
          out.push(
            at(
              ctx,
              e.f.has('url') ? pathOf(e, 'url') : e.path,
              'error',
              'tool-field-missing',
              `${label(e)} is an http tool without a \`url\`. Add an http(s) URL (it may hold {{arg}} placeholders).`,
            ),
          );
        else {
          const problem = urlProblem(url);
          if (problem)
            out.push(
              at(
                ctx,
                pathOf(e, 'url'),
                'error',
                'tool-url-invalid',
                `${label(e)}: the url "${url}" ${problem}.`,
              ),
            );
        }
        const method = e.f.get('method')?.[1];
        if (
          method !== undefined &&
          (typeof method !== 'string' || !HTTP_METHODS.includes(method.toUpperCase()))
        ) {
          out.push(
            at(
              ctx,
              pathOf(e, 'method'),
              'error',
              'tool-method-invalid',
              `${label(e)}: method ${JSON.stringify(method)} is not supported. Use ${HTTP_METHODS.join(', ')}.`,
            ),
          );
        }
      }
      const timeout = e.f.get('timeoutSecs');
      if (timeout && (typeof timeout[1] !== 'number' || !Number.isFinite(timeout[1]) || timeout[1] < 1)) {
        out.push(
          at(
            ctx,
            pathOf(e, 'timeoutSecs'),
            'error',
            'tool-timeout-invalid',
            `${label(e)}: \`${timeout[0]}\` must be a number of seconds, at least 1 (default 60), but it is ${describeValue(timeout[1])}.`,
          ),
        );
      }
    }
    return out;
  },
};

function checkScript(ctx: RuleContext, e: Entry, command: string): Diagnostic[] {
  const first = /^\s*(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(command);
  const file = first?.[1] ?? first?.[2] ?? first?.[3] ?? '';
  if (file.includes('{{')) return [];
  const absolute = resolve(ctx.folderPath, file);
  if (isAbsolute(file) || !isWithin(ctx.folderPath, absolute)) {
    return [
      at(
        ctx,
        pathOf(e, 'command'),
        'error',
        'tool-script-outside',
        `${label(e)}: the script "${file}" is outside the skill folder; a script tool may only run files of its skill. Move the script into the skill (e.g. scripts/).`,
      ),
    ];
  }
  if (!ctx.pathExists(absolute)) {
    return [
      at(
        ctx,
        pathOf(e, 'command'),
        'error',
        'tool-script-missing',
        `${label(e)}: the script "${file}" does not exist in the skill folder. Create it or fix the path.`,
      ),
    ];
  }
  return [];
}

function urlProblem(url: string): string | undefined {
  const check = checkHttpUrl(url.replace(PLACEHOLDER, '0')); // '0' keeps a placeholder port or host parseable
  if (check.ok) return undefined;
  switch (check.problem) {
    case 'invalid':
      return 'is not a valid absolute URL; write it like https://example.com/path';
    case 'scheme':
      return `uses ${check.scheme}; only http and https are allowed`;
    case 'credentials':
      return 'holds credentials; put them in `headers` (and keep secrets out of the manifest)';
  }
}

export const toolSchema: Rule = {
  id: 'tool-schema-invalid',
  codes: ['tool-schema-not-object'],
  summary:
    '`inputSchema` (describing an object) and `outputSchema` are valid JSON Schemas (2020-12, or the draft `$schema` names).',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const entry = e.f.get(key);
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
  e: Entry,
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

export const toolLockedArgs: Rule = {
  id: 'tool-locked-arg-undeclared',
  codes: ['tool-locked-args-type'],
  summary: "Every locked arg is declared by the target's schema (or the tool's own `args`/`inputSchema`).",
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const locked = e.f.get('lockedArgs');
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
      const declared = declaredArgs(e);
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

/** Argument names the tool's target reads, or undefined when that cannot be known here (e.g. an MCP tool). */
function declaredArgs(e: Entry): Set<string> | undefined {
  const schema = e.f.get('inputSchema')?.[1];
  if (isRecord(schema))
    return isRecord(schema.properties) ? new Set(Object.keys(schema.properties)) : undefined;
  const kind = str(e, 'kind');
  const target = str(e, 'target');
  if (kind === 'builtin' && target && isBuiltinTool(target)) {
    const spec = BUILTIN_TOOLS[target]?.inputSchema;
    return isRecord(spec) && isRecord(spec.properties) ? new Set(Object.keys(spec.properties)) : undefined;
  }
  const args = e.f.get('args')?.[1];
  if (isRecord(args)) return new Set(Object.keys(args));
  return undefined;
}

export const toolPlaceholders: Rule = {
  id: 'tool-placeholder-undeclared',
  summary:
    '`{{arg}}` placeholders in a command, url or header are declared in `args`, `inputSchema` or locked args.',
  check(_skill, ctx) {
    const out: Diagnostic[] = [];
    for (const e of entries(ctx)) {
      const kind = str(e, 'kind');
      if (kind !== 'shell' && kind !== 'script' && kind !== 'http') continue;
      const declared = declaredArgs(e) ?? new Set<string>();
      const locked = e.f.get('lockedArgs')?.[1];
      if (isRecord(locked)) Object.keys(locked).forEach((k) => declared.add(k));
      const sources: Array<[string, string | undefined]> = [
        ['command', str(e, 'command')],
        ['url', str(e, 'url')],
      ];
      const headers = e.f.get('headers')?.[1];
      if (isRecord(headers))
        for (const v of Object.values(headers)) if (typeof v === 'string') sources.push(['headers', v]);
      const reported = new Set<string>();
      for (const [key, text] of sources) {
        for (const m of (text ?? '').matchAll(PLACEHOLDER)) {
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
    return out;
  },
};

export const toolRules: Rule[] = [
  toolEntryShape,
  toolKind,
  toolTarget,
  toolFields,
  toolSchema,
  toolLockedArgs,
  toolPlaceholders,
];
