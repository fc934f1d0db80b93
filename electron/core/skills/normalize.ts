// Owns turning a RawManifest into a SkillDefinition: lenient by design (rules report what is wrong, this keeps going).
// Tested by: test/unit/core/skills/formats.test.ts
import { firstLineOf } from '../../../shared/effective.js';
import { defaultFor, runtimeKey, yaml11Boolean } from '../../../shared/runtime-table.js';
import type {
  JsonSchema,
  JsonValue,
  SkillDefinition,
  SkillTool,
  ToolKind,
  ValidationProfile,
} from '../../../shared/types.js';
import { isRecord, stringRecord, type FieldRef } from '../../../shared/records.js';
import { kindOf } from '../tools/kinds/registry.js';
import { JSON_MAX_DEPTH } from '../../../shared/json-read.js';
import { placeholderNames } from '../../../shared/syntax/placeholders.js';
import { canonicalKey, canonicalToolKey, INSTRUCTION_KEYS } from './keys.js';
import type { RawManifest } from './raw-manifest.js';

/** Canonical key -> the first spelling found (later spellings are reported by the `key-alias-duplicate` rule). */
export function fieldsOf(data: Record<string, unknown> | undefined): Map<string, FieldRef> {
  const out = new Map<string, FieldRef>();
  for (const [key, value] of Object.entries(data ?? {})) {
    const canonical = canonicalKey(key);
    if (!out.has(canonical)) out.set(canonical, { key, value });
  }
  return out;
}

const NAMED_FIELDS = new Set([
  'name',
  'description',
  'version',
  'variables',
  'argument-hint',
  'allowed-tools',
  'user-invocable',
  'disable-model-invocation',
  'tools',
]);

export function normalizeSkill(
  raw: RawManifest,
  id: string,
  folderName: string,
  fields: ReadonlyMap<string, FieldRef> = fieldsOf(raw.data),
  profile: ValidationProfile = 'skillbench',
): SkillDefinition {
  // Claude Code reads only the spelling it knows: `disable_model_invocation` is not `disable-model-invocation` there.
  const field = (canonical: string): FieldRef | undefined => {
    const f = fields.get(canonical);
    if (profile !== 'claude-code' || !f) return f;
    return f.key === (runtimeKey(canonical)?.spelling?.['claude-code'] ?? canonical) ? f : undefined;
  };
  const text = (canonical: string): string | undefined => {
    const f = field(canonical);
    if (!f || f.value === null || f.value === undefined) return undefined;
    if (typeof f.value === 'string') return f.value;
    if (typeof f.value === 'number' || typeof f.value === 'boolean') {
      // Keep what was written (`version: 2.10` is "2.10", not "2.1"); rules warn about the type.
      return raw.scalarSource([f.key]) ?? String(f.value);
    }
    return undefined;
  };
  // The effective value is what the profile's runtime uses: its default when absent, and `no` as false where Claude
  // Code (YAML 1.1) would read it so (issue 11).
  const bool = (canonical: string): boolean => {
    const v = field(canonical)?.value;
    if (typeof v === 'boolean') return v;
    // Claude Code takes the strings "true" and "false" as booleans too.
    if (profile === 'claude-code' && typeof v === 'string' && /^(?:true|false)$/i.test(v.trim()))
      return v.trim().toLowerCase() === 'true';
    const yaml11 =
      raw.format === 'skill-md' && runtimeKey(canonical)?.yaml11Booleans ? yaml11Boolean(v) : undefined;
    return yaml11 ?? defaultFor(canonical, profile) === true;
  };

  const metadata: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(raw.data ?? {})) {
    if (NAMED_FIELDS.has(canonicalKey(key))) continue;
    if (raw.format !== 'skill-md' && (INSTRUCTION_KEYS as readonly string[]).includes(key)) continue;
    setOwn(metadata, key, toJsonValue(value));
  }

  const declaredVariables = fields.get('variables')?.value;
  const firstLine = firstLineOf(raw.body);
  const skill: SkillDefinition = {
    id,
    name: text('name') ?? folderName,
    description: text('description') ?? '',
    version: text('version') ?? '',
    variables: Array.isArray(declaredVariables)
      ? declaredVariables.filter((v): v is string => typeof v === 'string')
      : placeholderNames(raw.body),
    allowedTools: allowedToolsOf(field('allowed-tools')?.value),
    userInvocable: bool('user-invocable'),
    disableModelInvocation: bool('disable-model-invocation'),
    instructions: raw.body,
    ...(firstLine !== undefined ? { firstLine } : {}),
    format: raw.format,
    sourcePath: raw.file,
    metadata,
    writtenKeys: [...fields.keys()],
    tools: toolsOf(fields.get('tools')?.value),
    diagnostics: [],
  };
  // `argument-hint: [file]` is a YAML list; Claude Code shows the text as written.
  const hintField = field('argument-hint');
  const hintSpan = Array.isArray(hintField?.value) ? raw.span([hintField.key], 'value') : undefined;
  const hint = hintSpan ? raw.text.slice(hintSpan[0], hintSpan[1]) : text('argument-hint');
  if (hint !== undefined) skill.argumentHint = hint;
  return skill;
}

