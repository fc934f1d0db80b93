// The JSON Schema of SKILL.md frontmatter (skillbench profile), derived from the runtime table: the editor's
// completion and hover for frontmatter keys come from it. The validator's rules remain the authority.
import { RUNTIME_LABELS, RUNTIME_TABLE, type KeyType, type RuntimeKey } from './runtime-table.js';
import { TOOL_KINDS, type JsonSchema, type JsonValue } from './types.js';

const TYPE_SCHEMA: Record<KeyType, { [key: string]: JsonValue }> = {
  string: { type: 'string' },
  boolean: { type: 'boolean' },
  mapping: { type: 'object' },
  list: { type: 'array' },
  'string-list': { type: 'array', items: { type: 'string' } },
  'string-or-list': {
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', minLength: 1 } }],
  },
};

/** One key's schema: its type, its extra keywords, and a description naming the runtimes that read it. */
function keySchema(k: RuntimeKey): { [key: string]: JsonValue } {
  const readers = k.readBy.filter((r) => r !== 'skillbench').map((r) => RUNTIME_LABELS[r]);
  return {
    ...TYPE_SCHEMA[k.type],
    ...(k.schema ?? {}),
    description: `${k.summary} Read by: ${readers.join(', ') || 'Skillbench'}.`,
  };
}

export const FRONTMATTER_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'SKILL.md frontmatter',
  type: 'object',
  required: ['name', 'description'],
  properties: {
    ...Object.fromEntries(RUNTIME_TABLE.filter((k) => k.key !== 'tools').map((k) => [k.key, keySchema(k)])),
    tools: {
      type: 'array',
      description: 'Tools the skill declares.',
      items: {
        oneOf: [
          { type: 'string', description: 'A built-in tool by name.' },
          {
            type: 'object',
            required: ['name', 'kind'],
            properties: {
              name: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
              description: { type: 'string' },
              kind: { enum: [...TOOL_KINDS] },
              target: { type: 'string', description: 'builtin: handler name; mcp: "{server}__{tool}".' },
              command: {
                type: 'string',
                description: 'shell: command with {{arg}}; script: path in the skill folder.',
              },
              url: { type: 'string' },
              method: { enum: ['GET', 'POST', 'PUT', 'DELETE', 'get', 'post', 'put', 'delete'] },
              headers: { type: 'object', additionalProperties: { type: 'string' } },
              args: { type: 'object', additionalProperties: { type: 'string' } },
              inputSchema: { type: ['object', 'boolean'] },
              input_schema: { type: ['object', 'boolean'] },
              lockedArgs: { type: 'object' },
              locked_args: { type: 'object' },
              default_args: { type: 'object' },
              timeoutSecs: { type: 'number', minimum: 1 },
              timeout_secs: { type: 'number', minimum: 1 },
              allowShellEval: {
                type: 'boolean',
                description:
                  'shell: allow a {{placeholder}} handed to eval, sh -c, watch… (model-chosen code).',
              },
              allow_shell_eval: { type: 'boolean' },
            },
          },
        ],
      },
    },
  },
};
