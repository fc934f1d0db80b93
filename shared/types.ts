// The data model shared by core, main, preload and renderer (DESIGN.md "Data model").
// No node:*, no DOM, no electron here: this file is imported on both sides of the bridge.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonSchema = { [key: string]: JsonValue } | boolean;

/** Per folder, first found wins: SKILL.toml > manifest.toml > SKILL.md > skill.json (+ prompt.md). */
export type SkillFormat = 'skill-md' | 'skill-toml' | 'manifest-toml' | 'legacy-json';

export type Severity = 'error' | 'warning' | 'info';

/** 1-based lines and columns; columns count UTF-16 code units, as Monaco and LSP do. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface QuickFix {
  title: string;
  /** Edits to the diagnostic's file. */
  edits: TextEdit[];
  /** A fix that renames a file or the skill folder instead of editing text (absolute paths). */
  rename?: { from: string; to: string };
  /** A fix that saves the file without its byte order mark (which no text edit can reach). */
  removeBom?: true;
}

export interface Diagnostic {
  severity: Severity;
  /** Stable rule id, e.g. "name-format". */
  code: string;
  /** Names the rule, the value and the fix. */
  message: string;
  /** Absolute path of the file the range is in. */
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** The obvious fix, when there is one. */
  fix?: QuickFix;
  /**
   * The profiles that report it so, when a skill was checked under several (it sits in the folders of agents with
   * different profiles) and they do not agree on it; absent when every profile reports it alike.
   */
  profiles?: ValidationProfile[];
  /** Further fixes when more than one is reasonable (e.g. rename the folder instead of the name). */
  alternativeFixes?: QuickFix[];
}

