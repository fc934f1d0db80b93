// `mcp:*`: the configured MCP servers (those an untrusted root defines shown as such), who may call each, their
// state and tools, restarting one; and the Servers view (issue 16): what a server offers (tools, resources,
// templates, prompts, completions), calling and reading them, its protocol log, export, the answers to its sampling
// and elicitation requests, and what wrapping one of its tools in a skill would advertise.
import type {
  McpPromptResultView,
  McpProtocolEntryView,
  McpResourceContentsView,
  McpServerInfoView,
  McpServerView,
} from '../../../shared/host-types.js';
import { SkillError } from '../../../shared/errors.js';
import type { JsonSchema, JsonValue } from '../../../shared/types.js';
import { Budget } from '../../core/models/budget.js';
import { ModelClient } from '../../core/models/model-client.js';
import { exportMcpServers, transportOf, type McpServerConfig } from '../../core/mcp/config.js';
import { samplingChatRequest, type SamplingParams } from '../../core/mcp/sampling.js';
import { composeToolName } from '../../core/tools/compose-name.js';
import { narrowSchema } from '../../core/tools/locked-args.js';
import type { OwnedServer } from '../../core/settings/trust.js';
import type { HostContext } from '../context.js';
import type { AreaHandlers } from '../server.js';
import { trackWork } from './runs.js';

/** SDK values (zod-parsed JSON) as the contract's JSON views. */
const json = <T>(value: unknown): T => value as T;

function callers(server: OwnedServer): string {
  // The view's `source` already names the file the server comes from.
  return server.owner.kind === 'user'
    ? 'skills of trusted roots'
    : `skills of the root${server.owner.rootIds.size > 1 ? 's' : ''} ${[...server.owner.rootIds].join(', ')}`;
}

