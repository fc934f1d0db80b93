// The JSON Schema of SKILL.md frontmatter (skillbench profile): the editor's completion and hover for frontmatter
// keys come from it. The validator's rules remain the authority; this schema only describes shapes.
import type { JsonSchema } from './types.js';

const toolKinds = ['builtin', 'mcp', 'shell', 'script', 'http'];

export const FRONTMATTER_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'SKILL.md frontmatter',
  type: 'object',
  required: ['name', 'description'],
  properties: {
    name: {
      type: 'string',
      description: 'Lowercase letters, digits and single hyphens, 1–64 characters; equal to the folder name.',
      pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
      maxLength: 64,
    },
    description: {
      type: 'string',
      description: 'What the skill does and when to use it (models choose skills by it). 1–1024 characters.',
      minLength: 1,
      maxLength: 1024,
    },
    license: { type: 'string', description: 'License name or a reference to a bundled license file.' },
    compatibility: {
      type: 'string',
      maxLength: 500,
      description: 'Environment requirements (at most 500 characters).',
    },
    metadata: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Extra key/value pairs.',
    },
    'allowed-tools': {
      description: 'Tools the skill may use without asking: a space-separated string or a list.',
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', minLength: 1 } }],
    },
    'argument-hint': {
      type: 'string',
      description: 'Shown when the skill is invoked, e.g. "[file] [mode]".',
    },
    arguments: {
      description:
        'Names for positional arguments, used as $name in the body: a list or a space-separated string.',
      oneOf: [
        { type: 'string' },
        { type: 'array', items: { type: 'string', pattern: '^[A-Za-z_][\\w-]*$' } },
      ],
    },
    'disable-model-invocation': {
      type: 'boolean',
      description: 'Only the user can invoke the skill (default false).',
    },
    'user-invocable': {
      type: 'boolean',
      description: 'The user can invoke the skill as a command (default true).',
    },
    model: { type: 'string', description: 'Claude Code: the model that runs the skill.' },
    context: { type: 'string', description: 'Claude Code: "fork" runs the skill in a sub-agent context.' },
    agent: { type: 'string', description: 'Claude Code: the agent type for a forked context.' },
    hooks: { type: 'object', description: 'Claude Code: lifecycle hooks active while the skill runs.' },
    version: { type: 'string', description: 'The skill version, quoted ("1.0.0").' },
    variables: {
      type: 'array',
      items: { type: 'string' },
      description: 'Template variables used as {{name}} in the body.',
    },
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
              kind: { enum: toolKinds },
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
            },
          },
        ],
      },
    },
  },
};