/** The tool kinds, one name each: a new kind adds its name here and its module in tools/kinds/index.ts. */
export const TOOL_KINDS = ['builtin', 'mcp', 'shell', 'script', 'http'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/**
 * The longest timeout a tool, a call or an MCP server may set: 24 hours (issue 12: beyond ~24.8 days Node's timer
 * overflows and fires at once, so an honest maximum is checked by the contract, the manifest rule and the executor).
 */
export const MAX_TIMEOUT_SECS = 86_400;

export interface SkillTool {
  name: string;
  description: string;
  kind: ToolKind;
  /** builtin: handler name; mcp: "{server}__{tool}". */
  target?: string;
  /** shell: command template with {{arg}}; script: path under the skill folder. */
  command?: string;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  /** arg name -> description (shell/script/http without a schema). */
  args?: Record<string, string>;
  /** Explicit schema; wins over args. */
  inputSchema?: JsonSchema;
  /** Alias `locked_args` / `default_args`. */
  lockedArgs?: Record<string, JsonValue>;
  /** Default 60, minimum 1, maximum MAX_TIMEOUT_SECS. */
  timeoutSecs?: number;
  /** shell: lets a placeholder reach `eval`, `sh -c`, `watch`… (refused otherwise). Alias `allow_shell_eval`. */
  allowShellEval?: boolean;
  /** Schema the structured output (JSON printed by a process, a JSON response body) must satisfy. */
  outputSchema?: JsonSchema;
}

export interface SkillDefinition {
  /** Stable and unique: root id + folder path relative to the root. */
  id: string;
  /** Frontmatter `name`, else the folder name. */
  name: string;
  description: string;
  /** As written: `version: 2` stays "2" (with a warning), never "". */
  version: string;
  variables: string[];
  argumentHint?: string;
  allowedTools: string[];
  userInvocable: boolean;
  disableModelInvocation: boolean;
  /** The Markdown body. */
  instructions: string;
  /** The body's first non-empty line (a heading's text): what Claude Code lists when there is no description. */
  firstLine?: string;
  /** The Claude Code plugin that holds the skill (`.claude-plugin/`): it is then shown `plugin:name`, run as `plugin:folder`. */
  plugin?: string;
  format: SkillFormat;
  /** Absolute path of the manifest file. */
  sourcePath: string;
  /** Every key not named above, typed values kept. */
  metadata: Record<string, JsonValue>;
  /** The canonical keys the manifest writes, in order (the effective view tells written values from defaults). */
  writtenKeys: string[];
  tools: SkillTool[];
  diagnostics: Diagnostic[];
  /** Id of the skill that wins a name clash. */
  shadowedBy?: string;
}

export type SkillErrorCode =
  | 'NotFound'
  | 'Timeout'
  | 'PermissionDenied'
  | 'ToolExecution'
  | 'ConfigValidation'
  | 'Disabled'
  | 'Io'
  | 'Yaml'
  | 'Http'
  | 'ParseError'
  | 'MissingField'
  | 'InvalidFormat'
  | 'InvalidArgs'
  | 'Cancelled'
  | 'Conflict';

/** How a manifest found in a library ended up. */
export type ManifestStatus = 'loaded' | 'invalid' | 'shadowed' | 'excluded';

export interface LibraryEntry {
  /** Skill id (root id + folder relative to the root). */
  id: string;
  /** The root it was found in (`RootInfo.id`): ask the root for its kind, never parse the id. */
  rootId: string;
  /** Absolute path of the manifest file. */
  path: string;
  format: SkillFormat;
  status: ManifestStatus;
  /** Why the manifest is excluded, or which skill shadows it. */
  reason?: string;
  /** Present whenever the manifest could be parsed into a skill (also when it has errors). */
  skill?: SkillDefinition;
  diagnostics: Diagnostic[];
  /** The agents (ids of the agent table) whose skill folders hold it, itself or through a link. */
  readers?: string[];
  /** Other paths the same manifest is reached by (links in other agents' folders). */
  alsoAt?: string[];
}

/**
 * A library entry as lists carry it (`skills:list`, `skills:changed`): the skill without its instructions, which
 * the list never shows and which made a 10,000-skill list 19.5 MB, 10.5 MB of it bodies (issue 14: page load).
 * `skills:get` returns the whole entry.
 */
export interface ListedEntry extends Omit<LibraryEntry, 'skill'> {
  skill?: ListedSkill;
  /**
   * The skill declares something that runs (a tool that runs local code or calls an MCP server, a `` !`command` ``
   * line): what a restricted root holds back. Absent otherwise. Decided in core (`declaresRunnable`).
   */
  runsCode?: true;
}
export type ListedSkill = Omit<SkillDefinition, 'instructions'>;

/** The entry without its skill's instructions (a copy: the library's own entry is not touched). */
export function listedEntry(entry: LibraryEntry): ListedEntry {
  if (!entry.skill) return entry;
  const { instructions: _instructions, ...skill } = entry.skill;
  return { ...entry, skill };
}

export interface RootInfo {
  id: string;
  path: string;
  kind: 'bundled' | 'user' | 'project';
  /**
   * Whether what the root supplies may run: its MCP servers, shell and script tools (workspace trust, issue 12).
   * The bundled examples are trusted; other roots once the user trusts them.
   */
  trusted: boolean;
  /** The agents that read skills from this folder, with the profile that stands for each (agents' folders only). */
  readers?: AgentReader[];
}

export interface AgentReader {
  /** Id in the agent table. */
  agent: string;
  profile: ValidationProfile;
}

export type ValidationProfile = 'portable' | 'claude-code' | 'clawft' | 'zeroclaw' | 'skillbench';
export const VALIDATION_PROFILES: readonly ValidationProfile[] = [
  'portable',
  'claude-code',
  'clawft',
  'zeroclaw',
  'skillbench',
];

/** What the executor advertises for one skill tool. */
export interface ToolDefinition {
  /** The tool's own name in the manifest. */
  name: string;
  /** Composed "{skill}__{tool}", sanitised (see composeToolName): the name a model is offered. */
  composedName: string;
  description: string;
  /** The advertised schema: locked keys removed from `properties` and `required`. */
  inputSchema: JsonSchema;
  toolType: ToolType;
  /** One line saying what it runs (its kind's `describe`); absent on a server's tool shown outside a skill. */
  runs?: string;
  /** Values the manifest locks; shown read-only, never sent by callers. */
  lockedArgs?: Record<string, JsonValue>;
  outputSchema?: JsonSchema;
  /** Why the advertised schema may be incomplete (an MCP server that could not be reached), or why it may not run. */
  problem?: string;
  /** The tool may not run here (workspace trust, issue 12): `problem` says why; its schema comes from the manifest. */
  refused?: true;
}

export type ToolType =
  | { type: 'builtin'; handler: string }
  | { type: 'mcp'; server: string; tool: string }
  | { type: 'shell'; command: string; timeoutMs: number }
  | { type: 'script'; path: string; timeoutMs: number }
  | { type: 'http'; url: string; method: string; headers: Record<string, string>; timeoutMs: number };

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string };

export interface ToolOutput {
  /** Text form, always present. */
  output: string;
  isError: boolean;
  content?: ContentBlock[];
  /** Structured result, validated against the output schema when one exists. */
  structured?: JsonValue;
  /** Standard error of a process, capped. */
  stderr?: string;
  /** A process's exit code, when it exited. */
  exitCode?: number;
  /** An HTTP tool's response status. */
  httpStatus?: number;
  /** The text was cut at `atBytes` (what a call keeps); `totalBytes` is its full size, when it is known. */
  truncated?: { atBytes: number; totalBytes?: number };
  durationMs: number;
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  /** Overrides the tool's timeout for this call. */
  timeoutSecs?: number;
  /** Progress notifications (MCP progress, or process output as it arrives). */
  onProgress?: (progress: { message?: string; progress?: number; total?: number }) => void;
}

export interface SkillExecutor {
  executeTool(skillId: string, toolName: string, args: JsonValue, opts?: ExecuteOptions): Promise<ToolOutput>;
  tools(skillId: string): ToolDefinition[];
}