/**
 * A list, or a string separated by commas and/or spaces. Separators inside parentheses belong to the entry:
 * `Bash(git add:*) Read` is two tools.
 */
export function splitAllowedTools(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      if (current.trim()) out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

function allowedToolsOf(value: unknown): string[] {
  if (typeof value === 'string') return splitAllowedTools(value);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return [];
}

function toolsOf(value: unknown): SkillTool[] {
  if (!Array.isArray(value)) return [];
  const tools: SkillTool[] = [];
  for (const entry of value) {
    const tool = toolOf(entry);
    if (tool) tools.push(tool);
  }
  return tools;
}

/** One `tools:` entry; undefined when it is too broken to be a tool (the tool rules say why). */
export function toolOf(entry: unknown): SkillTool | undefined {
  if (typeof entry === 'string') {
    return entry.trim() ? { name: entry, description: '', kind: 'builtin', target: entry } : undefined;
  }
  if (!isRecord(entry)) return undefined;
  const f: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry)) {
    const c = canonicalToolKey(k);
    if (!(c in f)) f[c] = v;
  }
  const kind = typeof f.kind === 'string' ? kindOf(f.kind) : undefined;
  if (!kind) return undefined;
  const target = typeof f.target === 'string' ? f.target : undefined;
  const name = typeof f.name === 'string' && f.name.trim() ? f.name : target;
  if (!name) return undefined;
  const tool: SkillTool = {
    name,
    description: typeof f.description === 'string' ? f.description : '',
    kind: f.kind as ToolKind,
    ...kind.readFields(f),
  };
  if (isRecord(f.args)) tool.args = stringRecord(f.args);
  if (isRecord(f.inputSchema) || typeof f.inputSchema === 'boolean')
    tool.inputSchema = toJsonValue(f.inputSchema) as JsonSchema;
  if (isRecord(f.outputSchema) || typeof f.outputSchema === 'boolean')
    tool.outputSchema = toJsonValue(f.outputSchema) as JsonSchema;
  if (isRecord(f.lockedArgs)) tool.lockedArgs = toJsonValue(f.lockedArgs) as Record<string, JsonValue>;
  if (typeof f.timeoutSecs === 'number' && Number.isFinite(f.timeoutSecs)) tool.timeoutSecs = f.timeoutSecs;
  return tool;
}

/**
 * Plain data to JSON: dates become ISO strings, non-finite numbers their names, anything exotic a string. The copy
 * stops at the one depth cap of everything read (a deeper value becomes null): the parsers report such nesting,
 * and a copy past it would overflow every recursive walk after this one.
 */
export function toJsonValue(value: unknown, depth = 0): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && depth >= JSON_MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => toJsonValue(v, depth + 1));
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (value instanceof Map) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of value) setOwn(out, String(k), toJsonValue(v, depth + 1));
    return out;
  }
  if (typeof value === 'object') {
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
      return (value as { toString(): string }).toString(); // e.g. a TOML date-time type
    }
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, toJsonValue(v, depth + 1));
    return out;
  }
  return null; // functions and symbols: never produced by the parsers
}

/** Sets a key as plain own data, so a `__proto__` key in a manifest stays a key and never becomes a prototype. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
