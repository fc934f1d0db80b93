// Owns the contract every validation rule implements: a small pure function from a skill to its findings.
// Tested by: test/unit/core/skills/rule-reference.test.ts
import type {
  Diagnostic,
  QuickFix,
  Range,
  Severity,
  SkillDefinition,
  ValidationProfile,
} from '../../../../shared/types.js';
import { makeDiagnostic } from '../diagnostic.js';
import type { FieldRef } from '../../../../shared/records.js';
import { rangeOf, type DataPath, type RawManifest, type SpanPart } from '../raw-manifest.js';

export interface RuleContext {
  raw: RawManifest;
  profile: ValidationProfile;
  /** Absolute path of the skill's folder and its base name. */
  folderPath: string;
  folderName: string;
  /** Canonical key -> the key as written and its value. */
  fields: ReadonlyMap<string, FieldRef>;
  /** Whether a path exists (injected so the editor can validate unsaved buffers fast and tests can fake it). */
  pathExists(absolutePath: string): boolean;
  /** MCP servers configured for the library, when known. */
  mcpServers?: ReadonlySet<string>;
}

export interface Rule {
  /** Stable id; every diagnostic the rule makes uses it (or one of `codes`) as its code. */
  id: string;
  /** Other codes this rule may emit. */
  codes?: readonly string[];
  /** One line for the rule reference. */
  summary: string;
  check(skill: SkillDefinition, ctx: RuleContext): Diagnostic[];
}

/** Diagnostic in the manifest file at the range of a data path. */
export function at(
  ctx: RuleContext,
  path: DataPath,
  severity: Severity,
  code: string,
  message: string,
  fix?: QuickFix,
  part: SpanPart = 'value',
  alternativeFixes?: QuickFix[],
): Diagnostic {
  return makeDiagnostic(
    severity,
    code,
    message,
    ctx.raw.file,
    rangeOf(ctx.raw, path, part),
    fix,
    alternativeFixes,
  );
}

/** Diagnostic about the manifest as a whole (e.g. a missing key), shown on the frontmatter's opening line. */
export function atHeader(
  ctx: RuleContext,
  severity: Severity,
  code: string,
  message: string,
  fix?: QuickFix,
): Diagnostic {
  return makeDiagnostic(severity, code, message, ctx.raw.file, ctx.raw.headerRange, fix);
}

export function atRange(
  ctx: RuleContext,
  file: string,
  range: Range,
  severity: Severity,
  code: string,
  message: string,
  fix?: QuickFix,
): Diagnostic {
  return makeDiagnostic(severity, code, message, file, range, fix);
}

/** A fix that replaces the value (or the key) at a path with new source text. */
export function replaceValue(
  ctx: RuleContext,
  path: DataPath,
  title: string,
  newText: string,
  part: SpanPart = 'value',
): QuickFix | undefined {
  const span = ctx.raw.span(path, part);
  if (!span) return undefined;
  return { title, edits: [{ range: ctx.raw.lines.range(span[0], span[1]), newText }] };
}

/** Value as a YAML/TOML/JSON scalar in source form: double-quoted JSON strings are valid in all three. */
export function quoted(value: string): string {
  return JSON.stringify(value);
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(truncate(value, 40))}`;
  return typeof value === 'number' || typeof value === 'boolean'
    ? `the ${typeof value} ${String(value)}`
    : `a ${typeof value}`;
}

export function truncate(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/**
 * How many characters (code points, as `[...text].length` counts them) `text` holds, without building the array:
 * the length limits of `name`, `description` and `compatibility` count characters, not UTF-16 units.
 */
export function characters(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) continue;
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      count--;
      i++;
    }
  }
  return count;
}
