// Owns the names and input schemas of the built-in tool handlers (DESIGN.md "Built-in handlers").
// The validator resolves `builtin` targets and checks locked keys against these schemas.
import type { JsonSchema } from '../../../../../shared/types.js';

export interface BuiltinSpec {
  description: string;
  inputSchema: JsonSchema;
}

const str = (description: string) => ({ type: 'string', description });

export const BUILTIN_TOOLS: Readonly<Record<string, BuiltinSpec>> = {
  echo: {
    description: 'Returns its text argument unchanged.',
    inputSchema: { type: 'object', properties: { text: str('Text to echo') }, required: ['text'] },
  },
  now: {
    description: 'The current date and time (ISO 8601), optionally in a time zone.',
    inputSchema: { type: 'object', properties: { timeZone: str('IANA time zone, e.g. Europe/Paris') } },
  },
  uuid: {
    description: 'A random UUID v4.',
    inputSchema: { type: 'object', properties: {} },
  },
  json_path: {
    description: 'Evaluates a JSONPath expression against a JSON document.',
    inputSchema: {
      type: 'object',
      properties: {
        json: { description: 'The document (a JSON value or a JSON string)' },
        path: str('JSONPath, e.g. $.items[0].name'),
      },
      required: ['json', 'path'],
    },
  },
  base64_encode: {
    description: 'Encodes UTF-8 text as base64.',
    inputSchema: { type: 'object', properties: { text: str('Text to encode') }, required: ['text'] },
  },
  base64_decode: {
    description: 'Decodes base64 to UTF-8 text.',
    inputSchema: { type: 'object', properties: { data: str('Base64 to decode') }, required: ['data'] },
  },
  read_file: {
    description: "Reads a text file inside the skill's folder.",
    inputSchema: {
      type: 'object',
      properties: {
        path: str('Path relative to the skill folder'),
        maxBytes: { type: 'integer', minimum: 1 },
      },
      required: ['path'],
    },
  },
  list_files: {
    description: "Lists files inside the skill's folder.",
    inputSchema: {
      type: 'object',
      properties: {
        path: str('Folder relative to the skill folder (default: the skill folder)'),
        recursive: { type: 'boolean' },
      },
    },
  },
  http_request: {
    description: 'Makes an HTTP(S) request.',
    inputSchema: {
      type: 'object',
      properties: {
        url: { type: 'string', format: 'uri' },
        method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: { type: 'string' },
      },
      required: ['url'],
    },
  },
  shell: {
    description: "Runs a command line in the skill's folder.",
    inputSchema: {
      type: 'object',
      properties: { command: str('The command line'), timeoutSecs: { type: 'number', minimum: 1 } },
      required: ['command'],
    },
  },
};

export function isBuiltinTool(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILTIN_TOOLS, name);
}
