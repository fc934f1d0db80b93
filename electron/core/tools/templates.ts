// Owns `{{arg}}` substitution for every place a tool template meets a value: shell command lines (values never
// reach the shell parser), script argument lists, URLs and headers.
import type { JsonValue } from '../../../shared/types.js';

export const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** The text form of an argument: strings as they are, other values as JSON, missing as empty. */
export function argText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
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
    return { command: template.replace(PLACEHOLDER, (_, name: string) => `!${variable(name)}!`), env };
  }
  let out = '';
  let state: 'plain' | 'single' | 'double' = 'plain';
  for (let i = 0; i < template.length; i++) {
    const rest = template.slice(i);
    const m = /^\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/.exec(rest);
    if (m) {
      const v = variable(m[1] ?? '');
      out += state === 'plain' ? `"\${${v}}"` : state === 'double' ? `\${${v}}` : `'"\${${v}}"'`;
      i += m[0].length - 1;
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

/** Splits a command into words (double/single quotes group, backslash escapes), substituting each placeholder. */
export function renderArgv(template: string, args: Record<string, JsonValue>): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < template.length; i++) {
    const c = template[i] ?? '';
    const m = /^\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/.exec(template.slice(i));
    if (m) {
      word += argText(args[m[1] ?? '']);
      inWord = true;
      i += m[0].length - 1;
    } else if (quote) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < template.length) {
      word += template[++i] ?? '';
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** A URL with each placeholder replaced by its percent-encoded value. */
export function renderUrl(template: string, args: Record<string, JsonValue>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(argText(args[name])));
}

/** Header values: plain substitution, refusing line breaks (header injection). */
export function renderHeader(template: string, args: Record<string, JsonValue>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => argText(args[name]).replace(/[\r\n]+/g, ' '));
}
