// Owns the kind-agnostic view of one `tools:` entry of a manifest, shared by the generic tool rules
// (skills/rules/tools.ts) and each kind's own manifest checks.
import type { Severity } from '../../../../shared/types.js';
import { isRecord } from '../../../../shared/records.js';
import type { FieldRef } from '../../../../shared/records.js';

export interface ToolEntry {
  index: number;
  /** Path of the entry in the manifest data. */
  path: Array<string | number>;
  /** Canonical key -> [key as written, value]. */
  fields: Map<string, [string, unknown]>;
}

/** What a kind's manifest check found; the rules turn it into a Diagnostic at the range of `path`. */
export interface EntryFinding {
  path: Array<string | number>;
  severity: Severity;
  code: string;
  message: string;
  /** A quick fix replacing the field's whole value. */
  fix?: { title: string; value: string };
}

/** What a kind's manifest check may ask about the skill around the entry (a RuleContext is one). */
export interface EntryCheckContext {
  /** Absolute path of the skill's folder. */
  folderPath: string;
  /** MCP servers configured for the library, when known. */
  mcpServers?: ReadonlySet<string>;
  /** The manifest's top-level fields by canonical key (e.g. the skill's `shell`). */
  fields?: ReadonlyMap<string, FieldRef>;
}

export const str = (e: ToolEntry, key: string): string | undefined => {
  const v = e.fields.get(key)?.[1];
  return typeof v === 'string' ? v : undefined;
};

export const record = (e: ToolEntry, key: string): Record<string, unknown> | undefined => {
  const v = e.fields.get(key)?.[1];
  return isRecord(v) ? v : undefined;
};

/** Path of a field, with its key as written. */
export const pathOf = (e: ToolEntry, key: string) => [...e.path, e.fields.get(key)?.[0] ?? key];

/** Where a missing or empty field is reported: on the field when it is written, else on the whole entry. */
export const fieldOrEntryPath = (e: ToolEntry, key: string) => (e.fields.has(key) ? pathOf(e, key) : e.path);

export const label = (e: ToolEntry) =>
  str(e, 'name') ? `Tool "${str(e, 'name') ?? ''}"` : `Tool entry ${e.index + 1}`;

export const finding = (
  path: Array<string | number>,
  severity: Severity,
  code: string,
  message: string,
  fix?: EntryFinding['fix'],
): EntryFinding => ({ path, severity, code, message, ...(fix ? { fix } : {}) });
