// Owns executing skill tools: resolving skill and tool, merging locked args, validating, enforcing the policy,
// running the kind, timing the call. One call at a time per invocation; no LLM loop.
// Tested by: test/integration/executor.test.ts
import { dirname } from 'node:path';
import type {
  ExecuteOptions,
  JsonSchema,
  JsonValue,
  LibraryEntry,
  SkillDefinition,
  SkillExecutor,
  SkillTool,
  ToolDefinition,
  ToolOutput,
} from '../../../shared/types.js';
import { SkillError } from '../../../shared/errors.js';
import { MAX_TIMEOUT_SECS } from '../../../shared/types.js';
import type { McpPool } from '../mcp/pool.js';
import { composeToolName } from './compose-name.js';
import type { KindDeps, RegistryTool, RunContext, RunWire } from './kinds/kind.js';
import { kindModules, moduleOf } from './kinds/registry.js';
import { mergeLockedArgs, narrowSchema } from './locked-args.js';
import { assertValidArgs, outputSchemaProblems } from './validate-args.js';

const DEFAULT_TIMEOUT_SECS = 60;

interface ExecutorOptions {
  /** Registry tools hidden from direct use (default: the raw `shell` built-in). Skill wrappers still run. */
  excludedTools?: readonly string[];
  mcp?: McpPool;
  /** Called after every call, successful or not (history). */
  onRun?: (record: RunRecord) => void;
  /**
   * Skill tools excluded by the user's policy (issue 11), by kind (`shell`, `http`...), tool name or composed name:
   * shown as excluded with the reason, and refused with PermissionDenied. Empty by default.
   */
  excludedSkillTools?: readonly string[];
  /** Why a skill's tool may not run here (workspace trust), or undefined: refused calls fail with PermissionDenied. */
  refuse?: (skill: SkillDefinition, tool: SkillTool) => string | undefined;
}

export interface RunRecord {
  skillId: string;
  skillName: string;
  tool: string;
  args: JsonValue;
  output?: ToolOutput;
  error?: { code: string; message: string };
  startedAt: string;
  durationMs: number;
  /** Schema the args were validated against (for masking secrets). */
  schema?: JsonSchema;
  /** An MCP tool's request and response as they went on the wire. */
  wire?: RunWire;
}

const PERMISSIVE: JsonSchema = { type: 'object' };
/** The pseudo skill of direct registry calls (the user's own, outside any root). */
const REGISTRY_ID = '(registry)';

export class Executor implements SkillExecutor {
  private readonly skills = new Map<string, SkillDefinition>();
  private readonly byName = new Map<string, SkillDefinition>();
  private readonly deps: KindDeps;
  readonly excluded: ReadonlySet<string>;

  constructor(
    entries: readonly LibraryEntry[],
    private readonly options: ExecutorOptions = {},
  ) {
    for (const e of entries) {
      if (!e.skill || e.status === 'excluded') continue;
      this.skills.set(e.skill.id, e.skill);
      if (e.status !== 'shadowed' && !this.byName.has(e.skill.name)) this.byName.set(e.skill.name, e.skill);
    }
    this.deps = options.mcp ? { mcp: options.mcp } : {};
    this.excluded = new Set(options.excludedTools ?? ['shell']);
  }

  /** A skill by id, by name (the winner of a clash), or by the absolute path of its folder or manifest. */
  skill(ref: string): SkillDefinition {
    const found =
      this.skills.get(ref) ??
      this.byName.get(ref) ??
      [...this.skills.values()].find(
        (s) => s.sourcePath === ref || dirname(s.sourcePath) === ref.replace(/[\\/]+$/, ''),
      );
    if (!found)
      throw new SkillError(
        'NotFound',
        `No skill "${ref}" is loaded. Check the name (skillbench list shows them) or pass its folder.`,
      );
    return found;
  }

  /** Why a skill's tool may not run: the excluded-tools policy first, then workspace trust. */
  refusal(skill: SkillDefinition, tool: SkillTool): string | undefined {
    const composed = composeToolName(skill.name, tool.name);
    const rule = (this.options.excludedSkillTools ?? []).find(
      (x) => x === tool.kind || x === tool.name || x === composed,
    );
    if (rule !== undefined)
      return `"${composed}" is excluded by the tool policy (excluded: ${rule}); remove it from the excluded tools to run it.`;
    return this.options.refuse?.(skill, tool);
  }

  /** A refused tool's definition, described from the manifest alone (nothing is started to learn its schema). */
  private refusedDefinition(skill: SkillDefinition, tool: SkillTool): ToolDefinition | undefined {
    const refused = this.refusal(skill, tool);
    if (!refused) return undefined;
    return { ...this.definition(skill, tool, this.knownSchema(tool)), problem: refused, refused: true };
  }