export function mcpHandlers(ctx: HostContext): AreaHandlers<'mcp'> {
  /** A server's status, with its tools once it has been reached. */
  const view = (name: string): McpServerView => {
    const { active, blocked } = ctx.workspace.mcpServers;
    const untrusted = blocked[name];
    if (untrusted && !active[name])
      return {
        name,
        state: 'untrusted',
        transport: transportOf(untrusted.config),
        source: untrusted.config.source,
        callers: callers(untrusted),
        error: `Not started: ${untrusted.reason}`,
      };
    const pool = ctx.workspace.pool;
    const status = pool.status().find((x) => x.name === name);
    const server = active[name];
    if (!status || !server) throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
    const tools = pool.cachedTools(name);
    return {
      ...status,
      callers: callers(server),
      ...(tools ? { tools: tools.map((t) => ({ name: t.name, description: t.description ?? '' })) } : {}),
    };
  };
  const names = () => {
    const { active, blocked } = ctx.workspace.mcpServers;
    return [...new Set([...Object.keys(active), ...Object.keys(blocked)])];
  };
  /** The pool, for a server that may start: an untrusted root's server is refused with the reason. */
  const pool = (name: string) => {
    const { active, blocked } = ctx.workspace.mcpServers;
    const untrusted = blocked[name];
    if (untrusted && !active[name])
      throw new SkillError('PermissionDenied', `Not started: ${untrusted.reason}`);
    return ctx.workspace.pool;
  };
  const page = async <T>(
    name: string,
    what: 'tools' | 'resources' | 'resourceTemplates' | 'prompts',
    cursor: string | undefined,
  ) => {
    const p = await pool(name).listPage(name, what, cursor);
    return { items: json<T[]>(p.items), ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  };
  return {
    'mcp:info': async ({ name }) => json<McpServerInfoView>(await pool(name).info(name)),
    'mcp:disconnect': async ({ name }) => {
      await pool(name).disconnect(name);
      return view(name);
    },
    'mcp:list-tools': ({ name, cursor }) => page(name, 'tools', cursor),
    'mcp:list-resources': ({ name, cursor }) => page(name, 'resources', cursor),
    'mcp:list-templates': ({ name, cursor }) => page(name, 'resourceTemplates', cursor),
    'mcp:list-prompts': ({ name, cursor }) => page(name, 'prompts', cursor),
    // Through the executor's direct path, like any registry tool: the tool policy, argument validation against the
    // server's schema, the same output conversion as a skill's `kind: mcp` tool, and the history.
    'mcp:call-tool': ({ runId, name, tool, args, timeoutSecs }) => {
      pool(name);
      return trackWork(ctx, runId, `${name}__${tool} failed`, (signal, onProgress) =>
        ctx.workspace.executor.executeDirect(`${name}__${tool}`, args as JsonValue, {
          signal,
          ...(timeoutSecs ? { timeoutSecs } : {}),
          onProgress,
        }),
      );
    },
    'mcp:read-resource': async ({ name, uri }) =>
      json<McpResourceContentsView>(await pool(name).readResource(name, uri)),
    'mcp:subscribe': async ({ name, uri, subscribed }) => {
      await pool(name).subscribe(name, uri, subscribed);
      return { subscribed };
    },
    'mcp:get-prompt': async ({ name, prompt, args }) =>
      json<McpPromptResultView>(await pool(name).getPrompt(name, prompt, args)),
    'mcp:complete': async ({ name, ref, argument, context }) => ({
      values: await pool(name).complete(name, {
        ref,
        argument,
        ...(context ? { context: { arguments: context } } : {}),
      }),
    }),
    'mcp:set-logging-level': async ({ name, level }) => {
      await pool(name).setLoggingLevel(
        name,
        level as Parameters<ReturnType<typeof pool>['setLoggingLevel']>[1],
      );
      return { level };
    },
    'mcp:ping': async ({ name }) => ({ ms: await pool(name).ping(name) }),
    'mcp:protocol-log': ({ name }) => {
      if (!names().includes(name))
        throw new SkillError('NotFound', `No MCP server named "${name}" is configured.`);
      const p = ctx.workspace.pool;
      return { entries: json<McpProtocolEntryView[]>(p.protocolLog(name)), stderr: p.stderr(name) };
    },
    'mcp:export': ({ names: only }) => {
      const { active, blocked } = ctx.workspace.mcpServers;
      const configs: Record<string, McpServerConfig> = {};
      for (const [n, s] of Object.entries({ ...blocked, ...active })) configs[n] = s.config;
      return exportMcpServers(configs, only ?? []);
    },
    'mcp:pending-requests': () => ctx.mcpClient.pending(),
    'mcp:answer': ({ id, answer }) => ({ answered: ctx.mcpClient.answer(id, answer) }),
    'mcp:sample-draft': async ({ id, provider }) => {
      const waiting = ctx.mcpClient.pending().find((r) => r.id === id);
      if (!waiting || waiting.kind !== 'sampling')
        throw new SkillError('NotFound', 'That sampling request is no longer waiting.');
      const { request, leftOut } = samplingChatRequest(waiting.params as unknown as SamplingParams);
      const client = new ModelClient(ctx.providers.open(provider), { budget: new Budget({}) });
      const { response } = await client.complete(request);
      return { text: response.text, model: response.model, leftOut, truncated: response.truncated === true };
    },
    'mcp:wrap-preview': async ({ skillId, toolName, server, tool, lockedArgs }) => {
      const skill = ctx.entry(skillId).skill;
      if (!skill) throw new SkillError('InvalidFormat', `The skill ${skillId} does not load; fix it first.`);
      const spec = (await pool(server).listTools(server)).find((t) => t.name === tool);
      if (!spec) throw new SkillError('NotFound', `MCP server "${server}" has no tool "${tool}".`);
      const schema = spec.inputSchema as JsonSchema;
      const declared = Object.keys(
        (spec.inputSchema.properties as Record<string, unknown> | undefined) ?? {},
      );
      return {
        composedName: composeToolName(skill.name, toolName),
        target: `${server}__${tool}`,
        inputSchema: json<{ [key: string]: JsonValue }>(narrowSchema(schema, Object.keys(lockedArgs))),
        undeclaredLocked: Object.keys(lockedArgs).filter((k) => !declared.includes(k)),
      };
    },
    'mcp:list': () => names().map(view),
    'mcp:status': ({ name }) => view(name),
    'mcp:restart': async ({ name }) => {
      if (!ctx.workspace.pool.has(name)) return view(name); // untrusted or unknown: view says which
      try {
        await ctx.workspace.pool.restart(name);
      } catch {
        /* the status below says why */
      }
      return view(name);
    },
  };
}
