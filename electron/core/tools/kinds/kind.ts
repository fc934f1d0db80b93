// The interface every tool kind implements. A new kind is its module, its name in shared TOOL_KINDS (the compiler
// then asks for its line in kinds/index.ts) and an example skill: docs/tools.md, "Adding a tool kind".
import type {
  JsonSchema,
  JsonValue,
  SkillDefinition,
  SkillTool,
  ToolOutput,
  ToolType,
} from '../../../../shared/types.js';
import type { McpPool } from '../../mcp/pool.js';
import type { WireExchange } from '../../mcp/protocol-log.js';
import { isRecord } from '../../../../shared/records.js';
import { record, type EntryCheckContext, type EntryFinding, type ToolEntry } from './tool-entry.js';

export interface KindDeps {
  mcp?: McpPool;
}

export interface RunContext {
  skill: SkillDefinition;
  tool: SkillTool;
  /** Absolute path of the skill's folder (the working directory of processes). */
  folder: string;
  /** Caller args merged with locked args, already validated. */
  args: Record<string, JsonValue>;
  timeoutMs: number;
  /** Whether the timeout was set by the tool or the call (MCP servers otherwise use their own). */
  explicitTimeout: boolean;
  signal?: AbortSignal;
  onProgress?: (p: { message?: string; progress?: number; total?: number }) => void;
  /** Told what an MCP call exchanged on the wire, for the history. */
  onWire?: (wire: RunWire) => void;
  deps: KindDeps;
  /** Describes the call in messages, e.g. `tool "greet" of skill "greeting-shell"`. */
  what: string;
}

/** The messages of one MCP call, with the server they went to. */
export type RunWire = WireExchange & { server: string };

export type KindResult = Omit<ToolOutput, 'durationMs'>;

/** A tool usable directly, outside any skill. */
export interface RegistryTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface ToolKindModule {
  // Reading and showing a tool.
  /** The fields of a `tools:` entry (keys canonical) this kind reads, as the normalised tool holds them. */
  readFields(raw: Readonly<Record<string, unknown>>): Partial<SkillTool>;
  /** One line saying what the tool runs (a command, a URL, a handler); never the manifest's locked values. */
  describe(tool: SkillTool): string;
  /** Whether the tool starts a process the library chose: workspace trust refuses it in an untrusted root. */
  runsLocalCode(tool: SkillTool): boolean;
  /** The MCP server the tool calls, for kinds that call one (trust decides whose skills may call it). */
  mcpServer?(tool: SkillTool): string | undefined;
  /** What a model is told the tool does when the manifest gives no description. */
  defaultDescription?(tool: SkillTool): string;

  // Running a tool.
  /** The schema the caller's args are validated against, before locked keys are removed for advertising. */
  targetSchema(tool: SkillTool, deps: KindDeps): Promise<JsonSchema> | JsonSchema;
  /**
   * The schema known without reaching anything (undefined when only a server can tell); throws when the manifest
   * alone shows the tool cannot run (a built-in that does not exist).
   */
  knownSchema(tool: SkillTool, deps: KindDeps): JsonSchema | undefined;
  toolType(tool: SkillTool, timeoutMs: number): ToolType;
  run(ctx: RunContext): Promise<KindResult>;

  // Checking a `tools:` entry of this kind in a manifest (the generic rules check shape, name, timeout, schemas).
  /** Every code `checkEntry` may emit: the rule table lists them, and the README must document each. */
  manifestCodes: readonly string[];
  /** What is wrong with the fields this kind reads (its target, command, url...). */
  checkEntry(entry: ToolEntry, ctx: EntryCheckContext): EntryFinding[];
  /** Argument names the target reads, or undefined when the manifest cannot tell (an MCP tool's own schema). */
  declaredArgs(entry: ToolEntry): ReadonlySet<string> | undefined;
  /** Fields whose text may hold `{{arg}}` placeholders; for a mapping (http headers), its string values. */
  templateFields: readonly string[];
  // Direct use, outside any skill (the registry), for kinds whose targets are usable on their own.
  /** This kind's tools usable directly. */
  directTools?(deps: KindDeps): Promise<RegistryTool[]>;
  /** The tool a registry name stands for, when the name is one of this kind's. */
  directTool?(name: string): SkillTool | undefined;

  /** When the entry hands a model a raw shell: where to report it and how to pin it down. */
  rawShell?(entry: ToolEntry): { path: Array<string | number>; advice: string } | undefined;
}

/** A string field of a raw `tools:` entry, when it is one. */
export function stringField(raw: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const v = raw[key];
  return typeof v === 'string' ? v : undefined;
}

/** The fields in `keys` that hold strings, for a kind's `readFields` (fields of other types are left out). */
export function stringFields(
  raw: Readonly<Record<string, unknown>>,
  ...keys: Array<'target' | 'command' | 'url'>
): Partial<SkillTool> {
  const out: Partial<SkillTool> = {};
  for (const k of keys) {
    const v = stringField(raw, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The schema an `args` mapping stands for: each declared arg is a required string, described by its text. */
function schemaOfArgs(args: Readonly<Record<string, unknown>>): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(args).map(([k, d]) => [
        k,
        { type: 'string', ...(typeof d === 'string' ? { description: d } : {}) },
      ]),
    ),
    required: Object.keys(args),
    additionalProperties: false,
  };
}

/** Schema for shell/script/http tools without `inputSchema`: each declared arg is a required string. */
export function schemaFromArgs(tool: SkillTool): JsonSchema {
  return tool.inputSchema ?? schemaOfArgs(tool.args ?? {});
}

/**
 * Argument names a manifest entry declares: its own `inputSchema`'s properties, else those of the target's
 * schema when the kind knows it (a built-in), else those of the schema its `args` stand for; undefined when
 * none of them says.
 */
export function declaredArgsOf(entry: ToolEntry, targetSchema?: JsonSchema): ReadonlySet<string> | undefined {
  const own = entry.fields.get('inputSchema')?.[1];
  if (isRecord(own)) return propertyNames(own);
  if (targetSchema !== undefined) return propertyNames(targetSchema);
  const args = record(entry, 'args');
  return args ? propertyNames(schemaOfArgs(args)) : undefined;
}

/** The property names a schema declares, when it declares any. */
export function propertyNames(schema: unknown): ReadonlySet<string> | undefined {
  return isRecord(schema) && isRecord(schema.properties)
    ? new Set(Object.keys(schema.properties))
    : undefined;
}

export { parseStructured } from '../../../../shared/structured.js';