  /** A tool by its own name or its composed name. */
  tool(skill: SkillDefinition, name: string): SkillTool {
    const tool =
      skill.tools.find((t) => t.name === name) ??
      skill.tools.find((t) => composeToolName(skill.name, t.name) === name);
    if (!tool) {
      throw new SkillError(
        'NotFound',
        `Skill "${skill.name}" has no tool "${name}" (it has: ${skill.tools.map((t) => t.name).join(', ') || 'none'}).`,
      );
    }
    return tool;
  }

  /** Advertised definitions from what is known now (MCP schemas once the server was listed; see describeTools). */
  tools(skillId: string): ToolDefinition[] {
    const skill = this.skill(skillId);
    return skill.tools.map((tool) => {
      const refused = this.refusedDefinition(skill, tool);
      if (refused) return refused;
      const def = this.definition(skill, tool, this.knownSchema(tool));
      const problem = this.staticProblem(tool);
      return problem ? { ...def, problem } : def;
    });
  }

  /** What makes a tool unrunnable that the manifest alone shows (a built-in that does not exist). */
  private staticProblem(tool: SkillTool): string | undefined {
    try {
      moduleOf(tool).knownSchema(tool, this.deps);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  /**
   * Advertised definitions, reaching MCP servers for their tools' schemas first. A server that cannot be reached
   * does not hide the skill's other tools: its tools keep the schema known so far and say what went wrong.
   */
  async describeTools(skillId: string): Promise<ToolDefinition[]> {
    const skill = this.skill(skillId);
    return Promise.all(
      skill.tools.map(async (tool) => {
        // A refused tool is described from the manifest alone: nothing is started to learn its schema.
        const refused = this.refusedDefinition(skill, tool);
        if (refused) return refused;
        try {
          return this.definition(skill, tool, await this.targetSchema(tool));
        } catch (error) {
          return {
            ...this.definition(skill, tool, this.knownSchema(tool)),
            problem: (error as Error).message,
          };
        }
      }),
    );
  }

  /**
   * One tool's advertised definition, reaching only the MCP server that tool needs (so `run` of a built-in starts
   * no server at all, issue 11). Unknown tool: `NotFound`.
   */
  async describeTool(skillId: string, toolName: string): Promise<ToolDefinition> {
    const skill = this.skill(skillId);
    const tool = this.tool(skill, toolName);
    const refused = this.refusedDefinition(skill, tool);
    if (refused) return refused;
    try {
      return this.definition(skill, tool, await this.targetSchema(tool));
    } catch (error) {
      return { ...this.definition(skill, tool, this.knownSchema(tool)), problem: (error as Error).message };
    }
  }

  /** Tools usable directly, outside any skill (built-ins and MCP tools), minus the excluded ones. */
  async registry(): Promise<RegistryTool[]> {
    const out: RegistryTool[] = [];
    for (const kind of kindModules())
      for (const t of (await kind.directTools?.(this.deps)) ?? [])
        if (!this.excluded.has(t.name)) out.push(t);
    return out;
  }

  /**
   * Direct use of a registry tool, outside any skill: the policy applies here, and only here. File built-ins
   * used this way are confined to the working directory, the only folder a direct call has.
   */
  async executeDirect(name: string, args: JsonValue, opts: ExecuteOptions = {}): Promise<ToolOutput> {
    if (this.excluded.has(name)) {
      throw new SkillError(
        'PermissionDenied',
        `"${name}" is excluded from direct use by the tool policy. A skill can still expose it through a tool of its own (scoped elevation).`,
      );
    }
    const tool = kindModules()
      .map((k) => k.directTool?.(name))
      .find((t) => t !== undefined);
    if (!tool)
      throw new SkillError(
        'NotFound',
        `There is no registry tool "${name}": name a built-in, or an MCP server's tool as {server}__{tool}.`,
      );
    const pseudo: SkillDefinition = {
      id: REGISTRY_ID,
      name: '(registry)',
      description: '',
      version: '',
      variables: [],
      allowedTools: [],
      userInvocable: false,
      disableModelInvocation: true,
      instructions: '',
      format: 'skill-md',
      sourcePath: process.cwd() + '/SKILL.md',
      metadata: {},
      writtenKeys: [],
      tools: [tool],
      diagnostics: [],
    };
    return this.run(pseudo, tool, args, opts);
  }

  async executeTool(
    skillId: string,
    toolName: string,
    args: JsonValue,
    opts: ExecuteOptions = {},
  ): Promise<ToolOutput> {
    const skill = this.skill(skillId);
    return this.run(skill, this.tool(skill, toolName), args, opts);
  }

  private async run(
    skill: SkillDefinition,
    tool: SkillTool,
    args: JsonValue,
    opts: ExecuteOptions,
  ): Promise<ToolOutput> {
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const merged = mergeLockedArgs(args, tool.lockedArgs);
    let schema: JsonSchema | undefined;
    let wire: RunWire | undefined;
    try {
      const refused = skill.id === REGISTRY_ID ? undefined : this.refusal(skill, tool);
      if (refused) throw new SkillError('PermissionDenied', refused);
      schema = await this.targetSchema(tool);
      const what = `tool "${tool.name}" of skill "${skill.name}"`;
      await assertValidArgs(schema, merged, what);
      const explicit = opts.timeoutSecs ?? tool.timeoutSecs;
      if (explicit !== undefined && !(explicit >= 1 && explicit <= MAX_TIMEOUT_SECS))
        throw new SkillError(
          'InvalidArgs',
          `The timeout must be from 1 to ${MAX_TIMEOUT_SECS} seconds (24 hours), not ${explicit}.`,
        );
      const ctx: RunContext = {
        skill,
        tool,
        folder: dirname(skill.sourcePath),
        args: merged,
        timeoutMs: (explicit ?? DEFAULT_TIMEOUT_SECS) * 1000,
        explicitTimeout: explicit !== undefined,
        deps: this.deps,
        what,
      };
      if (opts.signal) ctx.signal = opts.signal;
      if (opts.onProgress) ctx.onProgress = opts.onProgress;
      ctx.onWire = (w) => (wire = w);
      const result = await moduleOf(tool).run(ctx);
      const problems =
        tool.outputSchema !== undefined && !result.isError
          ? outputSchemaProblems(tool.outputSchema, result.structured)
          : undefined;
      if (problems) {
        result.isError = true;
        result.output =
          `${result.output}\n[output does not match the tool's outputSchema: ${problems}]`.trim();
      }
      const output: ToolOutput = { ...result, durationMs: performance.now() - started };
      this.record({ skill, tool, args, output, startedAt, started, schema, wire });
      return output;
    } catch (error) {
      const e =
        error instanceof SkillError
          ? error
          : new SkillError('ToolExecution', `Tool "${tool.name}" failed: ${(error as Error).message}`);
      this.record({ skill, tool, args, error: e, startedAt, started, schema, wire });
      throw e;
    }
  }

  private record(r: {
    skill: SkillDefinition;
    tool: SkillTool;
    args: JsonValue;
    output?: ToolOutput;
    error?: SkillError;
    startedAt: string;
    started: number;
    schema: JsonSchema | undefined;
    wire: RunWire | undefined;
  }): void {
    if (!this.options.onRun) return;
    const rec: RunRecord = {
      skillId: r.skill.id,
      skillName: r.skill.name,
      tool: r.tool.name,
      args: r.args,
      startedAt: r.startedAt,
      durationMs: performance.now() - r.started,
    };
    if (r.output) rec.output = r.output;
    if (r.error) rec.error = { code: r.error.code, message: r.error.message };
    if (r.schema !== undefined) rec.schema = r.schema;
    if (r.wire) rec.wire = r.wire;
    try {
      this.options.onRun(rec);
    } catch {
      /* history must never break a call */
    }
  }

  private targetSchema(tool: SkillTool): Promise<JsonSchema> {
    return Promise.resolve(moduleOf(tool).targetSchema(tool, this.deps));
  }

  /** The schema known without reaching anything; a broken tool falls back to its own (issue 11: one bad tool must
   *  not hide its siblings). */
  private knownSchema(tool: SkillTool): JsonSchema {
    try {
      return moduleOf(tool).knownSchema(tool, this.deps) ?? tool.inputSchema ?? PERMISSIVE;
    } catch {
      return tool.inputSchema ?? PERMISSIVE;
    }
  }

  private definition(skill: SkillDefinition, tool: SkillTool, schema: JsonSchema): ToolDefinition {
    const kind = moduleOf(tool);
    const locked = Object.keys(tool.lockedArgs ?? {});
    const timeoutMs = (tool.timeoutSecs ?? DEFAULT_TIMEOUT_SECS) * 1000;
    const def: ToolDefinition = {
      name: tool.name,
      composedName: composeToolName(skill.name, tool.name),
      description: tool.description || (kind.defaultDescription?.(tool) ?? ''),
      inputSchema: narrowSchema(schema, locked),
      toolType: kind.toolType(tool, timeoutMs),
      runs: kind.describe(tool),
    };
    if (tool.lockedArgs) def.lockedArgs = tool.lockedArgs;
    if (tool.outputSchema !== undefined) def.outputSchema = tool.outputSchema;
    return def;
  }
}
