// The `builtin` kind: delegates to a built-in handler resolved by exact name (scoped elevation).
import { SkillError } from '../../../../../shared/errors.js';
import type { JsonSchema, SkillTool } from '../../../../../shared/types.js';
import { BUILTIN_TOOLS, isBuiltinTool } from './catalog.js';
import { runBuiltin } from './handlers.js';
import { declaredArgsOf, propertyNames, stringFields, type ToolKindModule } from '../kind.js';
import { closest } from '../../../../../shared/closest.js';
import {
  fieldOrEntryPath,
  finding,
  label,
  pathOf,
  record,
  str,
  type EntryFinding,
  type ToolEntry,
} from '../tool-entry.js';

const BUILTIN_NAMES = Object.keys(BUILTIN_TOOLS);

function catalogueSchema(target: string | undefined): JsonSchema | undefined {
  return target !== undefined && isBuiltinTool(target) ? BUILTIN_TOOLS[target]?.inputSchema : undefined;
}

/** The built-in's input schema; a target that names no built-in cannot run. */
function builtinSchema(tool: SkillTool): JsonSchema {
  const schema = catalogueSchema(tool.target);
  if (schema === undefined)
    throw new SkillError(
      'NotFound',
      `Tool "${tool.name}" targets the built-in "${tool.target ?? ''}", which does not exist.`,
    );
  return schema;
}

/**
 * A built-in's arguments are fixed by its handler: an `inputSchema` or `args` the entry declares is never used (not
 * for the form, not for validation), so say so rather than let the author believe it narrows anything.
 */
function ownSchemaIgnored(e: ToolEntry, target: string): EntryFinding[] {
  const takes = [...(propertyNames(catalogueSchema(target)) ?? [])];
  return (['inputSchema', 'args'] as const)
    .filter((key) => e.fields.has(key))
    .map((key) => {
      const written = e.fields.get(key)?.[0] ?? key;
      const message =
        `${label(e)}: the built-in "${target}" has a fixed schema (${takes.length ? `it takes ${takes.join(', ')}` : 'it takes no arguments'}), ` +
        `so \`${written}\` is ignored. Remove \`${written}\`; to fix an argument's value use \`lockedArgs\`, or write a shell, ` +
        'script or http tool to declare arguments of your own.';
      return finding(pathOf(e, key), 'warning', 'tool-builtin-schema-ignored', message);
    });
}

/** The built-in that hands a model a command line to run. */
const SHELL = 'shell';

export const builtinKind: ToolKindModule = {
  readFields: (raw) => stringFields(raw, 'target'),
  describe: (tool) => tool.target ?? tool.name,
  runsLocalCode: (tool) => tool.target === SHELL,
  defaultDescription: (tool) =>
    tool.target !== undefined && isBuiltinTool(tool.target)
      ? (BUILTIN_TOOLS[tool.target]?.description ?? '')
      : '',

  directTools: () =>
    Promise.resolve(
      Object.entries(BUILTIN_TOOLS).map(([name, spec]) => ({
        name,
        description: spec.description,
        inputSchema: spec.inputSchema,
      })),
    ),
  directTool: (name) =>
    isBuiltinTool(name) ? { name, description: '', kind: 'builtin', target: name } : undefined,

  targetSchema: builtinSchema,
  knownSchema: builtinSchema,
  toolType: (tool) => ({ type: 'builtin', handler: tool.target ?? tool.name }),
  run: (ctx) => runBuiltin(ctx.tool.target ?? ctx.tool.name, ctx),

  manifestCodes: ['tool-target-missing', 'tool-target-unknown', 'tool-builtin-schema-ignored'],
  checkEntry(e) {
    const target = str(e, 'target');
    if (!target?.trim()) {
      const message = `${label(e)} is a builtin tool without a \`target\`. Name a built-in handler: ${BUILTIN_NAMES.join(', ')}.`;
      return [finding(fieldOrEntryPath(e, 'target'), 'error', 'tool-target-missing', message)];
    }
    if (isBuiltinTool(target)) return ownSchemaIgnored(e, target);
    const guess = closest(target, BUILTIN_NAMES);
    const message = `${label(e)}: there is no built-in handler "${target}"${guess ? ` (did you mean "${guess}"?)` : ''}. Built-ins: ${BUILTIN_NAMES.join(', ')}.`;
    return [finding(pathOf(e, 'target'), 'error', 'tool-target-unknown', message)];
  },
  // A known built-in reads only its own arguments, whatever the entry declares.
  declaredArgs: (e) => {
    const schema = catalogueSchema(str(e, 'target'));
    return schema === undefined ? declaredArgsOf(e) : propertyNames(schema);
  },
  templateFields: [],
  rawShell(e) {
    if (str(e, 'target') !== SHELL || 'command' in (record(e, 'lockedArgs') ?? {})) return undefined;
    return {
      path: e.fields.has('target') ? pathOf(e, 'target') : e.path,
      advice:
        'lock its `command` (lockedArgs: { command: ... }) or use a `shell` tool with a fixed command template.',
    };
  },
};
