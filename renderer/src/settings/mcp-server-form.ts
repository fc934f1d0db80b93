// Owns the Add server form's model: its fields, what each must hold, and the `mcpServers` entry it writes into the
// same JSON the text editor shows (the host checks the whole config with core's reader when it is saved).
// Tested by: test/unit/renderer/settings/mcp-server-form.test.ts
import type { JsonValue } from '../../../shared/types.js';

export interface ServerForm {
  name: string;
  transport: 'stdio' | 'url';
  command: string;
  /** One argument per line (an argument may hold spaces). */
  args: string;
  /** `KEY=value`, one per line. */
  env: string;
  cwd: string;
  url: string;
  /** `Name: value`, one per line. */
  headers: string;
}

export const EMPTY_SERVER_FORM: ServerForm = {
  name: '',
  transport: 'stdio',
  command: '',
  args: '',
  env: '',
  cwd: '',
  url: '',
  headers: '',
};

export type FormProblems = Partial<Record<keyof ServerForm, string>>;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** `KEY<sep>value` lines as a map, or the first line that has no separator. */
function pairs(text: string, sep: '=' | ':'): { map: Record<string, string> } | { bad: string } {
  const map: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(sep);
    if (at <= 0) return { bad: line };
    map[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { map };
}

/** What is missing or malformed, per field, in words that say how to fix it; empty when the form can be added. */
export function formProblems(form: ServerForm, existing: readonly string[]): FormProblems {
  const problems: FormProblems = {};
  const name = form.name.trim();
  if (!name) problems.name = 'Give the server a name, like files or github.';
  else if (!/^[A-Za-z0-9_-]+$/.test(name) || name.includes('__'))
    problems.name = 'Use letters, digits, _ and - (no "__": tools are named server__tool).';
  else if (existing.includes(name))
    problems.name = `A server named ${name} is already in the JSON: pick another name, or edit that one there.`;
  if (form.transport === 'stdio') {
    if (!form.command.trim()) problems.command = 'A stdio server needs the command that starts it, like npx.';
    const env = pairs(form.env, '=');
    if ('bad' in env) problems.env = `"${env.bad}" is not KEY=value.`;
  } else {
    if (!form.url.trim()) problems.url = 'A URL server needs its address, like https://example.com/mcp.';
    else if (!/^https?:\/\/[^\s]+$/.test(form.url.trim()))
      problems.url = `"${form.url.trim()}" is not an http(s) address.`;
    const headers = pairs(form.headers, ':');
    if ('bad' in headers) problems.headers = `"${headers.bad}" is not Name: value.`;
  }
  return problems;
}

/** The `mcpServers` entry the form describes (empty fields left out), as Claude Desktop's format writes it. */
export function serverEntry(form: ServerForm): Record<string, JsonValue> {
  if (form.transport === 'url') {
    const headers = pairs(form.headers, ':');
    return {
      url: form.url.trim(),
      ...('map' in headers && Object.keys(headers.map).length ? { headers: headers.map } : {}),
    };
  }
  const env = pairs(form.env, '=');
  const args = lines(form.args);
  return {
    command: form.command.trim(),
    ...(args.length ? { args } : {}),
    ...('map' in env && Object.keys(env.map).length ? { env: env.map } : {}),
    ...(form.cwd.trim() ? { cwd: form.cwd.trim() } : {}),
  };
}

/** The servers named in the JSON text, or the reason it cannot be read (then the form cannot add to it). */
export function serversInJson(text: string): { servers: Record<string, JsonValue> } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { problem: `The JSON beside the form is not valid (${(e as Error).message}): fix it first.` };
  }
  const servers = (parsed as { mcpServers?: unknown } | null)?.mcpServers ?? parsed;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers))
    return { problem: 'Expected { "mcpServers": { "<name>": { "command": …, "args": [...] } } }.' };
  return { servers: servers as Record<string, JsonValue> };
}

/** The JSON text with the form's server added (2-space JSON, as the editor shows it). */
export function withServer(servers: Record<string, JsonValue>, form: ServerForm): string {
  return JSON.stringify({ mcpServers: { ...servers, [form.name.trim()]: serverEntry(form) } }, null, 2);
}
