// Owns the Servers view's pure rules (issue 16): a resource template's variables and the URI they make, the protocol
// log's filter and export, the `kind: mcp` manifest entry that wraps a server's tool, and the reply a sampling
// request gets from the user.
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { McpProtocolEntryView } from '../../../shared/host-types.js';
import type { JsonValue, ListedEntry, RootInfo } from '../../../shared/types.js';
import { isReadOnly, rootOf } from '../library/entries.js';

/** The variables of an RFC 6570 template (`demo://resource/{id}` → `['id']`), in order. */
export function templateVariables(uriTemplate: string): string[] {
  try {
    return new UriTemplate(uriTemplate).variableNames;
  } catch {
    return [];
  }
}

/** The URI a template makes with these values (the template's own expansion rules, encoding included). */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  return new UriTemplate(uriTemplate).expand(values);
}

export interface LogFilter {
  /** Words that must all appear in the message's JSON (case-insensitive). */
  text: string;
  direction: 'both' | 'in' | 'out';
}

/** What a log line names: the method, or `result` / `error` for a response. */
export function entryLabel(entry: McpProtocolEntryView): string {
  const m = entry.message;
  if (typeof m.method === 'string') return m.method;
  if (m.error !== undefined) return 'error';
  return 'result';
}

/** Each entry's lowercased JSON, made once: the filter runs on every keystroke over up to 2,000 messages. */
const searchText = new WeakMap<McpProtocolEntryView, string>();
function searchTextOf(entry: McpProtocolEntryView): string {
  let text = searchText.get(entry);
  if (text === undefined) {
    text = `${JSON.stringify(entry.message)}${entry.cut ?? ''}`.toLowerCase();
    searchText.set(entry, text);
  }
  return text;
}

export function filterLog(
  entries: readonly McpProtocolEntryView[],
  filter: LogFilter,
): McpProtocolEntryView[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => {
    if (filter.direction !== 'both' && e.direction !== filter.direction) return false;
    if (!words.length) return true;
    const text = searchTextOf(e);
    return words.every((w) => text.includes(w));
  });
}

/**
 * The milliseconds between a request and its response (by JSON-RPC id and direction), keyed by the response's index
 * in `entries`: the timing the log shows beside each answer.
 */
export function responseTimes(entries: readonly McpProtocolEntryView[]): Map<number, number> {
  const asked = new Map<string, number>();
  const out = new Map<number, number>();
  entries.forEach((e, i) => {
    const id = e.message.id;
    if (id === undefined || id === null) return;
    const isRequest = typeof e.message.method === 'string';
    // A request from us is answered by the server (`in`), one from the server by us (`out`).
    const key = (dir: string) => `${dir}:${JSON.stringify(id)}`;
    if (isRequest) asked.set(key(e.direction), e.at);
    else {
      const requestDir = e.direction === 'in' ? 'out' : 'in';
      const at = asked.get(key(requestDir));
      if (at !== undefined) out.set(i, e.at - at);
    }
  });
  return out;
}

/** The log as a JSON file: the server, when it was exported, and each message with its time and direction. */
export function logExport(server: string, entries: readonly McpProtocolEntryView[]): string {
  return `${JSON.stringify(
    {
      server,
      exportedAt: new Date().toISOString(),
      messages: entries.map((e) => ({
        at: new Date(e.at).toISOString(),
        direction: e.direction,
        message: e.message,
        ...(e.cut !== undefined ? { cut: e.cut } : {}),
        ...(e.bytes !== undefined ? { bytes: e.bytes } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

/** The manifest entry a "Wrap as skill tool" adds to a skill's `tools:` list. */
export function wrapToolEntry(options: {
  name: string;
  description: string;
  server: string;
  tool: string;
  lockedArgs: Record<string, JsonValue>;
}): Record<string, JsonValue> {
  return {
    name: options.name,
    description: options.description,
    kind: 'mcp',
    target: `${options.server}__${options.tool}`,
    ...(Object.keys(options.lockedArgs).length ? { locked_args: options.lockedArgs } : {}),
  };
}

export interface WrapTarget {
  id: string;
  /** The skill's name; its root's folder too when another root holds a skill of that name. */
  label: string;
  hasErrors: boolean;
}

/**
 * The skills a server's tool may be wrapped into (SKILL.md in a writable root) and the one offered first: the one
 * last wrapped into while it is still error-free, else the first without errors (a broken manifest may not even
 * take the new entry).
 */
export function wrapTargets(
  entries: readonly ListedEntry[],
  roots: readonly RootInfo[],
  lastUsed?: string,
): { targets: WrapTarget[]; preferred: string | undefined } {
  const skills = entries.filter(
    (e) => e.format === 'skill-md' && e.skill && e.status !== 'excluded' && !isReadOnly(e, roots),
  );
  const nameOf = (e: ListedEntry) => e.skill?.name ?? e.id;
  const count = new Map<string, number>();
  for (const e of skills) count.set(nameOf(e), (count.get(nameOf(e)) ?? 0) + 1);
  const targets = skills.map((e) => {
    const hasErrors = e.diagnostics.some((d) => d.severity === 'error');
    const root = (count.get(nameOf(e)) ?? 0) > 1 ? ` — ${rootOf(e, roots)?.path ?? e.rootId}` : '';
    return { id: e.id, label: `${nameOf(e)}${root}${hasErrors ? ' (has errors)' : ''}`, hasErrors };
  });
  const valid = targets.filter((t) => !t.hasErrors);
  const preferred = (valid.find((t) => t.id === lastUsed) ?? valid[0] ?? targets[0])?.id;
  return { targets, preferred };
}

/** A tool name the manifest accepts, made from a server tool's name (letters, digits, `_` and `-`). */
export function suggestedToolName(tool: string): string {
  return tool.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'tool';
}

/** The text of a sampling request's messages, as the user reads them before answering. */
export function samplingTranscript(params: {
  [key: string]: JsonValue;
}): Array<{ role: string; text: string }> {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  return messages.map((m) => {
    const msg = (m ?? {}) as { role?: string; content?: JsonValue };
    const parts = Array.isArray(msg.content) ? msg.content : [msg.content];
    const text = parts
      .map((p) => {
        const part = (p ?? {}) as { type?: string; text?: string; mimeType?: string };
        return part.type === 'text'
          ? (part.text ?? '')
          : `[${part.type ?? 'content'}${part.mimeType ? ` ${part.mimeType}` : ''}]`;
      })
      .join('\n');
    return { role: msg.role ?? 'user', text };
  });
}

/** The CreateMessageResult the user's reply becomes. */
export function samplingReply(text: string, model: string): { [key: string]: JsonValue } {
  return {
    action: 'approve',
    result: {
      role: 'assistant',
      content: { type: 'text', text },
      model: model || 'typed-by-user',
      stopReason: 'endTurn',
    },
  };
}

/** A JSON value as text: a string as is, anything else as JSON ('' for nothing). */
export function textOf(value: JsonValue | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
