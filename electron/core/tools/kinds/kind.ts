// The interface every tool kind implements: adding a kind is adding a module and a line in kinds/index.ts.
import type {
  JsonSchema,
  JsonValue,
  SkillDefinition,
  SkillTool,
  ToolOutput,
  ToolType,
} from '../../../../shared/types.js';
import type { McpPool } from '../../mcp/pool.js';

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
  deps: KindDeps;
  /** Describes the call in messages, e.g. `tool "greet" of skill "greeting-shell"`. */
  what: string;
}

export type KindResult = Omit<ToolOutput, 'durationMs'>;

export interface ToolKindModule {
  /** The schema the caller's args are validated against, before locked keys are removed for advertising. */
  targetSchema(tool: SkillTool, deps: KindDeps): Promise<JsonSchema> | JsonSchema;
  toolType(tool: SkillTool, timeoutMs: number): ToolType;
  run(ctx: RunContext): Promise<KindResult>;
}

/** Schema for shell/script/http tools without `inputSchema`: each declared arg is a required string. */
export function schemaFromArgs(tool: SkillTool): JsonSchema {
  if (tool.inputSchema !== undefined) return tool.inputSchema;
  const args = tool.args ?? {};
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(args).map(([k, d]) => [k, { type: 'string', description: d }]),
    ),
    required: Object.keys(args),
    additionalProperties: false,
  };
}

export { parseStructured } from '../../../../shared/structured.js';
