// Owns `{{arg}}` substitution for every place a tool template meets a value: shell command lines (values never
// reach the shell parser), script argument lists, URLs and headers.
import { placeholderAt, replacePlaceholders } from '../../../shared/syntax/placeholders.js';
import { splitShellWords } from '../../../shared/syntax/shell-words.js';
import type { JsonValue } from '../../../shared/types.js';

/** The text form of an argument: strings as they are, other values as JSON, missing as empty. */
export function argText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A shell command line whose placeholders read environment variables instead of holding the values, so no value
 * can inject shell syntax. POSIX: `"${SKB_ARG_n}"` adapted to the quoting context of the placeholder (outside
 * quotes, inside "...", inside '...'). Windows cmd: `!SKB_ARG_n!`, expanded by delayed expansion after parsing.
 */
export function renderShellCommand(
  template: string,
  args: Record<string, JsonValue>,
  platform: NodeJS.Platform = process.platform,
): { command: string; env: Record<string, string> } {
  const env: Record<string, string> = {};
  const names = new Map<string, string>();
  const variable = (name: string): string => {
    let v = names.get(name);
    if (!v) {
      v = `SKB_ARG_${names.size}`;
      names.set(name, v);
      env[v] = argText(args[name]);
    }
    return v;
  };
  if (platform === 'win32') {
    return { command: replacePlaceholders(template, (name) => `!${variable(name)}!`), env };
  }
  let out = '';
  let state: 'plain' | 'single' | 'double' = 'plain';
  for (let i = 0; i < template.length; i++) {
    const placeholder = placeholderAt(template, i);
    if (placeholder) {
      const v = variable(placeholder.name);
      out += state === 'plain' ? `"\${${v}}"` : state === 'double' ? `\${${v}}` : `'"\${${v}}"'`;
      i += placeholder.length - 1;
      continue;
    }
    const c = template[i] ?? '';
    if (c === '\\' && state !== 'single') {
      out += c + (template[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === "'" && state !== 'double') state = state === 'single' ? 'plain' : 'single';
    else if (c === '"' && state !== 'single') state = state === 'double' ? 'plain' : 'double';
    out += c;
  }
  return { command: out, env };
}

/** A script's argument list: the command split into shell words, each placeholder's value one unsplit piece. */
export function renderArgv(template: string, args: Record<string, JsonValue>): string[] {
  return splitShellWords(template, { substitute: (name) => argText(args[name]) });
}

/** A URL with each placeholder replaced by its percent-encoded value. */
export function renderUrl(template: string, args: Record<string, JsonValue>): string {
  return replacePlaceholders(template, (name) => encodeURIComponent(argText(args[name])));
}

/** Header values: plain substitution, refusing line breaks (header injection). */
export function renderHeader(template: string, args: Record<string, JsonValue>): string {
  return replacePlaceholders(template, (name) => argText(args[name]).replace(/[\r\n]+/g, ' '));
}
