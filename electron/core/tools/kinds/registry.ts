// Owns asking the kind table about a tool: its module, what it runs, whether it runs local code, which MCP server
// it calls. Validation, normalising, trust, the executor and every view of a tool go through here.
import type { SkillTool } from '../../../../shared/types.js';
import { KINDS } from './index.js';
import type { ToolKindModule } from './kind.js';

/** The module of a kind name, when the table has it. */
export function kindOf(name: string): ToolKindModule | undefined {
  return Object.hasOwn(KINDS, name) ? (KINDS as Readonly<Record<string, ToolKindModule>>)[name] : undefined;
}

/** The module of a normalised tool (normalising keeps only tools of a known kind). */
export function moduleOf(tool: SkillTool): ToolKindModule {
  const kind = kindOf(tool.kind);
  if (!kind) throw new Error(`No tool kind "${tool.kind}".`);
  return kind;
}

/** One line saying what a tool runs. */
export const describeTool = (tool: SkillTool): string => moduleOf(tool).describe(tool);

/** Whether a tool starts a process the library chose (workspace trust). */
export const runsLocalCode = (tool: SkillTool): boolean => moduleOf(tool).runsLocalCode(tool);

/** The MCP server a tool calls, if any. */
export const mcpServerOf = (tool: SkillTool): string | undefined => moduleOf(tool).mcpServer?.(tool);

/**
 * What a tool runs with the manifest's locked values, for reviewing a skill before trusting or installing it (the
 * locked `command` of the `shell` built-in is what it runs).
 */
export function describeWithLocked(tool: SkillTool): string {
  const runs = describeTool(tool);
  return tool.lockedArgs ? `${runs} ${JSON.stringify(tool.lockedArgs)}` : runs;
}

/** Every kind's module, in the table's order. */
export const kindModules = (): ToolKindModule[] => Object.values(KINDS);
